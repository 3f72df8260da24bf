// The public face of @scrape/cache: page cache of Sources + freshness policy, change history, artifacts;
// embedded (LMDB + LRU) or on Redis behind one interface.
export {
  createCacheStores,
  DEFAULT_DATA_DIR,
  DEFAULT_SWEEP_INTERVAL_MS,
  type CacheStores,
  type CreateCacheStoresOptions,
} from './createCacheStores.js';
export {
  planCache,
  judgeCopy,
  DEFAULT_MAX_AGE_MS,
  LOCKDOWN_MAX_AGE_MS,
  type CachePlan,
  type CachePolicyRequest,
  type CacheReadMode,
  type CacheMissCode,
  type CopyVerdict,
} from './planCache.js';
export { cacheKey, canonicalVariant, CACHE_KEY_VERSION, type CacheVariant } from './cacheKey.js';
export { normalizeUrl } from './normalizeUrl.js';
export { shouldStoreSource, encodeSource, decodeSource, type Source, type SourceScreenshot } from './source.js';
export {
  createPageCache,
  DEFAULT_PAGE_VERSIONS,
  DEFAULT_PAGE_RETENTION_MS,
  type PageCache,
  type CacheHit,
} from './createPageCache.js';
export { createCoalescer, type Coalescer } from './createCoalescer.js';
export {
  createChangeHistory,
  classifyChange,
  markdownDiff,
  historyKey,
  DEFAULT_HISTORY_LIMIT,
  type ChangeHistory,
  type ChangeStatus,
  type ChangeTrackingResult,
  type CompareWithHistoryInput,
  type HistoryEntry,
} from './createChangeHistory.js';
export { normalizeMarkdown } from './normalizeMarkdown.js';
export {
  createArtifactStore,
  DEFAULT_ARTIFACT_TTL_MS,
  type ArtifactStore,
  type Artifact,
  type ArtifactInfo,
  type PutArtifactInput,
} from './createArtifactStore.js';
export {
  createResultStore,
  DEFAULT_RESULT_TTL_MS,
  type ResultStore,
  type PutResultInput,
} from './createResultStore.js';
export { createEmbeddedBackend, DEFAULT_LRU_MAX_BYTES } from './backends/createEmbeddedBackend.js';
export { createRedisBackend, DEFAULT_REDIS_KEY_PREFIX } from './backends/createRedisBackend.js';
export type { KvBackend } from './backends/KvBackend.js';
export type { BlobStore } from './backends/BlobStore.js';
export { systemClock, createManualClock, type Clock, type ManualClock } from './clock.js';
export { CacheError, isCacheError, type CacheErrorKind } from './CacheError.js';
export { fetchThroughCache, type FetchThroughCacheResult } from './fetchThroughCache.js';
