import type { CacheStores } from './createCacheStores.js';
import type { CacheHit } from './createPageCache.js';
import type { CacheMissCode, CachePlan } from './planCache.js';
import { shouldStoreSource, type Source } from './source.js';

export type FetchThroughCacheResult =
  | { cacheState: 'hit'; hit: CacheHit }
  | { cacheState: 'miss'; source: Source; stored: boolean }
  /** Cache-only plan and no usable copy: the scraper raises 404 with `missCode`; nothing was fetched. */
  | { cacheState: 'miss'; source: null; missCode: CacheMissCode };

/**
 * The cache read → acquire → cache write steps in their intended order, for callers that want them as one call:
 * read unless bypassed; in cache-only mode stop at a miss; otherwise fetch, coalescing concurrent misses when the
 * request is cacheable (requests with headers/actions/profile or no retention fetch alone: their fetch differs or
 * must not be shared), and store the Source when the plan allows and the status is worth keeping.
 */
export async function fetchThroughCache(
  stores: Pick<CacheStores, 'pages' | 'coalesce'>,
  input: { plan: CachePlan; key: string; fetch: () => Promise<Source> },
): Promise<FetchThroughCacheResult> {
  const { plan, key } = input;
  if (plan.read !== 'bypass') {
    const hit = await stores.pages.read(key, plan);
    if (hit) return { cacheState: 'hit', hit };
  }
  if (plan.read === 'cache-only')
    return { cacheState: 'miss', source: null, missCode: plan.missCode ?? 'SCRAPE_NO_CACHED_DATA' };
  if (!plan.writeCache) return { cacheState: 'miss', source: await input.fetch(), stored: false };
  return stores.coalesce(key, async () => {
    const source = await input.fetch();
    const stored = shouldStoreSource(source);
    if (stored) await stores.pages.write(key, source);
    return { cacheState: 'miss' as const, source, stored };
  });
}
