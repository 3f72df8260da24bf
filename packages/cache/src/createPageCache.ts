import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { judgeCopy, LOCKDOWN_MAX_AGE_MS, type CachePlan } from './planCache.js';
import { decodeSource, encodeSource, type Source } from './source.js';

/**
 * Copies kept per key, newest first. More than one so `minAge` ("a copy at least this old") still finds the
 * previous copy after a recent refresh; few, because each holds a whole body.
 */
export const DEFAULT_PAGE_VERSIONS = 3;
/** How long a copy is kept at all: lockdown's default `maxAge` (2 years), so lockdown can serve what it promises. */
export const DEFAULT_PAGE_RETENTION_MS = LOCKDOWN_MAX_AGE_MS;
const PAGE_KEY_PREFIX = 'page:';

export interface CacheHit {
  source: Source;
  /** ISO 8601 time of the fetch: the response's `metadata.cachedAt`. */
  cachedAt: string;
  ageMs: number;
}

export interface PageCache {
  /**
   * The newest stored copy for `key` that fits the plan's age window (`maxAgeMs` / `minAgeMs`), or null.
   * Call it only when `plan.read !== 'bypass'`.
   */
  read(key: string, window: Pick<CachePlan, 'maxAgeMs' | 'minAgeMs'>): Promise<CacheHit | null>;
  /** Stores a fetched Source as the newest copy for `key`. Call only when `plan.writeCache && shouldStoreSource(source)`. */
  write(key: string, source: Source): Promise<void>;
  /** Drops every copy for `key`. */
  forget(key: string): Promise<void>;
}

export interface PageCacheOptions {
  clock?: Clock;
  versions?: number;
  retentionMs?: number;
}

export function createPageCache(backend: KvBackend, options: PageCacheOptions = {}): PageCache {
  const clock = options.clock ?? systemClock;
  const versions = options.versions ?? DEFAULT_PAGE_VERSIONS;
  const retentionMs = options.retentionMs ?? DEFAULT_PAGE_RETENTION_MS;

  return {
    async read(key, window) {
      const now = clock.now();
      const listKey = PAGE_KEY_PREFIX + key;
      const hit = (source: Source): CacheHit => ({
        source,
        cachedAt: new Date(source.fetchedAt).toISOString(),
        ageMs: Math.max(0, now - source.fetchedAt),
      });
      // The newest copy answers almost every read (maxAge); older ones are fetched only when it is too young (minAge).
      const [newestBytes] = await backend.range(listKey, 0, 0);
      if (!newestBytes) return null;
      const newest = decodeSource(newestBytes);
      if (now - newest.fetchedAt > retentionMs) return null;
      const verdict = judgeCopy(window, newest.fetchedAt, now);
      if (verdict === 'usable') return hit(newest);
      if (verdict === 'too-old') return null;
      for (const bytes of await backend.range(listKey, 1, versions - 1)) {
        const older = decodeSource(bytes);
        if (now - older.fetchedAt > retentionMs) return null;
        const olderVerdict = judgeCopy(window, older.fetchedAt, now);
        if (olderVerdict === 'usable') return hit(older);
        // Copies are newest first: once one is too old, every later one is too.
        if (olderVerdict === 'too-old') return null;
      }
      return null;
    },
    async write(key, source) {
      await backend.push(PAGE_KEY_PREFIX + key, encodeSource(source), versions, retentionMs);
    },
    async forget(key) {
      await backend.deleteList(PAGE_KEY_PREFIX + key);
    },
  };
}
