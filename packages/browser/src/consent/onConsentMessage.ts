import type { Frame } from 'playwright-core';
import { deliver, rulesJsonFor } from './autoconsentRules.js';

/** A message autoconsent's content script sends through the exposed binding. */
export interface ContentMessage {
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

/** What autoconsent has told one context so far; the tracker's `busyUntil` reads it. */
export interface ConsentProgress {
  /** Popups being dismissed, by `cmp@frameUrl`, with when each was found. */
  open: Map<string, number>;
  /** CMPs whose popup was dismissed, in order. */
  dismissed: string[];
  /** The main frame's first detection pass is over. */
  firstPassDone: boolean;
  /** When a CMP was first detected. */
  detectedAt: number | undefined;
  popupSeen: boolean;
  /** Wakes whoever waits on the tracker; called on every change. */
  changed(): void;
}

const frameKey = (frame: Frame, msg: ContentMessage) => `${msg.cmp ?? ''}@${frame.url()}`;

function settle(progress: ConsentProgress, key: string): void {
  progress.open.delete(key);
  progress.changed();
}

/**
 * Answers one message of autoconsent in `frame` and records its progress: rules on `init`, main-world evaluation on
 * `eval`, then detection, popups found, opt-outs done or failed. A frame that navigates or closes mid-conversation
 * just ends it.
 */
export async function onConsentMessage(progress: ConsentProgress, frame: Frame, msg: ContentMessage): Promise<void> {
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
          if (!progress.firstPassDone) {
            progress.firstPassDone = true;
            progress.changed();
          }
        }
        break;
      }
      case 'cmpDetected':
        progress.detectedAt ??= Date.now();
        progress.changed();
        break;
      case 'popupFound':
        progress.popupSeen = true;
        progress.open.set(frameKey(frame, msg), Date.now());
        progress.changed();
        break;
      case 'optOutResult':
        if (!msg.result) settle(progress, frameKey(frame, msg));
        break;
      case 'autoconsentDone':
        if (progress.open.has(frameKey(frame, msg))) progress.dismissed.push(msg.cmp ?? 'unknown');
        settle(progress, frameKey(frame, msg));
        break;
      case 'autoconsentError':
        for (const key of [...progress.open.keys()]) if (key.endsWith(`@${frame.url()}`)) settle(progress, key);
        break;
    }
  } catch {
    // The frame navigated or closed mid-conversation: nothing left to dismiss there.
  }
}
