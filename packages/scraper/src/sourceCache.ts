import { cacheKey, createCoalescer } from '@scrape/cache/internal';
import type { LazyStores } from './createLazyStores.js';
import type { Source } from './source.js';

/** A cache hit: the stored Source and its age. */
export interface SourceCacheHit {
  source: Source;
  /** ISO 8601 time of the fetch (`metadata.cachedAt`). */
  cachedAt: string;
  ageMs: number;
}

/** Options that change what is fetched: two requests share a cached Source only when they agree on all of them. */
export interface CacheVariant {
  mobile: boolean;
  location: { country: string; languages?: readonly string[] };
  blockAds: boolean;
  proxy: string;
  screenshot: Record<string, unknown> | null;
  waitFor: number;
}

/**
 * The page cache as the pipeline uses it. By default createScraper opens @scrape/cache's stores and adapts them with
 * {@link sourceCacheFromStores}; `createScraper({ cache })` injects another implementation, and `cache: false` runs
 * without one (every scrape is a fresh fetch, `cacheState: "miss"`; minAge/lockdown answer 501).
 */
export interface SourceCache {
  /** The newest copy for `key` whose age is within [minAgeMs, maxAgeMs] (`maxAgeMs` null: no upper bound), or null. */
  read(key: string, window: { maxAgeMs: number | null; minAgeMs: number }): Promise<SourceCacheHit | null>;
  /**
   * `after`: the scrape's answer; a cache that writes behind may start storing only once it settles (the copy must
   * still be readable before then). Ignoring it is correct, only slower for the scrape.
   */
  write(key: string, source: Source, options?: { after?: PromiseLike<unknown> }): Promise<void>;
  /** The cache's own key rule; when absent the scraper's {@link defaultCacheKey} is used. */
  key?(url: string, variant: CacheVariant): string;
  /**
   * Shares one in-flight fetch among concurrent misses for the same key; absent: every miss fetches on its own.
   * The fetcher both acquires and stores, so followers find the copy stored once the leader settles.
   */
  coalesce?<T>(key: string, fetcher: () => Promise<T>): Promise<T>;
}

/** @scrape/cache's page cache behind the SourceCache seam: its key rule (normalised URL + variant), its coalescing. */
export function sourceCacheFromStores(stores: LazyStores): SourceCache {
  // Coalescing is per process and needs no storage, so it works before (and without) the stores being open.
  const coalescer = createCoalescer();
  return {
    read: (key, window) => stores.use((s) => s.pages.read(key, window)),
    write: (key, source, options) => stores.use((s) => s.pages.write(key, source, options)),
    key: (url, variant) => cacheKey(url, variant),
    coalesce: (key, fetcher) => coalescer.coalesce(key, fetcher),
  };
}
