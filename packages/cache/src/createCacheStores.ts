import { join } from 'node:path';
import type { BlobStore } from './backends/BlobStore.js';
import { createEmbeddedBackend } from './backends/createEmbeddedBackend.js';
import { createFileBlobStore } from './backends/createFileBlobStore.js';
import { createKvBlobStore } from './backends/createKvBlobStore.js';
import { createRedisBackend } from './backends/createRedisBackend.js';
import type { KvBackend } from './backends/KvBackend.js';
import { createResultStore, type ResultStore } from './createResultStore.js';
import { createArtifactStore, type ArtifactStore } from './createArtifactStore.js';
import { createChangeHistory, type ChangeHistory } from './createChangeHistory.js';
import { createCoalescer } from './createCoalescer.js';
import { createPageCache, type PageCache } from './createPageCache.js';
import { systemClock, type Clock } from './clock.js';

/** The embedded home when no data dir is given (relative to the working directory; the service: SCRAPE_DATA_DIR). */
export const DEFAULT_DATA_DIR = '.scrape-data';
/**
 * Embedded only: how often expired artifacts and entries are removed; screenshots live a day, so minutes are plenty.
 */
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

interface CommonOptions {
  clock?: Clock;
  /** Copies kept per page-cache key (default 3). */
  pageVersions?: number;
  /** How long page copies are kept at all (default 2 years). */
  pageRetentionMs?: number;
  /** Entries kept per change history (default 10). */
  historyLimit?: number;
  /** Embedded: background sweep period (default 10 minutes; 0 = never, call `sweep()` yourself). Ignored on Redis. */
  sweepIntervalMs?: number;
  /** Told about a failed background sweep (the store keeps working; the next sweep retries). */
  onSweepError?: (error: unknown) => void;
  /**
   * Embedded: page copies and results are stored after the scrape is answered, at most this many of each at a time
   * (default 64; 0 = every write waits for its commit). Redis writes always wait: they are cheap, and another process
   * may read next.
   */
  pageWriteBehind?: number;
  /** Told about a page write that failed after its scrape was answered. */
  onWriteError?: (error: unknown) => void;
}

/** Page copies the embedded store may be writing after their scrapes were answered. */
export const DEFAULT_PAGE_WRITE_BEHIND = 64;

export type CreateCacheStoresOptions =
  | (CommonOptions & { dataDir: string; lruMaxBytes?: number; redisUrl?: undefined })
  | (CommonOptions & { redisUrl: string; keyPrefix?: string; dataDir?: undefined });

export interface CacheStores {
  readonly kind: 'embedded' | 'redis';
  readonly clock: Clock;
  readonly pages: PageCache;
  readonly history: ChangeHistory;
  readonly artifacts: ArtifactStore;
  /** Finished documents of recent scrapes by id (per team). */
  readonly results: ResultStore;
  /** Shares one fetch among concurrent misses for the same key (per process). */
  coalesce<T>(key: string, fetcher: () => Promise<T>): Promise<T>;
  /** Removes expired data (embedded; a no-op count of 0 on Redis, which expires keys itself). */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens the page cache, change history and artifact store in one home: `{dataDir}` → LMDB + LRU + artifact files
 * under that directory; `{redisUrl}` → everything in Redis under `keyPrefix`. Rejects with CacheError `unavailable`
 * when Redis cannot be reached.
 */
export async function createCacheStores(options: CreateCacheStoresOptions): Promise<CacheStores> {
  const clock = options.clock ?? systemClock;
  let backend: KvBackend;
  let blobs: BlobStore;
  if (options.redisUrl !== undefined) {
    backend = await createRedisBackend({ redisUrl: options.redisUrl, keyPrefix: options.keyPrefix });
    blobs = createKvBlobStore(backend);
  } else {
    backend = createEmbeddedBackend({ dataDir: options.dataDir, lruMaxBytes: options.lruMaxBytes, clock });
    blobs = createFileBlobStore(join(options.dataDir, 'artifacts'));
  }
  const maxPending = backend.kind === 'embedded' ? (options.pageWriteBehind ?? DEFAULT_PAGE_WRITE_BEHIND) : 0;
  const pages = createPageCache(backend, {
    clock,
    versions: options.pageVersions,
    retentionMs: options.pageRetentionMs,
    writeBehind: maxPending > 0 ? { maxPending, onWriteError: options.onWriteError } : undefined,
  });
  const history = createChangeHistory(backend, { clock, limit: options.historyLimit });
  const artifacts = createArtifactStore(backend, blobs, { clock });
  const results = createResultStore(backend, {
    clock,
    writeBehind: maxPending > 0 ? { maxPending, onWriteError: options.onWriteError } : undefined,
  });
  const coalescer = createCoalescer();

  const sweep = async () => (await artifacts.sweepArtifacts()) + (await backend.sweep());
  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  if (backend.kind === 'embedded' && sweepIntervalMs > 0) {
    timer = setInterval(() => void sweep().catch((error) => options.onSweepError?.(error)), sweepIntervalMs);
    // A cache sweep must never keep a process alive.
    timer.unref();
  }

  return {
    kind: backend.kind,
    clock,
    pages,
    history,
    artifacts,
    results,
    coalesce: (key, fetcher) => coalescer.coalesce(key, fetcher),
    sweep,
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all([pages.flush(), results.flush()]);
      await backend.close();
    },
  };
}
