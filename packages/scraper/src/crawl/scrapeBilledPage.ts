import type { JobRecord, JobStore, WorkItem, WorkOutcome } from '@scrape/jobs';
import { isScrapeError } from '../errors.js';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import type { JobBilling } from './jobBilling.js';

export const INSUFFICIENT_CREDITS = 'INSUFFICIENT_CREDITS';

/**
 * Scrapes one page with billing: its credits are held first (an empty balance fails the whole job with
 * INSUFFICIENT_CREDITS) and settled with what it cost (0 when it failed); returns the document or the page's error.
 */
export async function scrapePage(
  options: {
    store: JobStore;
    billing?: JobBilling;
    scrape: (body: unknown, context: ScrapeContext) => Promise<ScrapeDocument>;
  },
  job: JobRecord,
  item: WorkItem,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ doc?: ScrapeDocument; outcome?: WorkOutcome }> {
  const { store, billing } = options;
  if (billing && !(await billing.reserve(job, item))) {
    await store.finishJob(job.id, {
      status: 'failed',
      error: 'Insufficient credits to scrape more pages',
      errorCode: INSUFFICIENT_CREDITS,
    });
    return { outcome: {} };
  }
  try {
    const doc = await options.scrape(body, { team: job.team, signal });
    const credits = typeof doc.metadata.creditsUsed === 'number' ? doc.metadata.creditsUsed : 1;
    await billing?.settle(job, item, credits);
    return { doc };
  } catch (error) {
    await billing?.settle(job, item, 0);
    if (signal.aborted) throw error;
    const url = String(body.url);
    if (isScrapeError(error)) {
      return {
        outcome: {
          error: { code: error.code ?? `HTTP_${error.status}`, message: error.error, url, status: error.status },
        },
      };
    }
    return { outcome: { error: { code: 'SCRAPE_FAILED', message: (error as Error).message ?? String(error), url } } };
  }
}
