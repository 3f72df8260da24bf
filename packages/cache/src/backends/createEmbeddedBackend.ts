import { mkdirSync } from 'node:fs';
import { CacheError } from '../CacheError.js';
import { systemClock, type Clock } from '../clock.js';
import type { KvBackend } from './KvBackend.js';
import { openCacheDatabases } from './embedded/cacheDatabases.js';
import { createByteLru } from './embedded/createByteLru.js';
import { MAX_SEQ, pushInTransaction, readList } from './embedded/listOps.js';
import { NEVER, type Stamped, stamp, unstamp } from './embedded/stampedValue.js';
import { sweepDue } from './embedded/sweepDue.js';

/**
 * 64 MiB holds ~600 typical Sources (100 KB bodies): the hot set of a busy single node, without decode or map reads.
 */
export const DEFAULT_LRU_MAX_BYTES = 64 * 1024 * 1024;

export interface EmbeddedBackendOptions {
  dataDir: string;
  lruMaxBytes?: number;
  clock?: Clock;
}

/**
 * LMDB under `dataDir/cache.lmdb` (ACID, memory-mapped, safe for several processes on one machine) behind a
 * byte-bounded in-process LRU. The LRU is per process: a second process sharing the directory sees the other's
 * writes on its own misses only, so for several server processes use Redis. Its parts (embedded/): the environment
 * shared per path, the stamped value format, the byte-bounded LRU, list operations and the expiry sweep.
 */
export function createEmbeddedBackend(options: EmbeddedBackendOptions): KvBackend {
  const clock = options.clock ?? systemClock;
  mkdirSync(options.dataDir, { recursive: true });
  const shared = openCacheDatabases(options.dataDir);
  const env = shared.dbs;
  const { root, kv, lists, expiries } = env;
  const lru = createByteLru(options.lruMaxBytes ?? DEFAULT_LRU_MAX_BYTES);
  let closed = false;

  const live = (e: Stamped) => e.expiresAt === NEVER || e.expiresAt > clock.now();
  const expiryFor = (ttlMs?: number) => (ttlMs && ttlMs > 0 ? clock.now() + ttlMs : NEVER);
  const guard = () => {
    if (closed) throw new CacheError('closed', 'The cache store is closed');
  };

  return {
    kind: 'embedded',
    async get(key) {
      guard();
      let entry = lru.get(`k:${key}`) as Stamped | undefined;
      if (!entry) {
        const raw = kv.get(key);
        if (!raw) return null;
        entry = unstamp(raw);
        lru.set(`k:${key}`, entry);
      }
      return live(entry) ? entry.value : null;
    },
    async put(key, value, ttlMs) {
      guard();
      const expiresAt = expiryFor(ttlMs);
      lru.delete(`k:${key}`);
      await root.transaction(() => {
        kv.put(key, stamp(expiresAt, value));
        if (expiresAt !== NEVER) expiries.put([expiresAt, 'k', key], true);
      });
    },
    async delete(key) {
      guard();
      lru.delete(`k:${key}`);
      await kv.remove(key);
    },
    async push(key, value, maxLength, ttlMs) {
      guard();
      const expiresAt = expiryFor(ttlMs);
      lru.delete(`l:${key}`);
      await root.transaction(() => pushInTransaction(env, key, value, maxLength, expiresAt));
      // A read racing the transaction may have cached the old list; drop it again now the commit is visible.
      lru.delete(`l:${key}`);
    },
    async range(key, start, stop) {
      guard();
      const items = readList(env, lru, key).filter(live);
      return items.slice(start, stop < 0 ? undefined : stop + 1).map((e) => e.value);
    },
    async deleteList(key) {
      guard();
      lru.delete(`l:${key}`);
      await lists.transaction(() => {
        for (const k of lists.getKeys({ start: [key, -1], end: [key, MAX_SEQ] })) lists.remove(k);
      });
    },
    async sweep() {
      guard();
      const now = clock.now();
      let removed = 0;
      await root.transaction(() => {
        removed = sweepDue(env, lru, now);
      });
      return removed;
    },
    async close() {
      if (closed) return;
      closed = true;
      lru.clear();
      await shared.release();
    },
  };
}
