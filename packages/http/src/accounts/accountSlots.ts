import type { ScrapeError } from '@scrape/scraper';
import { TIMEOUT_DEFAULT_MS } from '@scrape/scraper/internal';
import type { Account } from './account.js';
import { type AccountsContext, track } from './accountsContext.js';
import { isScrapeErrorLike, storeUnavailable } from './accountStoreCalls.js';
import type { ConcurrencySlot } from '../limits/createConcurrencyLimiter.js';

// Slots taken outside a scrape's admission: an authenticated call's (interact), a crawl or batch page's.

/** A crawl page waiting for one of its account's slots asks again this often (slots free in any process). */
const JOB_SLOT_POLL_MS = 50;

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Accounts.admitCall: one request of the account's rate and (unless `concurrency: false`) one of its slots. */
export async function admitCall(
  ctx: AccountsContext,
  account: Account,
  options: { waitMs?: number; signal?: AbortSignal; concurrency?: boolean },
): Promise<{ release(): Promise<void> }> {
  if (account.ratePerMinute !== null) await ctx.rateLimiter.consume(account.id, account.ratePerMinute);
  if (account.concurrency === null || options.concurrency === false) return { release: async () => {} };
  let slot: ConcurrencySlot;
  try {
    const waitMs = options.waitMs ?? TIMEOUT_DEFAULT_MS;
    slot = await ctx.concurrency.acquire(account.id, {
      limit: account.concurrency,
      queueLimit: account.queueLimit,
      waitMs,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted || isScrapeErrorLike(error)) throw error;
    throw storeUnavailable(error as Error);
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await slot.release();
    },
  };
}

/** Accounts.acquireJobSlot: a slot taken only when none of the account's own requests waits, asked for until free. */
export async function acquireJobSlot(
  ctx: AccountsContext,
  accountId: string,
  limit: number,
  signal: AbortSignal,
): Promise<{ release(): Promise<void> }> {
  for (;;) {
    try {
      // queueLimit 0: a free slot is taken only when nobody queues for one; otherwise "limited" at once.
      const asked = { limit, queueLimit: 0, waitMs: TIMEOUT_DEFAULT_MS, signal };
      const slot = await ctx.concurrency.acquire(accountId, asked);
      track(ctx, accountId, 1);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          track(ctx, accountId, -1);
          await slot.release();
        },
      };
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      // A store failure is not ours to turn into a page error: wait and ask again, as for a busy account.
      if (isScrapeErrorLike(error) && (error as ScrapeError).status !== 429) throw error;
    }
    await sleepFor(JOB_SLOT_POLL_MS + Math.floor(Math.random() * 25), signal);
  }
}
