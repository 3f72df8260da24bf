import { randomUUID } from 'node:crypto';
import type { JobLimits } from '@scrape/jobs';

/** How often a page waiting for a lease asks again (leases are freed by other processes too: no wake-up exists). */
const LEASE_POLL_MS = 40;
/** A lease lapses this long after its last renewal: a killed worker's places free themselves. */
const LEASE_TTL_MS = 30_000;
const LEASE_RENEW_MS = 10_000;

/**
 * Runs `work` holding one of `limit` leases named `name` in the job store's home, so the limit holds across every
 * worker process (a crawl's maxConcurrency). The lease is renewed while `work` runs and released after it.
 */
export async function withSharedLease<T>(limits: JobLimits, name: string, limit: number, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const id = randomUUID();
  while (!(await limits.tryLease(name, id, limit, LEASE_TTL_MS))) await sleep(jittered(LEASE_POLL_MS), signal);
  const renew = setInterval(() => void limits.tryLease(name, id, limit, LEASE_TTL_MS).catch(() => undefined), LEASE_RENEW_MS);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    // A release that fails (store away) is covered by the lease's expiry.
    await limits.releaseLease(name, id).catch(() => undefined);
  }
}

/**
 * Waits until a start under `name` is at least `gapMs` after the previous one, in any process (per-host politeness,
 * `delay`, robots Crawl-delay). The start is recorded at the moment it is granted, not reserved ahead: a page that
 * waited long (a lease, a slow robots.txt) cannot leave a gap shorter than asked.
 */
export async function sharedPoliteStart(limits: JobLimits, name: string, gapMs: number, signal: AbortSignal): Promise<void> {
  if (gapMs <= 0) return;
  for (;;) {
    signal.throwIfAborted();
    const wait = await limits.tryStart(name, gapMs);
    if (wait <= 0) return;
    await sleep(jittered(wait), signal);
  }
}

/** A little random extra, so waiters of many processes do not ask the store in lock-step. */
function jittered(ms: number): number {
  return ms + Math.floor(Math.random() * 15);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
