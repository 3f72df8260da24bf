import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { LRUCache } from 'lru-cache';
import { CacheError } from '../CacheError.js';
import { systemClock, type Clock } from '../clock.js';
import type { KvBackend } from './KvBackend.js';

/**
 * 64 MiB holds ~600 typical Sources (100 KB bodies): the hot set of a busy single node, without decode or map reads.
 */
export const DEFAULT_LRU_MAX_BYTES = 64 * 1024 * 1024;
/** Items larger than this skip the LRU: one huge PDF must not evict hundreds of pages. */
const LRU_MAX_ITEM_FRACTION = 0.1;
/** Per-item bookkeeping counted against the LRU budget besides the bytes themselves. */
const LRU_ENTRY_OVERHEAD_BYTES = 64;
/**
 * Each stored value is prefixed by its expiry (epoch ms as float64; 0 = never): reads judge it without a second lookup.
 */
const EXPIRY_BYTES = 8;
const NEVER = 0;
/** Highest list sequence number, the start of a newest-first range scan. */
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

export interface EmbeddedBackendOptions {
  dataDir: string;
  lruMaxBytes?: number;
  clock?: Clock;
}

type ExpiryKey = [number, 'k', string] | [number, 'l', string, number];

interface Stamped {
  expiresAt: number;
  value: Uint8Array;
}

/**
 * LMDB under `dataDir/cache.lmdb` (ACID, memory-mapped, safe for several processes on one machine) behind a
 * byte-bounded in-process LRU. The LRU is per process: a second process sharing the directory sees the other's
 * writes on its own misses only, so for several server processes use Redis.
 */
/** One LMDB environment and its databases, shared by every backend of this process on the same directory. */
interface SharedEnv {
  root: RootDatabase;
  kv: Database<Buffer, string>;
  lists: Database<Buffer, [string, number]>;
  expiries: Database<boolean, ExpiryKey>;
  users: number;
}

/**
 * Open environments by path. Why: opening a store runs `openDB`, a synchronous write transaction on the main thread;
 * if another backend of this process on the same directory has an async `transaction()` whose callback is waiting
 * for the main thread, LMDB's writer waits for the main thread and the main thread for the writer: the process hangs
 * for good (seen when two scrapers of one process shared the default data directory). One environment per path, with
 * a count of its users, never opens twice.
 */
const openEnvs = new Map<string, SharedEnv>();

function acquireEnv(dataDir: string): { path: string; env: SharedEnv } {
  const path = resolve(dataDir, 'cache.lmdb');
  let env = openEnvs.get(path);
  if (!env) {
    const root: RootDatabase = open({ path });
    env = {
      root,
      kv: root.openDB({ name: 'kv', encoding: 'binary' }),
      lists: root.openDB({ name: 'lists', encoding: 'binary' }),
      // Expiry index ordered by time, so a sweep reads only what is due instead of every (100 KB) value.
      // Keys: [expiresAt, 'k', key] or [expiresAt, 'l', listKey, seq]. Entries may be stale (value since overwritten
      // or trimmed); the sweep checks the value's own stamp before deleting.
      expiries: root.openDB({ name: 'expiries', encoding: 'msgpack' }),
      users: 0,
    };
    openEnvs.set(path, env);
  }
  env.users++;
  return { path, env };
}

async function releaseEnv(path: string, env: SharedEnv): Promise<void> {
  env.users--;
  if (env.users > 0) return;
  if (openEnvs.get(path) === env) openEnvs.delete(path);
  await env.root.close();
}

export function createEmbeddedBackend(options: EmbeddedBackendOptions): KvBackend {
  const clock = options.clock ?? systemClock;
  mkdirSync(options.dataDir, { recursive: true });
  const { path: envPath, env } = acquireEnv(options.dataDir);
  const { root, kv, lists, expiries } = env;
  const lruMaxBytes = options.lruMaxBytes ?? DEFAULT_LRU_MAX_BYTES;
  const lru = new LRUCache<string, Stamped | Stamped[]>({
    maxSize: lruMaxBytes,
    maxEntrySize: Math.max(1, Math.floor(lruMaxBytes * LRU_MAX_ITEM_FRACTION)),
    sizeCalculation: (entry) =>
      Array.isArray(entry)
        ? entry.reduce((n, e) => n + e.value.byteLength + LRU_ENTRY_OVERHEAD_BYTES, LRU_ENTRY_OVERHEAD_BYTES)
        : entry.value.byteLength + LRU_ENTRY_OVERHEAD_BYTES,
  });
  let closed = false;

  const live = (e: Stamped) => e.expiresAt === NEVER || e.expiresAt > clock.now();
  const expiryFor = (ttlMs?: number) => (ttlMs && ttlMs > 0 ? clock.now() + ttlMs : NEVER);
  const guard = () => {
    if (closed) throw new CacheError('closed', 'The cache store is closed');
  };

  function readList(key: string): Stamped[] {
    const cached = lru.get(`l:${key}`) as Stamped[] | undefined;
    if (cached) return cached;
    const items: Stamped[] = [];
    for (const { value } of lists.getRange({ start: [key, MAX_SEQ], end: [key, -1], reverse: true }))
      items.push(unstamp(value));
    lru.set(`l:${key}`, items);
    return items;
  }

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
      await root.transaction(() => {
        const keys = [...lists.getKeys({ start: [key, MAX_SEQ], end: [key, -1], reverse: true })];
        const nextSeq = keys.length === 0 ? 0 : keys[0][1] + 1;
        lists.put([key, nextSeq], stamp(expiresAt, value));
        if (expiresAt !== NEVER) expiries.put([expiresAt, 'l', key, nextSeq], true);
        for (const old of keys.slice(Math.max(0, maxLength - 1))) lists.remove(old);
      });
      // A read racing the transaction may have cached the old list; drop it again now the commit is visible.
      lru.delete(`l:${key}`);
    },
    async range(key, start, stop) {
      guard();
      const items = readList(key).filter(live);
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
        for (const entry of expiries.getKeys({ start: [0], end: [now + 1] })) {
          expiries.remove(entry);
          const [expiresAt, kind, key] = entry;
          if (kind === 'k') {
            const raw = kv.get(key);
            if (raw && expiryOf(raw) === expiresAt) {
              kv.remove(key);
              lru.delete(`k:${key}`);
              removed++;
            }
          } else {
            const itemKey: [string, number] = [key, entry[3] as number];
            const raw = lists.get(itemKey);
            if (raw && expiryOf(raw) === expiresAt) {
              lists.remove(itemKey);
              lru.delete(`l:${key}`);
              removed++;
            }
          }
        }
      });
      return removed;
    },
    async close() {
      if (closed) return;
      closed = true;
      lru.clear();
      await releaseEnv(envPath, env);
    },
  };
}

function stamp(expiresAt: number, value: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(EXPIRY_BYTES + value.byteLength);
  out.writeDoubleBE(expiresAt, 0);
  out.set(value, EXPIRY_BYTES);
  return out;
}

function expiryOf(raw: Uint8Array): number {
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).readDoubleBE(0);
}

function unstamp(raw: Uint8Array): Stamped {
  // A plain Uint8Array view: both homes hand out the same type.
  return {
    expiresAt: expiryOf(raw),
    value: new Uint8Array(raw.buffer, raw.byteOffset + EXPIRY_BYTES, raw.byteLength - EXPIRY_BYTES),
  };
}
