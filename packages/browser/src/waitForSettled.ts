import type { BrowserContext, Page } from 'playwright-core';
import type { ConsentTracker } from './installConsentDismisser.js';
import type { NetworkMonitor } from './trackNetwork.js';

/**
 * Smart wait: a page counts as rendered once its network has been quiet and its DOM has stopped changing for a
 * short window at the same time, and any consent popup found has been dismissed. Both windows are measured
 * backwards (a DOM clock runs from document start), so a page that finished rendering before `load` costs no
 * extra wait at all. Bounded: pages that poll or animate forever get `maxMs` and no more.
 */

/**
 * No request in flight for this long. A client-rendered page chains script → fetch → render with gaps of a task or
 * two, far below this; the gap that can be long (compiling a big bundle) is covered by the long-task clock below.
 */
export const NETWORK_QUIET_MS = 60;
/** No node added/removed/text changed and no long task (>50 ms of script) ended for this long. */
export const DOM_QUIET_MS = 60;
/** Quiet kept after the `load` event even on a page that was still before it: timers set by load handlers fire in it. */
export const AFTER_LOAD_QUIET_MS = 30;
/** Heartbeat of the in-page clock; a check that finds it three beats (60 ms) late knows script just blocked the page. */
export const HEARTBEAT_MS = 20;
/** Upper bound of the smart wait after load. */
export const SETTLE_MAX_MS = 4_000;
/** Shortest re-check interval: each check is one protocol round trip. */
const MIN_POLL_MS = 15;

/**
 * Records, from document start on and under a symbol key, the time of the last structural DOM change or the end of
 * the last long task: a bundle being compiled and run makes neither requests nor DOM changes until it is done.
 */
function installDomClock(settings: { quietMs: number; afterLoadMs: number; beatMs: number }): void {
  const key = Symbol.for('scrape.lastDomChange');
  const w = window as unknown as Record<symbol, number>;
  if (w[key] !== undefined) return;
  Object.defineProperty(window, key, { value: performance.now(), writable: true, enumerable: false });
  // `load` counts as a change that leaves only `afterLoadMs` of quiet to wait: work a load handler defers by a timer
  // tick (a bundle run, then its fetch) starts inside that window instead of after the check has already passed.
  addEventListener('load', () => {
    w[key] = Math.max(w[key], performance.now() - (settings.quietMs - settings.afterLoadMs));
  });
  // A heartbeat: when a check finds it stale, the main thread was just blocked by script (a long task whose
  // Long Tasks entry may not have been delivered yet), which counts as "just changed".
  let beat = performance.now();
  setInterval(() => {
    beat = performance.now();
  }, settings.beatMs);
  Object.defineProperty(window, Symbol.for('scrape.lastBeat'), { get: () => beat, enumerable: false });
  // Attribute changes are ignored on purpose: carousels and animations flip classes forever without new content.
  new MutationObserver(() => {
    w[key] = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w[key] = Math.max(w[key], entry.startTime + entry.duration);
    });
    observer.observe({ type: 'longtask' });
    // Kept so a check can flush entries whose callback has not run yet (see domStateInPage).
    Object.defineProperty(window, Symbol.for('scrape.longTaskObserver'), { value: observer, enumerable: false });
  } catch {
    // No Long Tasks API: DOM changes alone drive the clock.
  }
}

/**
 * Elements whose id or class names a consent manager. Only when one is present does the smart wait hold for
 * autoconsent's first detection pass; elsewhere autoconsent still runs, but pages do not pay for it.
 */
const CONSENT_HINT_SELECTOR = [
  ...['cookie', 'consent', 'gdpr', 'onetrust', 'didomi', 'cmp', 'usercentrics', 'truste', 'cybot', 'sp_message', 'qc-cmp', 'privacy-banner'].map(
    (word) => `[id*="${word}" i],[class*="${word}" i]`,
  ),
  ...['consent', 'privacy', 'cmp'].map((word) => `iframe[src*="${word}" i]`),
].join(',');

function domStateInPage(hintSelector: string): { idle: number; consentHint: boolean } {
  const w = window as unknown as Record<symbol, unknown>;
  // A long task that ended just before this check has its entry queued, but the observer's callback runs in a later
  // task: without this flush a check right after a 400 ms bundle run would see a page that has been "idle" all along.
  const observer = w[Symbol.for('scrape.longTaskObserver')] as PerformanceObserver | undefined;
  if (observer && typeof w[Symbol.for('scrape.lastDomChange')] === 'number') {
    for (const entry of observer.takeRecords()) {
      w[Symbol.for('scrape.lastDomChange')] = Math.max(w[Symbol.for('scrape.lastDomChange')] as number, entry.startTime + entry.duration);
    }
  }
  const beat = w[Symbol.for('scrape.lastBeat')];
  if (typeof beat === 'number' && typeof w[Symbol.for('scrape.lastDomChange')] === 'number' && performance.now() - beat > 3 * 20) {
    w[Symbol.for('scrape.lastDomChange')] = performance.now();
  }
  const last = w[Symbol.for('scrape.lastDomChange')] as number | undefined;
  let consentHint = false;
  try {
    consentHint = document.querySelector(hintSelector) !== null;
  } catch {
    consentHint = false;
  }
  return { idle: last === undefined ? Number.POSITIVE_INFINITY : performance.now() - last, consentHint };
}

/** Must run before the page is created so the clock starts with the document. */
export async function installSettleClock(context: BrowserContext): Promise<void> {
  await context.addInitScript(installDomClock, { quietMs: DOM_QUIET_MS, afterLoadMs: AFTER_LOAD_QUIET_MS, beatMs: HEARTBEAT_MS });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForSettled(page: Page, network: NetworkMonitor, consent: ConsentTracker | undefined, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    // A navigation in progress destroys the context: count that as "just changed".
    const { idle: domIdle, consentHint } = await page.evaluate(domStateInPage, CONSENT_HINT_SELECTOR).catch(() => ({ idle: 0, consentHint: false }));
    if (consent && consentHint && !consent.active) consent.activate(page);
    if (consent && consent.busyUntil({ expectPopup: consentHint }) > 0) {
      // A popup being looked for or dismissed will change the DOM again: wait for that first.
      await consent.waitUntilSettled(Math.max(0, until - Date.now()), { expectPopup: consentHint });
      continue;
    }
    const netIdle = network.idleFor();
    if (domIdle >= DOM_QUIET_MS && netIdle >= NETWORK_QUIET_MS) return;
    const wait = Math.max(MIN_POLL_MS, DOM_QUIET_MS - domIdle, network.inflight > 0 ? MIN_POLL_MS : NETWORK_QUIET_MS - netIdle);
    await sleep(Math.min(wait, Math.max(0, until - Date.now())));
  }
}
