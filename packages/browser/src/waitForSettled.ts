import type { BrowserContext, Page } from 'playwright-core';
import type { ConsentTracker } from './installConsentDismisser.js';
import type { NetworkMonitor } from './trackNetwork.js';

/**
 * Smart wait: a page counts as rendered once its network has been quiet and its DOM has stopped changing for a
 * short window at the same time, and any consent popup found has been dismissed. Both windows are measured
 * backwards (a DOM clock runs from document start), so a page that finished rendering before `load` costs no
 * extra wait at all. Bounded: pages that poll or animate forever get `maxMs` and no more.
 */

/** No request in flight for this long: client-side data fetches normally start well within it after load. */
export const NETWORK_QUIET_MS = 100;
/** No node added/removed/text changed for this long: a framework's render pass after its data arrives. */
export const DOM_QUIET_MS = 100;
/** Upper bound of the smart wait after load. */
export const SETTLE_MAX_MS = 4_000;
/** Shortest re-check interval: each check is one protocol round trip. */
const MIN_POLL_MS = 15;

/** Records the time of the last structural DOM change from document start on, under a symbol key. */
function installDomClock(): void {
  const key = Symbol.for('scrape.lastDomChange');
  const w = window as unknown as Record<symbol, number>;
  if (w[key] !== undefined) return;
  Object.defineProperty(window, key, { value: performance.now(), writable: true, enumerable: false });
  // Attribute changes are ignored on purpose: carousels and animations flip classes forever without new content.
  new MutationObserver(() => {
    w[key] = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

function domIdleInPage(): number {
  const last = (window as unknown as Record<symbol, number | undefined>)[Symbol.for('scrape.lastDomChange')];
  return last === undefined ? Number.POSITIVE_INFINITY : performance.now() - last;
}

/** Must run before the page is created so the clock starts with the document. */
export async function installSettleClock(context: BrowserContext): Promise<void> {
  await context.addInitScript(installDomClock);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForSettled(page: Page, network: NetworkMonitor, consent: ConsentTracker | undefined, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    if (consent && consent.busyUntil() > 0) {
      // A popup being looked for or dismissed will change the DOM again: wait for that first.
      await consent.waitUntilSettled(Math.max(0, until - Date.now()));
      continue;
    }
    // A navigation in progress destroys the context: count that as "just changed".
    const domIdle = await page.evaluate(domIdleInPage).catch(() => 0);
    const netIdle = network.idleFor();
    if (domIdle >= DOM_QUIET_MS && netIdle >= NETWORK_QUIET_MS) return;
    const wait = Math.max(MIN_POLL_MS, DOM_QUIET_MS - domIdle, network.inflight > 0 ? MIN_POLL_MS : NETWORK_QUIET_MS - netIdle);
    await sleep(Math.min(wait, Math.max(0, until - Date.now())));
  }
}
