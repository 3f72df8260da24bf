import { randomUUID } from 'node:crypto';
import type { JobLimits } from '@scrape/jobs';
import { sleep } from '../time/sleep.js';

/** How often a page waiting for a lease asks again (leases are freed by other processes too: no wake-up exists). */
const LEASE_POLL_MS = 40;

/**
 * Runs `work` holding one of `limit` leases named `name` in the job store's home, so the limit holds across every
 * worker process (a crawl's maxConcurrency). The lease is renewed while `work` runs and released after it.
 */
export async function withSharedLease<T>(
  limits: JobLimits,
  name: string,
  limit: number,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  while (!(await limits.tryLease(name, id, limit))) await sleep(jittered(LEASE_POLL_MS), signal);
  // Renewed three times per lease time: a renewal lost to a slow event loop does not free the place.
  const renewMs = Math.max(200, Math.floor(limits.leaseMs / 3));
  const renew = setInterval(() => void limits.tryLease(name, id, limit).catch(() => undefined), renewMs);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    // A release that fails (store away) is covered by the lease's expiry.
    await limits.releaseLease(name, id).catch(() => undefined);
  }
}

/**
 * Runs `work` as the only page of `host` in flight across every worker process, at least `gapMs` after the previous
 * page of the host ended (`delay`, robots Crawl-delay). Measuring the gap from the previous page's end, one page at a
 * time, is what makes it hold at the site: a page whose request left late (a cold start, a busy event loop) cannot
 * bring the next one closer than the gap.
 */
export async function withHostPoliteness<T>(
  limits: JobLimits,
  host: string,
  gapMs: number,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  if (gapMs <= 0) return work();
  const name = `host:${host}`;
  return withSharedLease(limits, name, 1, signal, async () => {
    for (let wait = await limits.untilNext(name); wait > 0; wait = await limits.untilNext(name)) {
      await sleep(wait, signal);
    }
    try {
      return await work();
    } finally {
      await limits.pushNext(name, gapMs).catch(() => undefined);
    }
  });
}

/** A little random extra, so waiters of many processes do not ask the store in lock-step. */
function jittered(ms: number): number {
  return ms + Math.floor(Math.random() * 15);
}
