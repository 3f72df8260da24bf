import type { Page } from 'playwright-core';
import { BrowserError, isBrowserError, reasonOf } from './BrowserError.js';
import { evaluateBounded } from './evaluateBounded.js';
import { takeScreenshot } from './takeScreenshot.js';
import type { Action, ActionResults } from './types.js';

/** Longest an action waits for its element; shorter than typical timeouts so the error names the action. */
export const ACTION_ELEMENT_TIMEOUT_MS = 15_000;
/** Time kept back from the render budget so a failing action is reported as such, not as a timeout. */
const DEADLINE_MARGIN_MS = 500;
/** Clicking every match of `all: true` gives each element this long to become clickable before skipping it. */
const CLICK_ALL_EACH_MS = 2_000;
/** Upper bound of the settle after an interaction (click, press, scroll) lets fetched content arrive. */
export const ACTION_SETTLE_MAX_MS = 2_000;

export interface ActionEnvironment {
  page: Page;
  /** Epoch ms when the render's budget ends. */
  deadline: number;
  /** Smart wait bounded by `maxMs`, used after interactions (quiet windows measured from the interaction on). */
  settle(maxMs: number): Promise<void>;
}

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

function elementTimeout(env: ActionEnvironment): number {
  return Math.max(1, Math.min(ACTION_ELEMENT_TIMEOUT_MS, env.deadline - Date.now() - DEADLINE_MARGIN_MS));
}

function settleBudget(env: ActionEnvironment): number {
  return Math.max(0, Math.min(ACTION_SETTLE_MAX_MS, env.deadline - Date.now() - DEADLINE_MARGIN_MS));
}

async function runOne(action: Action, env: ActionEnvironment, results: ActionResults): Promise<void> {
  const { page } = env;
  switch (action.type) {
    case 'wait':
      if (action.selector !== undefined) {
        await page
          .locator(action.selector)
          .first()
          .waitFor({ state: 'visible', timeout: elementTimeout(env) });
      } else {
        const left = env.deadline - Date.now();
        if (action.milliseconds! > left)
          throw new Error(`waiting ${action.milliseconds} ms would exceed the timeout (${Math.max(0, left)} ms left)`);
        await page.waitForTimeout(action.milliseconds!);
      }
      return;
    case 'click':
      if (action.all) {
        const count = await page.locator(action.selector).count();
        for (let i = 0; i < count; i++) {
          // Matches that are hidden or detached by an earlier click are skipped rather than failing the scrape.
          await page
            .locator(action.selector)
            .nth(i)
            .click({ timeout: Math.min(CLICK_ALL_EACH_MS, elementTimeout(env)) })
            .catch(() => {});
        }
      } else {
        await page
          .locator(action.selector)
          .first()
          .click({ timeout: elementTimeout(env) });
      }
      await env.settle(settleBudget(env));
      return;
    case 'write': {
      const editable = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return false;
        return (
          el.isContentEditable ||
          el.tagName === 'INPUT' ||
          el.tagName === 'TEXTAREA' ||
          el.tagName === 'SELECT' ||
          el.tagName === 'IFRAME'
        );
      });
      if (!editable) throw new Error('no input, textarea or contenteditable element is focused; click one first');
      await page.keyboard.type(action.text);
      return;
    }
    case 'press':
      await page.keyboard.press(action.key);
      await env.settle(settleBudget(env));
      return;
    case 'scroll': {
      const sign = action.direction === 'up' ? -1 : 1;
      if (action.selector !== undefined) {
        await page
          .locator(action.selector)
          .first()
          .evaluate((el, s) => el.scrollBy(0, s * Math.max(el.clientHeight, 100)), sign, {
            timeout: elementTimeout(env),
          });
      } else {
        await page.evaluate((s) => window.scrollBy(0, s * window.innerHeight), sign);
      }
      // Scroll-triggered loading (IntersectionObserver, scroll handlers) reacts in the next rendering frames: wait
      // for two of them, so the settle below starts with the page's reaction already under way.
      await page
        .evaluate(
          () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
        )
        .catch(() => {});
      await env.settle(settleBudget(env));
      return;
    }
    case 'scrape':
      results.scrapes.push({ url: page.url(), html: await page.content() });
      return;
    case 'executeJavascript': {
      // Measured inside the page: a 100 MB return value never crosses into this process (EVALUATE_RESULT_MAX_CHARS).
      const value: unknown = await evaluateBounded(page, wrapScript(action.script));
      results.javascriptReturns.push({
        type: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
        value: value ?? null,
      });
      return;
    }
    case 'screenshot':
      results.screenshots.push(
        await takeScreenshot(
          page,
          { fullPage: action.fullPage, quality: action.quality, viewport: action.viewport },
          env.deadline - Date.now(),
        ),
      );
      return;
    case 'pdf': {
      const pdf = await page.pdf({
        format: action.format ?? 'Letter',
        landscape: action.landscape ?? false,
        scale: action.scale ?? 1,
        printBackground: true,
      });
      results.pdfs.push({
        bytes: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        mimeType: 'application/pdf',
      });
      return;
    }
  }
}

function describe(action: Action): string {
  if ('selector' in action && action.selector !== undefined) return `${action.type} "${action.selector}"`;
  if (action.type === 'press') return `press "${action.key}"`;
  return action.type;
}

/** Runs the actions in order; the first failure stops the render with an error naming its index and reason. */
export async function runActions(actions: Action[], env: ActionEnvironment): Promise<ActionResults> {
  const results: ActionResults = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index];
    try {
      await runOne(action, env, results);
    } catch (error) {
      if (isBrowserError(error)) throw error;
      const reason = reasonOf(error);
      throw new BrowserError(
        'action_failed',
        `action ${index} (${describe(action)}) failed: ${reason}`,
        { actionIndex: index, actionType: action.type, reason },
        { cause: error },
      );
    }
  }
  return results;
}
