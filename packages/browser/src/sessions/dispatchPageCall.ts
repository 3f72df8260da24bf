import type { BrowserContext, Locator, Page } from 'playwright-core';

/** The only page calls sandboxed code can make; anything else (routes, new pages, file uploads, CDP) is refused. */
const PAGE_METHODS = new Set(['goto', 'click', 'dblclick', 'fill', 'type', 'press', 'check', 'uncheck', 'hover', 'selectOption', 'focus',
  'waitForSelector', 'waitForTimeout', 'waitForLoadState', 'waitForURL', 'content', 'url', 'title', 'textContent', 'innerText',
  'innerHTML', 'getAttribute', 'isVisible', 'isChecked', 'inputValue', 'goBack', 'goForward', 'reload', 'screenshot', 'setViewportSize', 'evaluate']);
const LOCATOR_METHODS = new Set(['click', 'dblclick', 'fill', 'type', 'pressSequentially', 'press', 'check', 'uncheck', 'hover', 'textContent',
  'innerText', 'innerHTML', 'inputValue', 'count', 'isVisible', 'isChecked', 'getAttribute', 'allTextContents', 'allInnerTexts', 'waitFor',
  'selectOption', 'focus']);
const KEYBOARD_METHODS = new Set(['press', 'type', 'down', 'up', 'insertText']);
const MOUSE_METHODS = new Set(['click', 'dblclick', 'move', 'down', 'up', 'wheel']);
/** Schemes `goto` may open: file:, chrome:, view-source: and friends would read the server's disk or browser internals. */
const NAVIGABLE = /^(https?:|about:blank$)/i;
/** Option keys that would reach the file system or the server's own state. */
const FORBIDDEN_OPTION_KEYS = new Set(['path', 'files']);

export class PageCallError extends Error {}

/**
 * Options and values arrive as JSON from the sandbox; a `path` option (screenshot to disk) is never honoured, and a
 * `timeout` option is clamped to what is left of the run, so no page call outlives the sandbox that made it.
 */
function cleanArgs(args: unknown, maxTimeoutMs: number): unknown[] {
  if (!Array.isArray(args)) throw new PageCallError('arguments must be an array');
  return args.map((arg) => {
    if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
      for (const key of Object.keys(arg)) if (FORBIDDEN_OPTION_KEYS.has(key)) throw new PageCallError(`option "${key}" is not available in the sandbox`);
      const options = arg as { timeout?: unknown };
      if ('timeout' in options) return { ...options, timeout: Math.min(maxTimeoutMs, typeof options.timeout === 'number' && options.timeout > 0 ? options.timeout : maxTimeoutMs) };
    }
    return arg === null ? undefined : arg;
  });
}

function locatorOf(page: Page, steps: unknown): Locator {
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > 16) throw new PageCallError('bad locator');
  let current: Locator | undefined;
  for (const step of steps as { selector?: unknown; nth?: unknown }[]) {
    if (typeof step?.selector === 'string') current = current ? current.locator(step.selector) : page.locator(step.selector);
    else if (typeof step?.nth === 'number' && current) current = step.nth === -1 ? current.last() : current.nth(step.nth);
    else throw new PageCallError('bad locator');
  }
  return current!;
}

/** JSON-safe value for the sandbox: Buffers (screenshots) become base64 strings, responses their status and URL. */
function toWire(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'object' && value && 'status' in value && typeof (value as { status: unknown }).status === 'function' && 'url' in value) {
    const response = value as { status(): number; url(): string };
    return { status: response.status(), url: response.url() };
  }
  return value;
}

/** Runs one whitelisted call from the sandbox against the session's page. */
export async function dispatchPageCall(page: Page, context: BrowserContext, target: unknown, method: string, rawArgs: unknown, maxTimeoutMs: number): Promise<unknown> {
  const args = cleanArgs(rawArgs, Math.max(1, maxTimeoutMs));
  const invoke = (object: object, allowed: Set<string>) => {
    if (typeof method !== 'string' || !allowed.has(method)) throw new PageCallError(`${method} is not available in the sandbox`);
    const fn = (object as Record<string, (...a: unknown[]) => unknown>)[method];
    return fn.apply(object, args);
  };
  if (target === 'page') {
    if (method === 'evaluate') {
      const spec = args[0] as { fn?: unknown; arg?: unknown; expression?: unknown } | undefined;
      // The source runs inside the page (Chromium's sandbox and the SSRF guard), never in this process.
      if (typeof spec?.fn === 'string') return toWire(await page.evaluate(`(${spec.fn}).apply(null, ${JSON.stringify(spec.arg === undefined ? [] : [spec.arg])})`));
      if (typeof spec?.expression === 'string') return toWire(await page.evaluate(spec.expression));
      throw new PageCallError('evaluate needs a function or a string');
    }
    if (method === 'waitForTimeout') args[0] = Math.min(Math.max(0, Number(args[0]) || 0), maxTimeoutMs);
    if (method === 'goto' && !(typeof args[0] === 'string' && NAVIGABLE.test(args[0]))) {
      throw new PageCallError('goto accepts http(s) URLs only');
    }
    return toWire(await invoke(page, PAGE_METHODS));
  }
  if (target === 'keyboard') return toWire(await invoke(page.keyboard, KEYBOARD_METHODS));
  if (target === 'mouse') return toWire(await invoke(page.mouse, MOUSE_METHODS));
  if (target === 'context') {
    if (method !== 'cookies') throw new PageCallError(`context.${method} is not available in the sandbox`);
    return toWire(await context.cookies());
  }
  if (target && typeof target === 'object' && 'locator' in target) {
    return toWire(await invoke(locatorOf(page, (target as { locator: unknown }).locator), LOCATOR_METHODS));
  }
  throw new PageCallError('unknown call target');
}
