import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { LOCKDOWN_MAX_AGE_MS, type CachePlan } from './planCache.js';
import { judgeRetained, readStoredCopy } from './readStoredCopy.js';
import { checkStorable, decodeSource, encodeSource, type Source } from './source.js';
import { createAfterGate } from './startAfter.js';

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
  /**
   * Stores a fetched Source as the newest copy for `key`. Call only when `plan.writeCache &&
   * shouldStoreSource(source)`.
   */
  write(key: string, source: Source, options?: PageWriteOptions): Promise<void>;
  /** Drops every copy for `key`. */
  forget(key: string): Promise<void>;
  /** Resolves once every write accepted so far is stored, or has failed and been reported to `onWriteError`. */
  flush(): Promise<void>;
}

/**
 * Write-behind: `write()` resolves at once and the copy is stored after the answer, so a scrape does not wait for
 * the store's durable commit (an fsync on the embedded store). Reads in this process see a copy still in flight.
 * At most `maxPending` writes wait at a time; past that a write waits for its own commit (backpressure, nothing is
 * dropped). `flush()` (and the stores' `close()`) waits for all of them: a SIGTERM loses nothing, a crash loses at
 * most the copies in flight, which a cache may lose.
 */
export interface WriteBehindOptions {
  maxPending: number;
  /** Told about a write that failed after its scrape was answered (the page simply stays uncached). */
  onWriteError?: (error: unknown) => void;
}

export interface PageWriteOptions {
  /**
   * Write-behind only: the store starts once this settles (the scrape's answer), not during the rest of the scrape,
   * where its encoding, transaction and commit would compete with the transform for the CPU. The Source (its body
   * included) must not change until then: it is encoded when the store starts. Reads see the copy meanwhile;
   * `flush()` starts it at once. Ignored when the write waits for its own commit (no write-behind, backpressure).
   */
  after?: PromiseLike<unknown>;
}

export interface PageCacheOptions {
  clock?: Clock;
  versions?: number;
  retentionMs?: number;
  /** Store copies after answering (see WriteBehindOptions); absent: `write()` resolves once the copy is stored. */
  writeBehind?: WriteBehindOptions;
}

export function createPageCache(backend: KvBackend, options: PageCacheOptions = {}): PageCache {
  const clock = options.clock ?? systemClock;
  const versions = options.versions ?? DEFAULT_PAGE_VERSIONS;
  const retentionMs = options.retentionMs ?? DEFAULT_PAGE_RETENTION_MS;
  const writeBehind = options.writeBehind;
  /**
   * The newest copy per key whose write is still in flight (write-behind only) and that write. `encoded` gives its
   * stored bytes, made once: a write that waits for its scrape's answer encodes only when it starts (the copy of the
   * body is then made after the answer, not on the scrape's path), or when a read needs the copy first.
   */
  const queued = new Map<string, { encoded: () => Uint8Array; fetchedAt: number; stored: Promise<void> }>();
  const inFlight = new Set<Promise<void>>();
  /** Writes waiting for their scrape's answer (`PageWriteOptions.after`), each started at most once. */
  const waiting = createAfterGate();
  const store = (key: string, bytes: Uint8Array) => backend.push(PAGE_KEY_PREFIX + key, bytes, versions, retentionMs);
  const flush = async () => {
    waiting.startAll();
    while (inFlight.size > 0) await Promise.all(inFlight);
  };

  return {
    async read(key, window) {
      const now = clock.now();
      const listKey = PAGE_KEY_PREFIX + key;
      const hit = (source: Source): CacheHit => ({
        source,
        cachedAt: new Date(source.fetchedAt).toISOString(),
        ageMs: Math.max(0, now - source.fetchedAt),
      });
      // A copy still being written is the newest one: judge it first, as the stored newest is judged below. When it
      // is too young (minAge), older copies may be in flight too: wait for this key's writes, then read the store.
      const writing = queued.get(key);
      if (writing) {
        const verdict = judgeRetained(window, writing.fetchedAt, now, retentionMs);
        if (verdict === 'usable') return hit(decodeSource(writing.encoded()));
        if (verdict === 'too-old') return null;
        await writing.stored;
      }
      const stored = await readStoredCopy(backend, listKey, window, now, { retentionMs, versions });
      return stored ? hit(stored) : null;
    },
    async write(key, source, options) {
      if (!writeBehind || inFlight.size >= writeBehind.maxPending) return store(key, encodeSource(source));
      // Checked now, as the encoding would: a Source that cannot be stored fails its own write, not a later one.
      checkStorable(source);
      const encoded = once(() => encodeSource(source));
      const run: Promise<void> = (
        options?.after ? waiting.run(() => store(key, encoded()), options.after) : store(key, encoded())
      )
        .catch((error: unknown) => writeBehind.onWriteError?.(error))
        .finally(() => {
          inFlight.delete(run);
          if (queued.get(key)?.stored === run) queued.delete(key);
        });
      queued.set(key, { encoded, fetchedAt: source.fetchedAt, stored: run });
      inFlight.add(run);
    },
    async forget(key) {
      // A write still in flight would bring the copy back after the delete.
      await flush();
      await backend.deleteList(PAGE_KEY_PREFIX + key);
    },
    flush,
  };
}

/** `make` run at most once, its answer kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
