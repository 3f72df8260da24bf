// @scrape/cache/internal: the parts of the cache that the other packages of this repository (the scraper, the
// benchmarks) use from the inside. No promise of stability to anyone else; the public face is `./index.ts`.

/** The cache key of a page request (normalised URL + the variant fields that change the stored copy). */
export { cacheKey } from './cacheKey.js';
/** URL normalisation shared by cache keys and the crawl's seen set. */
export { normalizeUrl } from './normalizeUrl.js';
/** Which answers are worth keeping (no transient or blocked answers: 401/403, 408, 429, 5xx). */
export { shouldStoreSource } from './source.js';
/** One fetch shared by concurrent misses of one key (the scraper's per-process coalescing). */
export { createCoalescer } from './createCoalescer.js';
/** The longest max age a lockdown request reads (tests of the cache step). */
export { LOCKDOWN_MAX_AGE_MS } from './planCache.js';
/** The key-value backends on their own (interact profiles and session directories live in them). */
export { createEmbeddedBackend } from './backends/createEmbeddedBackend.js';
export { createRedisBackend, DEFAULT_REDIS_KEY_PREFIX } from './backends/createRedisBackend.js';
export type { KvBackend } from './backends/KvBackend.js';
/** A clock the tests move by hand. */
export { createManualClock, type ManualClock } from './clock.js';
