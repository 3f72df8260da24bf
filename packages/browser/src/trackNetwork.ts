import type { Page, Request, Response } from 'playwright-core';

export interface NetworkMonitor {
  /** Requests started and not yet finished or failed. */
  readonly inflight: number;
  /** ms since the last request started or ended (or since the monitor started). */
  idleFor(): number;
  /** Scripts that did not load (a network error or an error status), not counting the ones the guard blocked. */
  readonly scriptsFailed: number;
  /** Resolves true once nothing has been in flight for `quietMs`, false when `maxMs` ran out first. */
  waitForQuiet(quietMs: number, maxMs: number): Promise<boolean>;
  stop(): void;
}

/** How often a quiet-wait re-checks the counters; small next to the quiet windows. */
const POLL_MS = 20;
/** What a request the guard refused (an ad, a tracker, an SSRF refusal) fails with: a choice of ours, not a fault. */
const BLOCKED_BY_US = 'net::ERR_BLOCKED_BY_CLIENT';

/** Counts the page's in-flight requests, to tell when its network has gone quiet. */
export function trackNetwork(page: Page): NetworkMonitor {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastActivity = Date.now();
  };
  let scriptsFailed = 0;
  const ended = (request: Request) => {
    if (pending.delete(request)) lastActivity = Date.now();
  };
  const failed = (request: Request) => {
    if (request.resourceType() === 'script' && request.failure()?.errorText !== BLOCKED_BY_US) scriptsFailed++;
    ended(request);
  };
  const answered = (response: Response) => {
    // A redirected request never "finishes": its follow-up request carries on instead.
    if (response.status() >= 300 && response.status() < 400) ended(response.request());
    else if (response.status() >= 400 && response.request().resourceType() === 'script') scriptsFailed++;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', failed);
  page.on('response', answered);

  const monitor: NetworkMonitor = {
    get inflight() {
      return pending.size;
    },
    get scriptsFailed() {
      return scriptsFailed;
    },
    idleFor() {
      return pending.size > 0 ? 0 : Date.now() - lastActivity;
    },
    waitForQuiet(quietMs, maxMs) {
      const until = Date.now() + maxMs;
      return new Promise((resolve) => {
        const check = () => {
          if (monitor.idleFor() >= quietMs) return resolve(true);
          const left = until - Date.now();
          if (left <= 0) return resolve(false);
          const wait = pending.size > 0 ? POLL_MS : Math.min(quietMs - monitor.idleFor(), left);
          setTimeout(check, Math.max(1, Math.min(wait, left)));
        };
        check();
      });
    },
    stop() {
      page.removeListener('request', started);
      page.removeListener('requestfinished', ended);
      page.removeListener('requestfailed', failed);
      page.removeListener('response', answered);
    },
  };
  return monitor;
}
