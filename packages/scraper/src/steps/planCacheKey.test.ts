// The page-cache key of a scrape is computed once, though the read, the coalescing, the write and the transform memo
// all ask for it.
import { describe, expect, it } from 'vitest';
import { article, useFixture } from '../../test/cacheHomes.js';
import { createScraper } from '../createScraper.js';
import { defaultCacheKey } from './plan.js';
import type { SourceCache, SourceCacheHit } from '../sourceCache.js';

const env = useFixture({ '/page': { body: article('Harbour news', 'The harbour reopened today after the storm.') } });

/** An in-memory page cache that counts how often its key rule runs. */
function countingCache() {
  const copies = new Map<string, SourceCacheHit>();
  let keys = 0;
  const cache: SourceCache = {
    read: async (key) => copies.get(key) ?? null,
    write: async (key, source) => {
      copies.set(key, { source, cachedAt: new Date(0).toISOString(), ageMs: 0 });
    },
    key: (url, variant) => {
      keys++;
      return defaultCacheKey(url, variant);
    },
    coalesce: (_key, fetcher) => fetcher(),
  };
  return { cache, keys: () => keys };
}

describe('the page-cache key of a plan', () => {
  it('a miss that is stored and a hit each compute the key once', async () => {
    const { cache, keys } = countingCache();
    const scraper = createScraper({ allowPrivateUrls: true, cache });
    try {
      const miss = await scraper.scrape({ url: env.site.url('/page'), formats: ['markdown'] });
      expect(miss.metadata.cacheState).toBe('miss');
      expect(keys()).toBe(1);
      const hit = await scraper.scrape({ url: env.site.url('/page'), formats: ['markdown'] });
      expect(hit.metadata.cacheState).toBe('hit');
      expect(keys()).toBe(2);
      // A scrape that neither reads nor writes the cache has no key to make.
      const uncached = await scraper.scrape({ url: env.site.url('/page'), maxAge: 0, storeInCache: false });
      expect(uncached.metadata.cacheState).toBe('miss');
      expect(keys()).toBe(2);
    } finally {
      await scraper.close();
    }
  });
});
