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
/** Upper bound of the smart wait after load. */
export const SETTLE_MAX_MS = 4_000;
/** Shortest re-check interval: each check is one protocol round trip. */
const MIN_POLL_MS = 15;

/**
 * Records, from document start on and under a symbol key, the time of the last structural DOM change or the end of
 * the last long task: a bundle being compiled and run makes neither requests nor DOM changes until it is done.
 */
function installDomClock(): void {
  const key = Symbol.for('scrape.lastDomChange');
  const w = window as unknown as Record<symbol, number>;
  if (w[key] !== undefined) return;
  Object.defineProperty(window, key, { value: performance.now(), writable: true, enumerable: false });
  // Attribute changes are ignored on purpose: carousels and animations flip classes forever without new content.
  new MutationObserver(() => {
    w[key] = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w[key] = Math.max(w[key], entry.startTime + entry.duration);
    }).observe({ type: 'longtask' });
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
  const last = (window as unknown as Record<symbol, number | undefined>)[Symbol.for('scrape.lastDomChange')];
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
  await context.addInitScript(installDomClock);
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
