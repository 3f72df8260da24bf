import { shouldStoreSource } from '@scrape/cache/internal';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { ScraperLogger } from '../types.js';
import type { Source } from '../source.js';
import { isScrapeError } from '../errors.js';
import type { ScrapePlan } from './plan.js';

/** Which fetched Sources are worth keeping (2xx, 404/410): the page cache's own rule. */
export const isStorable = shouldStoreSource;

/**
 * Step 4. Stores the raw Source (never the Document) when the plan allows it; `answered` (the scrape's answer) lets a
 * write-behind cache store it after the answer instead of beside the transform.
 */
export async function writeCache(
  plan: ScrapePlan,
  source: Source,
  deps: PipelineDeps,
  answered?: PromiseLike<unknown>,
): Promise<void> {
  const { cache } = deps;
  const { key } = plan.cache;
  if (!cache || key === undefined || !plan.cache.write || !isStorable(source)) return;
  await cache.write(key, source, answered ? { after: answered } : undefined);
}

/** A coalesced fetch whose leader was aborted (its client left or timed out): followers must not inherit that. */
class LeaderAbandoned extends Error {
  constructor(readonly reason: unknown) {
    super('the shared fetch was abandoned by the request that started it');
  }
}

/**
 * Steps 3 + 4 on a miss: acquire, then store. Concurrent misses for one cacheable key share a single fetch (and a
 * single write); requests that may not be stored fetch alone, because their fetch differs (headers, actions) or
 * must not be shared. A failed store never fails a scrape that already has its page: it is logged (without the URL).
 * `answered`: the answer of the scrape that stores (see writeCache).
 */
export async function acquireAndStore(
  plan: ScrapePlan,
  deps: PipelineDeps,
  acquire: () => Promise<Source>,
  signal: AbortSignal,
  logger?: ScraperLogger,
  answered?: PromiseLike<unknown>,
): Promise<Source> {
  const fetchAndStore = async (): Promise<Source> => {
    const fetched = await acquire();
    // One clock for fetch times, cache ages and history (an injected clock lets tests move time instead of sleeping).
    const source = deps.clock ? { ...fetched, fetchedAt: deps.clock.now() } : fetched;
    try {
      await writeCache(plan, source, deps, answered);
    } catch (error) {
      logger?.warn(
        { code: isScrapeError(error) ? error.code : undefined, err: isScrapeError(error) ? undefined : error },
        'page cache write failed; the scrape is served uncached',
      );
    }
    return source;
  };

  const { cache } = deps;
  const { key } = plan.cache;
  if (!cache?.coalesce || key === undefined || !plan.cache.write) return fetchAndStore();

  let leader = false;
  const shared = cache.coalesce(key, async () => {
    leader = true;
    try {
      return await fetchAndStore();
    } catch (error) {
      throw signal.aborted ? new LeaderAbandoned(error) : error;
    }
  });
  try {
    return await shared;
  } catch (error) {
    if (!(error instanceof LeaderAbandoned)) throw error;
    if (leader) throw error.reason;
    // The request that started the fetch went away; this one still wants the page, so it fetches for itself.
    return acquireAndStore(plan, deps, acquire, signal, logger, answered);
  }
}
