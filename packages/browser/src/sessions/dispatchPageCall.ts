import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { evaluateBounded, evaluateLocatorBounded } from '../evaluateBounded.js';
import { MAX_VIEWPORT_SIDE } from '../validateRenderRequest.js';
import {
  ELEMENT_GETTERS,
  FRAME_ACTIONS,
  GET_BY_KINDS,
  KEYBOARD_ACTIONS,
  LIST_GETTERS,
  LOCATOR_ACTIONS,
  MOUSE_ACTIONS,
  PAGE_ONLY_ACTIONS,
} from './pageCallMethods.js';

/** What sandboxed code may call on a page, a frame, a locator, the keyboard and the mouse; anything else is refused. */
const PAGE_METHODS = new Set([...FRAME_ACTIONS, ...PAGE_ONLY_ACTIONS]);
const FRAME_METHODS = new Set(FRAME_ACTIONS);
const LOCATOR_METHODS = new Set(LOCATOR_ACTIONS);
const KEYBOARD_METHODS = new Set(KEYBOARD_ACTIONS);
const MOUSE_METHODS = new Set(MOUSE_ACTIONS);
const GET_BY = new Set(GET_BY_KINDS);
/**
 * Schemes `goto` may open: file:, chrome:, view-source: and friends would read the server's disk or browser internals.
 */
const NAVIGABLE = /^(https?:|about:blank$)/i;
/** Option keys that would reach the file system or the server's own state. */
const FORBIDDEN_OPTION_KEYS = new Set(['path', 'files']);
/** Largest reply (JSON) sent back to the sandbox: every value is bounded before it is sent or even received. */
export const PAGE_CALL_REPLY_MAX_CHARS = 2_000_000;
/** Chromium cannot paint a taller surface; a full-page screenshot of a longer page is refused, not attempted. */
const SCREENSHOT_MAX_SIDE = 16_384;
/** Locator chains longer than this are not a locator. */
const LOCATOR_MAX_STEPS = 32;

/** The page's text, read inside the page so its size is checked before it crosses into this process. */
const CONTENT_SOURCE =
  "(() => { let s = ''; if (document.doctype) s = new XMLSerializer().serializeToString(document.doctype);" +
  `
  if (document.documentElement) s += document.documentElement.outerHTML; return s; })()`;
export class PageCallError extends Error {}

/** What the sandbox mirrors after each call to a page, so `page.url()`, `frames()` and friends stay synchronous. */
export interface PageState {
  url: string;
  pages: number;
  frames: { name: string; url: string }[];
  viewport: { width: number; height: number } | null;
}

type Step = {
  selector?: unknown;
  options?: unknown;
  nth?: unknown;
  getBy?: unknown;
  value?: unknown;
  filter?: unknown;
  frameLocator?: unknown;
};
interface TargetSpec {
  page?: unknown;
  frame?: unknown;
  locator?: unknown;
  part?: unknown;
}

/**
 * Options and values arrive as JSON from the sandbox; a `path` option (screenshot to disk) is never honoured, and a
 * `timeout` option is clamped to what is left of the run, so no page call outlives the sandbox that made it.
 */
function cleanArgs(args: unknown, maxTimeoutMs: number): unknown[] {
  if (!Array.isArray(args)) throw new PageCallError('arguments must be an array');
  return args.map((arg) => {
    if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
      for (const key of Object.keys(arg))
        if (FORBIDDEN_OPTION_KEYS.has(key)) throw new PageCallError(`option "${key}" is not available in the sandbox`);
      const options = arg as { timeout?: unknown };
      if ('timeout' in options) return { ...options, timeout: clampTimeout(options.timeout, maxTimeoutMs) };
    }
    return arg === null ? undefined : arg;
  });
}

function clampTimeout(value: unknown, maxTimeoutMs: number): number {
  return Math.min(maxTimeoutMs, typeof value === 'number' && value > 0 ? value : maxTimeoutMs);
}

/** Text and RegExp values of `getByText` and friends: a RegExp travels as `{ regex, flags }`; it runs in the page. */
function textOrPattern(value: unknown): string | RegExp {
  if (typeof value === 'string') return value;
  const pattern = value as { regex?: unknown; flags?: unknown } | null;
  if (pattern && typeof pattern.regex === 'string' && pattern.regex.length <= 1_000) {
    return new RegExp(pattern.regex, typeof pattern.flags === 'string' ? pattern.flags.replace(/[^imsu]/g, '') : '');
  }
  throw new PageCallError('expected a string or a RegExp');
}

function optionsOf(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new PageCallError('options must be an object');
  const options: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of ['hasText', 'hasNotText', 'name']) if (key in options) options[key] = textOrPattern(options[key]);
  return options;
}

type Scope = Page | Frame;
// Playwright's Page, Frame, FrameLocator and Locator share these builders; the chain moves between them.
type Chainable = Record<string, (...args: unknown[]) => unknown>;

/** One step of a locator chain: a selector, a getBy builder, nth/last, a filter or a frame locator. */
function applyLocatorStep(current: Chainable, step: Step): Chainable {
  if (typeof step?.selector === 'string') return current.locator(step.selector, optionsOf(step.options)) as Chainable;
  if (typeof step?.getBy === 'string' && GET_BY.has(step.getBy)) {
    const value = step.getBy === 'Role' || step.getBy === 'TestId' ? String(step.value) : textOrPattern(step.value);
    return current[`getBy${step.getBy}`](value, optionsOf(step.options)) as Chainable;
  }
  if (typeof step?.nth === 'number' && Number.isInteger(step.nth) && typeof current.nth === 'function')
    return (step.nth === -1 ? current.last() : current.nth(step.nth)) as Chainable;
  if (step?.filter !== undefined && typeof current.filter === 'function')
    return current.filter(optionsOf(step.filter)) as Chainable;
  if (typeof step?.frameLocator === 'string') return current.frameLocator(step.frameLocator) as Chainable;
  throw new PageCallError('bad locator');
}

function locatorOf(scope: Scope, steps: unknown): Locator {
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > LOCATOR_MAX_STEPS)
    throw new PageCallError('bad locator');
  let current = scope as unknown as Chainable;
  for (const step of steps as Step[]) current = applyLocatorStep(current, step);
  if (typeof current.evaluate !== 'function' || typeof current.count !== 'function')
    throw new PageCallError('the locator chain does not end on an element');
  return current as unknown as Locator;
}

/** JSON-safe value for the sandbox: Buffers (screenshots) become base64 strings, responses their status and URL. */
function toWire(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (
    typeof value === 'object' &&
    'status' in value &&
    typeof (value as { status: unknown }).status === 'function' &&
    'url' in value
  ) {
    const response = value as { status(): number; url(): string };
    return { status: response.status(), url: response.url() };
  }
  // Element and JS handles live in this process; the sandbox gets no reference to them.
  if (typeof value === 'object' && typeof (value as { dispose?: unknown }).dispose === 'function') return null;
  return value;
}

function pageOf(context: BrowserContext, sessionPage: Page, index: unknown): Page {
  if (index === undefined || index === null) return sessionPage;
  const page = typeof index === 'number' ? context.pages()[index] : undefined;
  if (!page) throw new PageCallError(`page ${String(index)} is not open`);
  return page;
}

function frameOf(page: Page, index: unknown): Scope {
  if (index === undefined || index === null) return page;
  const frame = typeof index === 'number' ? page.frames()[index] : undefined;
  if (!frame) throw new PageCallError(`frame ${String(index)} is not there any more`);
  return frame;
}

/** The sandbox's mirror of a page (see PageState). */
export function pageStateOf(context: BrowserContext, page: Page): PageState {
  return {
    url: page.url(),
    pages: context.pages().length,
    frames: page.frames().map((f) => ({ name: f.name(), url: f.url() })),
    viewport: page.viewportSize(),
  };
}

function checkViewport(size: unknown): void {
  const { width, height } = (size ?? {}) as { width?: unknown; height?: unknown };
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_VIEWPORT_SIDE) {
      throw new PageCallError(`setViewportSize: ${name} must be an integer from 1 to ${MAX_VIEWPORT_SIDE}`);
    }
  }
}

async function checkScreenshot(page: Page, options: unknown): Promise<void> {
  const { fullPage, clip } = (options ?? {}) as { fullPage?: unknown; clip?: { width?: unknown; height?: unknown } };
  if (clip && (Number(clip.width) > MAX_VIEWPORT_SIDE || Number(clip.height) > SCREENSHOT_MAX_SIDE)) {
    throw new PageCallError(`screenshot: clip is larger than ${MAX_VIEWPORT_SIDE}x${SCREENSHOT_MAX_SIDE}`);
  }
  if (fullPage !== true) return;
  const size = (await evaluateBounded(
    page,
    '[document.documentElement.scrollWidth, document.documentElement.scrollHeight]',
    100,
  )) as number[];
  if (!Array.isArray(size) || size[0] > MAX_VIEWPORT_SIDE || size[1] > SCREENSHOT_MAX_SIDE) {
    throw new PageCallError(
      `screenshot: the full page is larger than ${MAX_VIEWPORT_SIDE}x${SCREENSHOT_MAX_SIDE} px; take a clip instead`,
    );
  }
}

/** `evaluate(fn, arg)` (`{ fn, arg }`) or `evaluate(expression)` (`{ expression }`), run and bounded in the page. */
function evaluateSource(spec: unknown): string {
  const { fn, arg, expression } = (spec ?? {}) as { fn?: unknown; arg?: unknown; expression?: unknown };
  if (typeof fn === 'string') return `(${fn}).apply(null, ${JSON.stringify(arg === undefined ? [] : [arg])})`;
  if (typeof expression === 'string') return expression;
  throw new PageCallError('evaluate needs a function or a string');
}

function invoke(object: object, allowed: Set<string>, method: string, args: unknown[]): unknown {
  if (!allowed.has(method)) throw new PageCallError(`${method} is not available in the sandbox`);
  return (object as Record<string, (...a: unknown[]) => unknown>)[method].apply(object, args);
}

/**
 * A text getter on one element, bounded like evaluate. One round trip when the element is there (evaluateAll is a
 * single protocol call; `locator.evaluate` is three: resolve, evaluate, release); otherwise the waiting, strict
 * `locator.evaluate`, which waits for the element or reports the strict-mode violation as Playwright's getters do.
 */
async function readElement(locator: Locator, fnSource: string, arg: unknown, timeout: number): Promise<unknown> {
  const once = `(els, input) => (els.length === 1 ? { one: (${fnSource})(els[0], input) } : { count: els.length })`;
  const fast = (await evaluateLocatorBounded(locator, once, arg, { all: true })) as { one?: unknown } | null;
  if (fast && typeof fast === 'object' && 'one' in fast) return fast.one;
  return evaluateLocatorBounded(locator, fnSource, arg, { timeout });
}

/**
 * waitForResponse / waitForRequest on a page, by a URL or glob only: a RegExp or predicate would run in this process.
 */
async function waitForTraffic(
  isPage: boolean,
  page: Page,
  method: string,
  args: unknown[],
  maxTimeoutMs: number,
): Promise<unknown> {
  if (!isPage || typeof args[0] !== 'string') throw new PageCallError(`${method} takes a URL or glob string`);
  const timeout = clampTimeout((args[1] as { timeout?: unknown } | undefined)?.timeout, maxTimeoutMs);
  if (method === 'waitForResponse') return page.waitForResponse(args[0], { timeout });
  return { url: (await page.waitForRequest(args[0], { timeout })).url() };
}

/** waitForNavigation with a known waitUntil, a clamped timeout and a string URL (glob) only, as waitForTraffic. */
function waitForNavigation(page: Page, args: unknown[], maxTimeoutMs: number): Promise<unknown> {
  const options = (args[0] ?? {}) as { waitUntil?: unknown; timeout?: unknown };
  const waitUntil = ['load', 'domcontentloaded', 'networkidle', 'commit'].includes(String(options.waitUntil))
    ? (options.waitUntil as 'load')
    : undefined;
  const url = typeof (options as { url?: unknown }).url === 'string' ? (options as { url: string }).url : undefined;
  return page.waitForNavigation({ url, waitUntil, timeout: clampTimeout(options.timeout, maxTimeoutMs) });
}

async function callOnScope(
  scope: Scope,
  page: Page,
  method: string,
  args: unknown[],
  maxTimeoutMs: number,
): Promise<unknown> {
  const isPage = scope === page;
  switch (method) {
    case 'evaluate':
      return evaluateBounded(scope, evaluateSource(args[0]));
    case '$eval':
    case '$$eval': {
      const spec = (args[1] ?? {}) as { fn?: unknown; arg?: unknown };
      if (typeof args[0] !== 'string' || typeof spec.fn !== 'string')
        throw new PageCallError(`${method} needs a selector and a function`);
      const target = method === '$eval' ? scope.locator(args[0]).first() : scope.locator(args[0]);
      return evaluateLocatorBounded(target, spec.fn, spec.arg, { all: method === '$$eval', timeout: maxTimeoutMs });
    }
    case 'content':
      return evaluateBounded(scope, CONTENT_SOURCE);
    case 'title':
      return evaluateBounded(scope, 'document.title');
    case 'url':
      return scope.url();
    case 'name':
      return isPage ? '' : (scope as Frame).name();
    case 'waitForFunction': {
      const spec = evaluateSource(args[0]);
      const options = {
        ...optionsOf(args[1]),
        timeout: clampTimeout((args[1] as { timeout?: unknown } | undefined)?.timeout, maxTimeoutMs),
      };
      await scope.waitForFunction(spec, undefined, options);
      return null;
    }
    case 'waitForResponse':
    case 'waitForRequest':
      return waitForTraffic(isPage, page, method, args, maxTimeoutMs);
    case 'waitForNavigation':
      if (!isPage) throw new PageCallError('waitForNavigation is a page call');
      return waitForNavigation(page, args, maxTimeoutMs);
    case 'waitForTimeout':
      return scope.waitForTimeout(Math.min(Math.max(0, Number(args[0]) || 0), maxTimeoutMs));
    case 'setViewportSize':
      checkViewport(args[0]);
      break;
    case 'screenshot':
      if (isPage) await checkScreenshot(page, args[0]);
      break;
    case 'goto':
      if (!(typeof args[0] === 'string' && NAVIGABLE.test(args[0])))
        throw new PageCallError('goto accepts http(s) URLs only');
      break;
  }
  // Own keys only (`in` is true for "constructor"): a sandbox method name is outside input.
  if (Object.hasOwn(ELEMENT_GETTERS, method)) {
    if (typeof args[0] !== 'string') throw new PageCallError(`${method} needs a selector`);
    return readElement(scope.locator(args[0]).first(), ELEMENT_GETTERS[method], args[1], maxTimeoutMs);
  }
  return invoke(scope, isPage ? PAGE_METHODS : FRAME_METHODS, method, args);
}

async function callOnLocator(
  locator: Locator,
  method: string,
  args: unknown[],
  maxTimeoutMs: number,
): Promise<unknown> {
  if (method === 'evaluate' || method === 'evaluateAll') {
    const spec = (args[0] ?? {}) as { fn?: unknown; arg?: unknown };
    if (typeof spec.fn !== 'string') throw new PageCallError(`${method} needs a function`);
    return evaluateLocatorBounded(locator, spec.fn, spec.arg, { all: method === 'evaluateAll', timeout: maxTimeoutMs });
  }
  if (Object.hasOwn(ELEMENT_GETTERS, method))
    return readElement(locator, ELEMENT_GETTERS[method], args[0], maxTimeoutMs);
  if (Object.hasOwn(LIST_GETTERS, method))
    return evaluateLocatorBounded(locator, LIST_GETTERS[method], undefined, { all: true });
  if (method === 'screenshot') {
    const box = await locator.boundingBox({ timeout: maxTimeoutMs });
    if (box && (box.width > MAX_VIEWPORT_SIDE || box.height > SCREENSHOT_MAX_SIDE))
      throw new PageCallError('screenshot: the element is too large');
    return locator.screenshot(args[0] as object);
  }
  return invoke(locator, LOCATOR_METHODS, method, args);
}

/**
 * Runs one whitelisted call from the sandbox against the session. `target` names what it is made on: `'page'`, a
 * part of it (`'keyboard'`, `'mouse'`, `'context'`), or `{ page?, frame?, locator?, part? }` with the index of a page
 * of the context, the index of a frame of that page and the steps of a locator. Every value that comes back is
 * bounded before it reaches this process (evaluations and text getters measure themselves inside the page).
 */
export async function dispatchPageCall(
  page: Page,
  context: BrowserContext,
  target: unknown,
  method: string,
  rawArgs: unknown,
  maxTimeoutMs: number,
): Promise<unknown> {
  if (typeof method !== 'string') throw new PageCallError('bad method');
  const timeoutMs = Math.max(1, maxTimeoutMs);
  const args = cleanArgs(rawArgs, timeoutMs);
  const spec: TargetSpec =
    typeof target === 'string' ? (target === 'page' ? {} : { part: target }) : ((target ?? {}) as TargetSpec);
  if (typeof spec !== 'object' || Array.isArray(spec)) throw new PageCallError('unknown call target');
  const targetPage = pageOf(context, page, spec.page);
  let value: unknown;
  if (spec.part === 'keyboard') value = await invoke(targetPage.keyboard, KEYBOARD_METHODS, method, args);
  else if (spec.part === 'mouse') value = await invoke(targetPage.mouse, MOUSE_METHODS, method, args);
  else if (spec.part === 'context') {
    if (method !== 'cookies') throw new PageCallError(`context.${method} is not available in the sandbox`);
    value = await context.cookies();
  } else if (spec.part !== undefined) throw new PageCallError('unknown call target');
  else {
    const scope = frameOf(targetPage, spec.frame);
    value =
      spec.locator !== undefined
        ? await callOnLocator(locatorOf(scope, spec.locator), method, args, timeoutMs)
        : await callOnScope(scope, targetPage, method, args, timeoutMs);
  }
  const wire = toWire(value);
  const size = JSON.stringify(wire ?? null)?.length ?? 0;
  if (size > PAGE_CALL_REPLY_MAX_CHARS)
    throw new PageCallError(`${method} returned more than ${PAGE_CALL_REPLY_MAX_CHARS} characters`);
  return wire;
}
