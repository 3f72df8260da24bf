import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { filterCompactRules } from '@duckduckgo/autoconsent';
import type { BrowserContext, Frame, Page } from 'playwright-core';

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

const require = createRequire(import.meta.url);
// The package's exports map hides dist/, so we locate the Playwright build next to its resolvable ESM entry.
const CONTENT_SCRIPT_PATH = fileURLToPath(
  new URL('./autoconsent.playwright.js', import.meta.resolve('@duckduckgo/autoconsent')),
);

let contentScript: string | undefined;
let compactRules: Parameters<typeof filterCompactRules>[0] | undefined;

function assets(): { script: string; rules: NonNullable<typeof compactRules> } {
  contentScript ??= readFileSync(CONTENT_SCRIPT_PATH, 'utf8');
  compactRules ??= require('@duckduckgo/autoconsent/rules/compact-rules.json');
  return { script: contentScript, rules: compactRules! };
}

const AUTOCONSENT_CONFIG = {
  enabled: true,
  autoAction: 'optOut',
  disabledCmps: [],
  // Prehiding only hides banners with CSS; the markup would stay in the HTML we return, so we let opt-out remove it.
  enablePrehide: false,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  // Generic heuristics click buttons by text; on arbitrary pages that risks side effects, so only known CMPs run.
  enableHeuristicDetection: false,
  detectRetries: 20,
  isMainWorld: false,
  visualTest: false,
  logs: {
    lifecycle: false,
    rulesteps: false,
    detectionsteps: false,
    evals: false,
    errors: false,
    messages: false,
    waits: false,
  },
} as const;

interface ContentMessage {
  type: string;
  id?: string;
  code?: string;
  cmp?: string;
  result?: boolean;
  mainFrame?: boolean;
  state?: { lifecycle?: string };
}

/** Main-frame lifecycle states reached only after the first detection pass finished. */
const PAST_FIRST_PASS = new Set([
  'nothingDetected',
  'cmpDetected',
  'openPopupDetected',
  'runningOptOut',
  'optOutSucceeded',
  'optOutFailed',
  'done',
]);
/** Filtered rule sets per URL origin and frame kind; filtering the bundle costs a few ms and the JSON ~65 KB. */
const RULES_CACHE_SIZE = 256;
const rulesCache = new Map<string, string>();

function rulesJsonFor(url: string, mainFrame: boolean): string {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = url;
  }
  // Rules match on the URL; keying by origin would miss path-scoped rules, so the full URL without query is used.
  const key = `${mainFrame ? 'm' : 'f'}:${origin}${url.split(/[?#]/)[0].slice(origin.length)}`;
  let json = rulesCache.get(key);
  if (json === undefined) {
    const { rules } = assets();
    json = JSON.stringify({
      type: 'initResp',
      config: AUTOCONSENT_CONFIG,
      rules: { compact: filterCompactRules(rules, { url, mainFrame }) },
    });
    if (rulesCache.size >= RULES_CACHE_SIZE) rulesCache.delete(rulesCache.keys().next().value!);
    rulesCache.set(key, json);
  }
  return json;
}

function deliver(frame: Frame, json: string): Promise<void> {
  // A JSON string crosses the protocol much faster than the same object through Playwright's serializer.
  return frame.evaluate(
    (text) =>
      (window as unknown as { autoconsentReceiveMessage(m: unknown): Promise<void> }).autoconsentReceiveMessage(
        JSON.parse(text),
      ),
    json,
  );
}

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
  const open = new Map<string, number>();
  const dismissed: string[] = [];
  let firstPassDone = false;
  let firstPassDeadline: number | undefined;
  let detectedAt: number | undefined;
  let popupSeen = false;
  let active = false;
  let wakers: (() => void)[] = [];
  const changed = () => {
    const fns = wakers;
    wakers = [];
    for (const fn of fns) fn();
  };
  const frameKey = (frame: Frame, msg: ContentMessage) => `${msg.cmp ?? ''}@${frame.url()}`;
  const settle = (key: string) => {
    open.delete(key);
    changed();
  };

  const onMessage = async ({ frame }: { frame: Frame }, msg: ContentMessage) => {
    try {
      switch (msg?.type) {
        case 'init':
          await deliver(frame, rulesJsonFor(frame.url(), frame.parentFrame() === null));
          break;
        case 'eval': {
          // Rules that must read page state (e.g. a CMP's JS API) ask us to evaluate a snippet in the main world.
          let result: unknown = false;
          try {
            result = await frame.evaluate(msg.code ?? 'false');
          } catch {
            result = false;
          }
          await deliver(frame, JSON.stringify({ type: 'evalResp', id: msg.id, result }));
          break;
        }
        case 'report': {
          const state = msg.state as { lifecycle?: string; findCmpAttempts?: number } | undefined;
          // A second attempt means the first found nothing; later ones run every 500 ms and we do not wait for them.
          if (
            frame.parentFrame() === null &&
            state &&
            (PAST_FIRST_PASS.has(state.lifecycle ?? '') || (state.findCmpAttempts ?? 0) >= 2)
          ) {
            if (!firstPassDone) {
              firstPassDone = true;
              changed();
            }
          }
          break;
        }
        case 'cmpDetected':
          detectedAt ??= Date.now();
          changed();
          break;
        case 'popupFound':
          popupSeen = true;
          open.set(frameKey(frame, msg), Date.now());
          changed();
          break;
        case 'optOutResult':
          if (!msg.result) settle(frameKey(frame, msg));
          break;
        case 'autoconsentDone':
          if (open.has(frameKey(frame, msg))) dismissed.push(msg.cmp ?? 'unknown');
          settle(frameKey(frame, msg));
          break;
        case 'autoconsentError':
          for (const key of [...open.keys()]) if (key.endsWith(`@${frame.url()}`)) settle(key);
          break;
      }
    } catch {
      // The frame navigated or closed mid-conversation: nothing left to dismiss there.
    }
  };

  const busyUntil = ({ expectPopup = true }: { expectPopup?: boolean } = {}): number => {
    if (!active) return 0;
    const now = Date.now();
    firstPassDeadline ??= now + CONSENT_FIRST_PASS_MAX_MS;
    let until = 0;
    for (const since of open.values()) until = Math.max(until, since + CONSENT_MAX_WAIT_MS);
    if (detectedAt !== undefined && !popupSeen) until = Math.max(until, detectedAt + CONSENT_POPUP_MAX_MS);
    if (!firstPassDone && expectPopup) until = Math.max(until, firstPassDeadline);
    return until > now ? until : 0;
  };

  const inject = (frame: Frame) => {
    const url = frame.url();
    if (!url.startsWith('http')) return;
    frame.evaluate(script).catch(() => {});
  };

  return {
    busyUntil,
    dismissed,
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
