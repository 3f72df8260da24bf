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
 * The page cache as the pipeline uses it (satisfied by @scrape/cache's PageCache). Injected through
 * `createScraper({ cache })`; absent by default, in which case every scrape is a fresh fetch (`cacheState: "miss"`).
 */
export interface SourceCache {
  /** The newest copy for `key` whose age is within [minAgeMs, maxAgeMs] (`maxAgeMs` null: no upper bound), or null. */
  read(key: string, window: { maxAgeMs: number | null; minAgeMs: number }): Promise<SourceCacheHit | null>;
  write(key: string, source: Source): Promise<void>;
  /** The cache's own key rule; when absent the scraper's {@link defaultCacheKey} is used. */
  key?(url: string, variant: CacheVariant): string;
}
