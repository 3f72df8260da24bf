import { evaluateBounded } from '../evaluateBounded.js';
import type { ActionResults } from '../types.js';
import type { ActionEnvironment, ActionOf } from './actionEnvironment.js';

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => unknown;

/**
 * A script may be an expression (`document.title`) or a function body (`const a = 1; return a`). The expression
 * form is tried first so both return their value; Node only compiles here, the page runs it.
 */
export function wrapScript(script: string): string {
  try {
    new AsyncFunction(`return (${script}\n)`);
    return `(async () => { return (${script}\n); })()`;
  } catch {
    return `(async () => { ${script}\n })()`;
  }
}

/** `executeJavascript`: runs the script in the page and records its value with the value's JSON type. */
export async function executeJavascriptAction(
  action: ActionOf<'executeJavascript'>,
  env: ActionEnvironment,
  results: ActionResults,
): Promise<void> {
  // Measured inside the page: a 100 MB return value never crosses into this process (EVALUATE_RESULT_MAX_CHARS).
  const value: unknown = await evaluateBounded(env.page, wrapScript(action.script));
  results.javascriptReturns.push({
    type: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
    value: value ?? null,
  });
}
