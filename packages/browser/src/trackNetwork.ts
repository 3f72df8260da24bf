import type { Page, Request } from 'playwright-core';

export interface NetworkMonitor {
  /** Requests started and not yet finished or failed. */
  readonly inflight: number;
  /** ms since the last request started or ended (or since the monitor started). */
  idleFor(): number;
  /** Resolves true once nothing has been in flight for `quietMs`, false when `maxMs` ran out first. */
  waitForQuiet(quietMs: number, maxMs: number): Promise<boolean>;
  stop(): void;
}

/** How often a quiet-wait re-checks the counters; small next to the quiet windows. */
const POLL_MS = 20;

/** Counts the page's in-flight requests, to tell when its network has gone quiet. */
export function trackNetwork(page: Page): NetworkMonitor {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  // A redirected request never "finishes": its follow-up request carries on instead.
  page.on('response', (response) => {
    if (response.status() >= 300 && response.status() < 400) ended(response.request());
  });

  const monitor: NetworkMonitor = {
    get inflight() {
      return pending.size;
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
      page.removeListener('requestfailed', ended);
    },
  };
  return monitor;
}
