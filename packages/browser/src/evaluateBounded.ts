import type { Frame, Locator, Page } from 'playwright-core';

/** Largest value (as JSON text) a user script may hand back from a page: results are bounded where they arrive. */
export const EVALUATE_RESULT_MAX_CHARS = 1_000_000;

export class EvaluateTooLargeError extends Error {
  constructor(readonly maxChars: number) {
    super(`the page returned more than ${maxChars} characters (JSON); return less`);
    this.name = 'EvaluateTooLargeError';
  }
}

const TOO_LARGE = '__scrape_result_too_large__';

/**
 * The page serialises the value and measures it itself, so a value larger than `maxChars` never crosses the
 * DevTools connection into this process (Playwright would otherwise buffer all of it here first). `String.length` of a
 * primitive cannot be faked by the page's own scripts; a non-string from a patched JSON.stringify is refused.
 */
function boundedSource(valueSource: string, maxChars: number): string {
  return `(async () => {
    const value = await (${valueSource});
    const text = JSON.stringify(value === undefined ? null : value);
    if (text === undefined) return 'null';
    if (typeof text !== 'string') throw new Error('the value could not be serialised');
    if (text.length > ${maxChars}) return ${JSON.stringify(TOO_LARGE)};
    return text;
  })()`;
}

function decode(text: unknown, maxChars: number): unknown {
  if (text === TOO_LARGE) throw new EvaluateTooLargeError(maxChars);
  if (typeof text !== 'string' || text.length > maxChars) throw new EvaluateTooLargeError(maxChars);
  return JSON.parse(text) as unknown;
}

/** `page.evaluate(expression)` whose result (JSON) is at most `maxChars`; the expression may be async. */
export async function evaluateBounded(
  target: Page | Frame,
  expression: string,
  maxChars = EVALUATE_RESULT_MAX_CHARS,
): Promise<unknown> {
  return decode(await target.evaluate(boundedSource(expression, maxChars)), maxChars);
}

/**
 * `locator.evaluate(fn, arg)` (or `evaluateAll` with `all`) bounded the same way; `fnSource` is the function's text,
 * applied to the element (or the element array) and `arg`.
 */
export async function evaluateLocatorBounded(
  locator: Locator,
  fnSource: string,
  arg: unknown,
  options: { all?: boolean; timeout?: number; maxChars?: number } = {},
): Promise<unknown> {
  const maxChars = options.maxChars ?? EVALUATE_RESULT_MAX_CHARS;
  const wrapper = `(target, input) => ${boundedSource(`(${fnSource})(target, input)`, maxChars)}`;
  // Playwright sends String(fn) to the page when typeof fn is 'function': a stand-in whose text is the wrapper, so
  // the user's source is only ever compiled and run inside the page, never in this process.
  const run = Object.assign(() => undefined, { toString: () => wrapper });
  const text = options.all
    ? await locator.evaluateAll(run as never, arg)
    : await locator.evaluate(run as never, arg, { timeout: options.timeout });
  return decode(text, maxChars);
}
