import type { BrowserContext, Page } from 'playwright-core';
import type { ConsentTracker } from './installConsentDismisser.js';
import type { NetworkMonitor } from './trackNetwork.js';

/**
 * Smart wait: a page counts as rendered once its network has been quiet and its DOM has stopped changing for a
 * short window at the same time, no work the page queued (short timers, fetch/XHR) is pending, and any consent
 * popup found has been dismissed, and the page is not an app that has yet to render (an empty mount point, no text,
 * or only an "enable JavaScript" notice). Both windows are measured backwards (a clock runs from document start), so a
 * page that finished
 * rendering before `load` costs no extra wait at all. Bounded: pages that poll or animate forever get `maxMs`.
 */

/**
 * No request in flight for this long. A client-rendered page chains script → fetch → render with gaps of a task or
 * two, far below this; longer gaps (a timer, a big bundle compiling) are covered by the page clock below.
 */
export const NETWORK_QUIET_MS = 60;
/**
 * The network window while the page has shown no activity since the wait began (load): no request started or
 * ended, no page work pending (timers, fetch/XHR), a page clock that has not moved. Whatever a script starts is on
 * the page clock at once, so this window only covers requests the browser starts by itself; any activity seen
 * after the wait began brings back the full window for the rest of the wait.
 */
export const NETWORK_QUIET_STILL_MS = 20;
/**
 * No node added/removed/text changed, no long task (>50 ms of script) and no tracked timer callback ended for this
 * long.
 */
export const DOM_QUIET_MS = 60;
/**
 * Timers the page sets with at most this delay are work it has queued: the wait holds until they have run. Longer
 * delays are left alone (a banner shown after 5 s is not part of the page).
 */
export const DEFERRED_TIMER_MAX_MS = 100;
/**
 * Timers set from inside a tracked timer's callback are tracked up to this chain length (the load handler's timer,
 * the timer it sets, ...), and one callback function is tracked for this many runs: a loop that re-arms itself
 * forever (a ticker, a poll, also one re-armed from a promise callback) stops counting after that.
 */
export const DEFERRED_TIMER_CHAIN_MAX = 4;
/**
 * An app that has not rendered and lost a script (it failed to load, e.g. its bundle's host is unreachable) is given
 * up on once the page has been this still: no pending work, no request, no DOM change. Well past a 300 ms render
 * timer, far below the cap it would otherwise hold to (4 s, 7 s with a consent manager) for a page that cannot render.
 */
export const BROKEN_APP_STILL_MS = 500;
/** Upper bound of the smart wait after load. */
export const SETTLE_MAX_MS = 4_000;
/** Shortest re-check interval: each check is one protocol round trip. */
const MIN_POLL_MS = 15;

/** In-page state of the clock, under a symbol key (not enumerable, invisible to the page's own code). */
interface PageClock {
  /**
   * performance.now() of the last DOM change, long-task end, tracked timer callback end, request call/end or message.
   */
  last: number;
  /** Ids of tracked timers not yet run or cleared. */
  pending: Set<number>;
  /** fetch() calls not yet settled and XHRs sent and not yet ended. */
  requests: number;
  /** The Long Tasks observer, so a check can take entries whose callback has not run yet. */
  longTasks?: PerformanceObserver;
}

/**
 * Installed at document start in every frame. Work the page has queued or just did is invisible to a DOM
 * observer and reaches the protocol late or never, so the page itself reports it: a bundle being compiled and run
 * (a long task), work deferred with a short timer (e.g. a load handler's `setTimeout(start, 0)`) and the end of
 * such a callback, fetch/XHR calls until they settle, and posted messages (schedulers slicing work). The wrapped
 * functions are Proxies of the native ones, so they still look native to the page.
 */
function installPageClock(settings: { timerMaxMs: number; chainMax: number }): void {
  const key = Symbol.for('scrape.settleClock');
  const w = window as unknown as Record<symbol, PageClock | undefined>;
  if (w[key]) return;
  const clock: PageClock = { last: performance.now(), pending: new Set(), requests: 0 };
  const touch = () => {
    clock.last = Math.max(clock.last, performance.now());
  };
  Object.defineProperty(window, key, { value: clock, enumerable: false });
  // Attribute changes are ignored on purpose: carousels and animations flip classes forever without new content.
  new MutationObserver(() => {
    clock.last = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) clock.last = Math.max(clock.last, entry.startTime + entry.duration);
    });
    observer.observe({ type: 'longtask' });
    clock.longTasks = observer;
  } catch {
    // No Long Tasks API: the other signals drive the clock.
  }
  // Chain length of the timer callback running now (0: any other task), and how often each callback ran tracked.
  let depth = 0;
  const runs = new WeakMap<object, number>();
  const nativeSetTimeout = window.setTimeout;
  window.setTimeout = new Proxy(nativeSetTimeout, {
    apply(target, thisArg, args: unknown[]) {
      const [handler, delay] = args;
      const chain = depth + 1;
      if (
        typeof handler !== 'function' ||
        !(Number(delay || 0) <= settings.timerMaxMs) ||
        chain > settings.chainMax ||
        (runs.get(handler) ?? 0) >= settings.chainMax
      ) {
        return Reflect.apply(target, thisArg, args);
      }
      let id = 0;
      const run = function (this: unknown, ...callArgs: unknown[]) {
        clock.pending.delete(id);
        runs.set(handler, (runs.get(handler) ?? 0) + 1);
        const outer = depth;
        depth = chain;
        try {
          return (handler as (...a: unknown[]) => unknown).apply(this, callArgs);
        } finally {
          depth = outer;
          clock.last = Math.max(clock.last, performance.now());
        }
      };
      id = Reflect.apply(target, thisArg, [run, ...args.slice(1)]) as number;
      clock.pending.add(id);
      return id;
    },
  });
  for (const name of ['clearTimeout', 'clearInterval'] as const) {
    window[name] = new Proxy(window[name], {
      apply(target, thisArg, args: unknown[]) {
        clock.pending.delete(Number(args[0]));
        return Reflect.apply(target, thisArg, args);
      },
    });
  }
  // A request a script starts is on the clock at once, before its protocol event reaches the wait.
  const ended = () => {
    clock.requests = Math.max(0, clock.requests - 1);
    touch();
  };
  window.fetch = new Proxy(window.fetch, {
    apply(target, thisArg, args: unknown[]) {
      const result = Reflect.apply(target, thisArg, args) as Promise<unknown>;
      clock.requests++;
      touch();
      result.then(ended, ended);
      return result;
    },
  });
  const xhr = XMLHttpRequest.prototype;
  xhr.send = new Proxy(xhr.send, {
    apply(target, thisArg: XMLHttpRequest, args: unknown[]) {
      // Counted before the call: a synchronous XHR ends inside send(), one that throws never starts.
      let open = true;
      const end = () => {
        if (open) ended();
        open = false;
      };
      clock.requests++;
      touch();
      thisArg.addEventListener('loadend', end, { once: true });
      try {
        return Reflect.apply(target, thisArg, args);
      } catch (error) {
        end();
        throw error;
      }
    },
  });
  // Message-based schedulers (React's, setImmediate shims) slice work into many short tasks that change nothing
  // until they commit: each message posted counts as the page still working.
  for (const owner of [MessagePort.prototype, window] as { postMessage: (...a: unknown[]) => void }[]) {
    owner.postMessage = new Proxy(owner.postMessage, {
      apply(target, thisArg, args: unknown[]) {
        touch();
        return Reflect.apply(target, thisArg, args);
      },
    });
  }
}

/**
 * Elements whose id or class names a consent manager. Only when one is present does the smart wait hold for
 * autoconsent's first detection pass; elsewhere autoconsent still runs, but pages do not pay for it.
 */
const CONSENT_HINT_SELECTOR = [
  ...[
    'cookie',
    'consent',
    'gdpr',
    'onetrust',
    'didomi',
    'cmp',
    'usercentrics',
    'truste',
    'cybot',
    'sp_message',
    'qc-cmp',
    'privacy-banner',
  ].map((word) => `[id*="${word}" i],[class*="${word}" i]`),
  ...['consent', 'privacy', 'cmp'].map((word) => `iframe[src*="${word}" i]`),
].join(',');

/** Mount points of the common client-rendering frameworks: empty, the page has not rendered yet. */
const APP_ROOT_SELECTOR = '#root, #app, #__next, #__nuxt, #__gatsby, #svelte, #ember-app, #main-app, app-root';
/** Below this much visible text a page may still be waiting for its app (an empty mount, a JavaScript notice). */
const AWAITING_CONTENT_TEXT_CHARS = 200;
/** A body this long in raw text has content; the visible-text check (a layout) is skipped. */
const HAS_CONTENT_RAW_CHARS = 20_000;
/** Words of an "enable JavaScript" notice, as data: the notice must name JavaScript and one of these. */
const JS_NOTICE_WORDS = [
  'enable',
  'turn on',
  'activate',
  'requires',
  'required',
  'need',
  'disabled',
  'switch on',
  'allow',
];

interface ContentProbe {
  appRootSelector: string;
  maxTextChars: number;
  rawChars: number;
  noticeWords: string[];
}

interface PageState {
  /** ms since the page clock last moved; Infinity when the clock is missing (about:blank, a frame without it). */
  idle: number;
  /** Tracked timers still pending plus script requests not yet ended. */
  pending: number;
  consentHint: boolean;
  /**
   * The page shows nothing yet but an empty app mount point, no text at all, or only an "enable JavaScript" notice:
   * a client-rendered page whose app has not rendered. Quiet windows prove nothing then (an app may render from a
   * 300 ms timer), so the wait holds until content appears or its bound (or, when a script of the page failed to load,
   * until the page has been still for BROKEN_APP_STILL_MS).
   */
  awaitingContent: boolean;
}

function pageStateInPage(args: { hintSelector: string; probe: ContentProbe }): PageState {
  const { hintSelector, probe } = args;
  const clock = (window as unknown as Record<symbol, PageClock | undefined>)[Symbol.for('scrape.settleClock')];
  if (clock?.longTasks) {
    // A long task that ended just before this check has its entry queued, but the observer's callback runs in a
    // later task: without this, a check right after a 400 ms bundle run would see a page "idle" all along.
    for (const entry of clock.longTasks.takeRecords())
      clock.last = Math.max(clock.last, entry.startTime + entry.duration);
  }
  let consentHint = false;
  try {
    consentHint = document.querySelector(hintSelector) !== null;
  } catch {
    consentHint = false;
  }
  let awaitingContent = false;
  try {
    const body = document.body;
    if (body && (body.textContent ?? '').length < probe.rawChars) {
      // innerText is what a reader sees: <noscript> (hidden while scripts run), scripts and hidden elements excluded.
      const text = body.innerText.replace(/\s+/g, ' ').trim();
      if (text.length < probe.maxTextChars) {
        const root = document.querySelector(probe.appRootSelector);
        const emptyRoot = root !== null && root.children.length === 0 && (root.textContent ?? '').trim() === '';
        const lower = text.toLowerCase();
        const jsNotice = lower.includes('javascript') && probe.noticeWords.some((word) => lower.includes(word));
        // A page of pictures, a canvas or a frame has no text and nothing to wait for.
        const blank =
          text.length === 0 && body.querySelector('img, picture, video, canvas, svg, iframe, object, embed') === null;
        awaitingContent = emptyRoot || blank || jsNotice;
      }
    }
  } catch {
    awaitingContent = false;
  }
  return {
    idle: clock ? performance.now() - clock.last : Number.POSITIVE_INFINITY,
    pending: clock ? clock.pending.size + clock.requests : 0,
    consentHint,
    awaitingContent,
  };
}

const CONTENT_PROBE: ContentProbe = {
  appRootSelector: APP_ROOT_SELECTOR,
  maxTextChars: AWAITING_CONTENT_TEXT_CHARS,
  rawChars: HAS_CONTENT_RAW_CHARS,
  noticeWords: JS_NOTICE_WORDS,
};

/** Must run before the page is created so the clock starts with the document. */
export async function installSettleClock(context: BrowserContext): Promise<void> {
  await context.addInitScript(installPageClock, {
    timerMaxMs: DEFERRED_TIMER_MAX_MS,
    chainMax: DEFERRED_TIMER_CHAIN_MAX,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SettleOptions {
  /**
   * Measure the quiet windows from the start of this wait too, not only backwards: after an interaction (click,
   * scroll) the page reacts a frame or a task later, so "still since before" proves nothing yet.
   */
  fromNow?: boolean;
}

export async function waitForSettled(
  page: Page,
  network: NetworkMonitor,
  consent: ConsentTracker | undefined,
  maxMs: number,
  options: SettleOptions = {},
): Promise<void> {
  const started = Date.now();
  const until = started + maxMs;
  // Short network window until the page shows activity after the wait began (see NETWORK_QUIET_STILL_MS).
  let networkQuietMs = options.fromNow ? NETWORK_QUIET_MS : NETWORK_QUIET_STILL_MS;
  while (Date.now() < until) {
    // A navigation in progress destroys the context: count that as "just changed".
    const state = await page
      .evaluate(pageStateInPage, { hintSelector: CONSENT_HINT_SELECTOR, probe: CONTENT_PROBE })
      .catch((): PageState => ({ idle: 0, pending: 0, consentHint: false, awaitingContent: false }));
    if (consent && state.consentHint && !consent.active) consent.activate(page);
    if (consent && consent.busyUntil({ expectPopup: state.consentHint }) > 0) {
      // A popup being looked for or dismissed will change the DOM again: wait for that first.
      await consent.waitUntilSettled(Math.max(0, until - Date.now()), { expectPopup: state.consentHint });
      continue;
    }
    const elapsed = Date.now() - started;
    const sinceStart = options.fromNow ? elapsed : Number.POSITIVE_INFINITY;
    const domIdle = Math.min(state.idle, sinceStart);
    const netIdle = Math.min(network.idleFor(), sinceStart);
    // The page clock or the network moved after the wait began, or work is pending: the page is working.
    if (state.pending > 0 || network.inflight > 0 || state.idle < elapsed || network.idleFor() < elapsed)
      networkQuietMs = NETWORK_QUIET_MS;
    const brokenApp =
      network.scriptsFailed > 0 && network.inflight === 0 && Math.min(domIdle, netIdle) >= BROKEN_APP_STILL_MS;
    const quiet = state.pending === 0 && domIdle >= DOM_QUIET_MS && netIdle >= networkQuietMs;
    if (quiet && (!state.awaitingContent || brokenApp)) return;
    const wait = Math.max(
      MIN_POLL_MS,
      DOM_QUIET_MS - domIdle,
      network.inflight > 0 ? MIN_POLL_MS : networkQuietMs - netIdle,
    );
    await sleep(Math.min(wait, Math.max(0, until - Date.now())));
  }
}
