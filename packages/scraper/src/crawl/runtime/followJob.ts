import type { JobRecord, JobStore } from '@scrape/jobs';
import { errors } from '../../errors.js';
import type { ScrapeDocument } from '../../types.js';
import type { JobContext } from './jobRuntimeTypes.js';

/** How often an in-process iterator looks for new results. */
const RESULTS_POLL_MS = 100;
const RESULTS_PAGE = 100;

/**
 * In-process: creates the job with `start` and yields its documents as they land, polling the store; the caller's
 * abort cancels the job. `store` has a worker of this process running (started by the runtime on first use).
 */
export async function* followJob(
  store: JobStore,
  start: () => Promise<JobRecord>,
  context: JobContext,
): AsyncGenerator<ScrapeDocument> {
  const job = await start();
  const onAbort = () => void store.cancelJob(job.id).catch(() => {});
  context.signal?.addEventListener('abort', onAbort, { once: true });
  let offset = 0;
  try {
    for (;;) {
      const current = await store.getJob(job.id);
      const page = (await store.readResults(job.id, { offset, limit: RESULTS_PAGE })) as ScrapeDocument[];
      offset += page.length;
      for (const doc of page) yield doc;
      if (page.length > 0) continue;
      if (current?.status !== 'running') {
        if (current?.status === 'failed')
          throw errors.unavailable(current.error ?? 'The job failed', { code: current.errorCode });
        return;
      }
      if (context.signal?.aborted) return;
      await new Promise((r) => setTimeout(r, RESULTS_POLL_MS));
    }
  } finally {
    context.signal?.removeEventListener('abort', onAbort);
  }
}
