import type { BrowserContext, Frame, Page } from 'playwright-core';
import { assets } from './consent/autoconsentRules.js';
import { type ConsentProgress, type ContentMessage, onConsentMessage } from './consent/onConsentMessage.js';

/**
 * Cookie/consent popups are dismissed by DuckDuckGo's autoconsent: its content script (the build meant for
 * Playwright) runs in every frame and asks us, through an exposed binding, for its rules; we answer with the
 * bundled compact rule set filtered for the frame's URL and let it opt out. Everything ships in the npm package.
 */

/** How long the render waits for a popup that was found to be dismissed: CMP opt-out flows click through dialogs. */
export const CONSENT_MAX_WAIT_MS = 3_000;
/** How long after settling starts we wait for autoconsent's first detection pass (injection, rules, DOM checks). */
export const CONSENT_FIRST_PASS_MAX_MS = 1_500;
/**
 * A detected CMP whose popup has not shown within this long is taken as not showing one (e.g. consent not required).
 */
export const CONSENT_POPUP_MAX_MS = 1_000;

export interface ConsentTracker {
  /**
   * Epoch ms until which the render should wait for consent handling; 0 when nothing is in progress.
   * `expectPopup`: the page shows signs of a consent manager, so the first detection pass is worth waiting for.
   */
  busyUntil(options?: { expectPopup?: boolean }): number;
  /** CMPs whose popup was dismissed, in order. */
  readonly dismissed: string[];
  /** Resolves when `busyUntil()` has passed or nothing is in progress, and at most after `maxMs`. */
  waitUntilSettled(maxMs: number, options?: { expectPopup?: boolean }): Promise<void>;
  /** True once `activate` ran. */
  readonly active: boolean;
  /**
   * Starts dismissal in the page's frames, present and future. Called when the page shows signs of a consent
   * manager, so pages without one never pay for the 140 KB content script and its rules.
   */
  activate(page: Page): void;
}

/**
 * Wires autoconsent into a context: once activated, the binding it talks through (exposed only then, so pages
 * without a consent manager do not carry it) and injection of its content script into each frame, now and as
 * frames commit. The tracker follows autoconsent's messages so the smart wait
 * can hold while a popup is being looked for or dismissed.
 */
export async function installConsentDismisser(context: BrowserContext): Promise<ConsentTracker> {
  const { script } = assets();
  let firstPassDeadline: number | undefined;
  let active = false;
  let wakers: (() => void)[] = [];
  const progress: ConsentProgress = {
    open: new Map<string, number>(),
    dismissed: [],
    firstPassDone: false,
    detectedAt: undefined,
    popupSeen: false,
    changed: () => {
      const fns = wakers;
      wakers = [];
      for (const fn of fns) fn();
    },
  };

  const onMessage = ({ frame }: { frame: Frame }, msg: ContentMessage) => onConsentMessage(progress, frame, msg);

  const busyUntil = ({ expectPopup = true }: { expectPopup?: boolean } = {}): number => {
    if (!active) return 0;
    const now = Date.now();
    firstPassDeadline ??= now + CONSENT_FIRST_PASS_MAX_MS;
    let until = 0;
    for (const since of progress.open.values()) until = Math.max(until, since + CONSENT_MAX_WAIT_MS);
    if (progress.detectedAt !== undefined && !progress.popupSeen)
      until = Math.max(until, progress.detectedAt + CONSENT_POPUP_MAX_MS);
    if (!progress.firstPassDone && expectPopup) until = Math.max(until, firstPassDeadline);
    return until > now ? until : 0;
  };

  const inject = (frame: Frame) => {
    const url = frame.url();
    if (!url.startsWith('http')) return;
    frame.evaluate(script).catch(() => {});
  };

  return {
    busyUntil,
    dismissed: progress.dismissed,
    async waitUntilSettled(maxMs, options) {
      const deadline = Date.now() + maxMs;
      for (;;) {
        const until = Math.min(busyUntil(options), deadline);
        if (until <= Date.now()) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, until - Date.now());
          wakers.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    get active() {
      return active;
    },
    activate(page) {
      if (active) return;
      active = true;
      // The binding (one round trip) is in place before any content script is injected.
      context.exposeBinding('autoconsentSendMessage', onMessage).then(
        () => {
          page.on('framenavigated', inject);
          for (const frame of page.frames()) inject(frame);
        },
        () => {
          // The context closed: nothing to dismiss any more.
        },
      );
    },
  };
}
