import { createCacheStores, DEFAULT_DATA_DIR, isCacheError, type CacheStores, type Clock } from '@scrape/cache';
import { ScrapeError } from './errors.js';

/** Where the page cache, change history and artifacts live (see ScraperOptions for the precedence). */
export type StoreHome = { kind: 'embedded'; dataDir: string } | { kind: 'redis'; redisUrl: string; keyPrefix?: string };

export interface StoreHomeOptions {
  dataDir?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
}

/**
 * `redisUrl` (REDIS_URL) wins over any data dir: an operator who sets it wants every process on one shared
 * cache, and `scrape-server` always passes a data dir. Otherwise the embedded home under `dataDir` or `./.scrape-data`.
 */
export function resolveStoreHome(options: StoreHomeOptions): StoreHome {
  const redisUrl = options.redisUrl?.trim();
  if (redisUrl) return { kind: 'redis', redisUrl, keyPrefix: options.redisKeyPrefix };
  return { kind: 'embedded', dataDir: options.dataDir?.trim() || DEFAULT_DATA_DIR };
}

/**
 * The stores, opened on first use so `createScraper()` stays synchronous and scrapes that never touch the cache never
 * open it.
 */
export interface LazyStores {
  readonly home: StoreHome;
  /** Opens the stores (once; a failed attempt is retried by the next call). Rejects with a 503 ScrapeError. */
  get(): Promise<CacheStores>;
  /** Runs `work` on the open stores; a storage failure becomes a 503 ScrapeError. */
  use<T>(work: (stores: CacheStores) => Promise<T>): Promise<T>;
  /** Closes the stores if they were opened; later calls fail with 503. */
  close(): Promise<void>;
}

export interface LazyStoresOptions {
  clock?: Clock;
  /** Told about a page-cache write that failed after its scrape was answered (embedded write-behind). */
  onWriteError?: (error: unknown) => void;
}

export function createLazyStores(home: StoreHome, options: LazyStoresOptions = {}): LazyStores {
  let opening: Promise<CacheStores> | undefined;
  let closed = false;

  const get = (): Promise<CacheStores> => {
    if (closed) return Promise.reject(cacheUnavailable('the scraper was closed'));
    opening ??= open(home, options).catch((error: unknown) => {
      opening = undefined;
      throw cacheUnavailable(reasonOf(error));
    });
    return opening;
  };

  return {
    home,
    get,
    async use(work) {
      const stores = await get();
      try {
        return await work(stores);
      } catch (error) {
        if (isCacheError(error)) throw cacheUnavailable(error.message);
        throw error;
      }
    },
    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (!pending) return;
      const stores = await pending.catch(() => undefined);
      await stores?.close();
    },
  };
}

function open(home: StoreHome, { clock, onWriteError }: LazyStoresOptions): Promise<CacheStores> {
  return home.kind === 'redis'
    ? createCacheStores({ redisUrl: home.redisUrl, keyPrefix: home.keyPrefix, clock })
    : createCacheStores({ dataDir: home.dataDir, clock, onWriteError });
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The cache could not be used (Redis down, data dir unwritable). Never a silent fresh fetch: a cache-only request
 * must not reach the network, and an operator must see the outage. The hint tells a client how to get a scrape anyway.
 */
export function cacheUnavailable(reason: string): ScrapeError {
  return new ScrapeError({
    status: 503,
    // The spec's catalogue string stays exact (clients match on it); the reason and the way out go in details.
    error: 'Service Unavailable',
    message: `the page cache is unavailable: ${reason}`,
    code: 'SCRAPE_CACHE_UNAVAILABLE',
    details: {
      reason: `The page cache is unavailable: ${reason}`,
      hint: 'Send maxAge: 0 and storeInCache: false to scrape without the cache.',
    },
  });
}
