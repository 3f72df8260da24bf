// The public face of @scrape/cache: page cache of Sources + freshness policy, change history, artifacts and recent
// results; embedded (LMDB + LRU) or on Redis behind one interface, opened together by createCacheStores. What the
// other packages of this repository need from the inside (keys, coalescing, the raw backends) is in `./internal.ts`
// (`@scrape/cache/internal`), which makes no promise to anyone else.

/** Opens every store in one home: a data directory (LMDB + LRU + files) or a Redis URL. */
export { createCacheStores } from './createCacheStores.js';
/** The stores createCacheStores opens, and its options (home, versions kept, retention, sweeps, write-behind). */
export type { CacheStores, CreateCacheStoresOptions } from './createCacheStores.js';
/** The embedded home when no data dir is given (relative to the working directory). */
export { DEFAULT_DATA_DIR } from './createCacheStores.js';

/** A fetched page as the cache keeps it (status, headers, body bytes, engine, screenshot). */
export type { Source, SourceScreenshot } from './source.js';
/** The page cache (`stores.pages`) and one copy it returns. */
export type { PageCache, CacheHit, PageWriteOptions } from './createPageCache.js';

/** The freshness policy: a request's maxAge/minAge/lockdown/storeInCache to what the cache may read and write. */
export { planCache } from './planCache.js';
/** planCache's input and its plan (read mode, ages, the spec's code for a miss that must not fetch). */
export type { CachePlan, CachePolicyRequest, CacheReadMode, CacheMissCode } from './planCache.js';

/** The change history (`stores.history`): what changed since the last scrape of a URL, per team and tag. */
export type {
  ChangeHistory,
  ChangeStatus,
  ChangeTrackingResult,
  CompareWithHistoryInput,
  HistoryEntry,
} from './createChangeHistory.js';

/** Screenshots and other blobs (`stores.artifacts`) with their expiry, and the finished documents by id. */
export type { ArtifactStore, Artifact, ArtifactInfo, PutArtifactInput } from './createArtifactStore.js';
/** Finished documents of recent scrapes by id (`stores.results`, GET /v2/scrape/{id}). */
export type { ResultStore, PutResultInput } from './createResultStore.js';

/** The time source every store reads (tests pass a manual one); `systemClock` is Date.now. */
export { systemClock, type Clock } from './clock.js';

/** Every failure of this package; `kind` says which (invalid URL or input, unavailable, corrupt, closed). */
export { CacheError, isCacheError, type CacheErrorKind } from './CacheError.js';
