import type { JobRecord, JobStore } from '@scrape/jobs';
import type { JobBilling } from './jobBilling.js';
import { withHostPoliteness, withSharedLease } from './sharedLimits.js';

/**
 * `maxConcurrency` of one job across every worker process (a lease in the job store's home), then per-host
 * politeness (one page of the host at a time, `gapMs` after the previous one ended), then one of the team's
 * concurrency slots (the account's limit counts a crawl's pages like its scrapes; taken last, so no slot is held
 * while a page waits for its host).
 */
export async function withSlots<T>(
  store: JobStore,
  billing: JobBilling | undefined,
  job: JobRecord,
  limit: number | null,
  polite: { host: string; gapMs: number } | null,
  signal: AbortSignal,
  work: () => Promise<T>,
): Promise<T> {
  const inAccountSlot = async () => {
    const slot = (await billing?.acquireSlot?.(job, signal)) ?? null;
    try {
      return await work();
    } finally {
      await slot?.release();
    }
  };
  const politely = () =>
    polite ? withHostPoliteness(store.limits, polite.host, polite.gapMs, signal, inAccountSlot) : inAccountSlot();
  return limit ? withSharedLease(store.limits, `job:${job.id}`, limit, signal, politely) : politely();
}
