import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RootDatabase } from 'lmdb';
import { openSharedLmdb } from '@scrape/shared-lmdb';

/**
 * The little storage monitors need, in the two homes every other store has: JSON records, score-ordered indexes
 * (newest first) and expiring claims (the overlap guard and the once-per-due-time guard). Both homes make `claim`
 * atomic across processes: Redis `SET NX PX`, LMDB a write transaction (the environment's write lock).
 */
export interface MonitorKv {
  get<T>(key: string): Promise<T | null>;
  put(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Merges `patch` into the record at `key` atomically (null when there is none): concurrent patches all land. With
   * `when`, only if the record read in that same atomic step passes it (null otherwise, nothing written).
   */
  patch<T extends object>(key: string, patch: Partial<T>, when?: (current: T) => boolean): Promise<T | null>;
  /**
   * Writes the record at `key` and adds `index.member` to `index.name` at `index.score`, in one atomic step, only
   * while `parent` holds a record: false, nothing written, when it does not. A child written this way cannot outlive
   * a delete of its parent that removes the parent first and then the children its index lists.
   */
  putChild(parent: string, key: string, value: unknown, index: IndexEntry): Promise<boolean>;
  /** Adds (or moves) `member` in `index` at `score`. */
  indexAdd(index: string, member: string, score: number): Promise<void>;
  indexRemove(index: string, member: string): Promise<void>;
  /** Members by descending score. */
  indexRange(index: string, offset: number, limit: number): Promise<string[]>;
  /** Members whose score is below `score` (pruning). */
  indexBelow(index: string, score: number): Promise<string[]>;
  /** True when `key` was free (or its claim expired) and is now held by `owner` for `ttlMs`. */
  claim(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Frees `key` if `owner` still holds it. */
  release(key: string, owner: string): Promise<void>;
  close(): Promise<void>;
}

/** A member of an index at a score (newest first). */
export interface IndexEntry {
  name: string;
  member: string;
  score: number;
}

export const MONITORS_DIR_NAME = 'monitors';

/** Monitors in their own LMDB environment under `{dataDir}/monitors` (beside the jobs' and accounts' files). */
export function createEmbeddedMonitorKv(dataDir: string): MonitorKv {
  const path = join(dataDir, MONITORS_DIR_NAME);
  mkdirSync(path, { recursive: true });
  // Shared with any other store of this process on the same directory (a second open could deadlock it).
  const shared = openSharedLmdb(path, { encoding: 'json' });
  const db: RootDatabase = shared.root;
  // Index entries are array keys `['i', index, score, member]` (ordered element by element); `['s', index, member]`
  // remembers a member's score so it can be moved or removed.
  const TOP = Number.MAX_SAFE_INTEGER;
  type Key = [string, string, number, string];
  /** Inside a write transaction: adds or moves `member` in `index`. */
  const addToIndex = (index: string, member: string, score: number) => {
    const old = db.get(['s', index, member]) as number | undefined;
    if (old !== undefined) db.remove(['i', index, old, member]);
    db.put(['i', index, score, member], 1);
    db.put(['s', index, member], score);
  };

  return {
    get: async <T>(key: string) => (db.get(['v', key]) as T | undefined) ?? null,
    put: async (key, value) => void (await db.put(['v', key], value)),
    del: async (key) => void (await db.remove(['v', key])),
    patch: <T extends object>(key: string, patch: Partial<T>, when?: (current: T) => boolean) =>
      db.transaction(() => {
        // Read and write in one write transaction: no other patch lands between them.
        const m = db.get(['v', key]) as T | undefined;
        if (!m || (when && !when(m))) return null;
        const next = { ...m, ...patch };
        db.put(['v', key], next);
        return next;
      }),
    putChild: (parent, key, value, index) =>
      db.transaction(() => {
        // The parent's presence and the child's writes in one write transaction: no delete lands between them.
        if (db.get(['v', parent]) === undefined) return false;
        db.put(['v', key], value);
        addToIndex(index.name, index.member, index.score);
        return true;
      }),
    async indexAdd(index, member, score) {
      await db.transaction(() => addToIndex(index, member, score));
    },
    async indexRemove(index, member) {
      await db.transaction(() => {
        const old = db.get(['s', index, member]) as number | undefined;
        if (old !== undefined) db.remove(['i', index, old, member]);
        db.remove(['s', index, member]);
      });
    },
    async indexRange(index, offset, limit) {
      const range = db.getKeys({ start: ['i', index, TOP], end: ['i', index, -1], reverse: true, offset, limit });
      return [...range].map((k) => (k as Key)[3]);
    },
    async indexBelow(index, score) {
      const range = db.getKeys({ start: ['i', index, -1], end: ['i', index, score] });
      return [...range].map((k) => (k as Key)[3]);
    },
    async claim(key, owner, ttlMs) {
      const k = ['c', key];
      return db.transaction(() => {
        const held = db.get(k) as { owner: string; until: number } | undefined;
        if (held && held.until > Date.now()) return false;
        db.put(k, { owner, until: Date.now() + ttlMs });
        return true;
      });
    },
    async release(key, owner) {
      const k = ['c', key];
      await db.transaction(() => {
        const held = db.get(k) as { owner: string } | undefined;
        if (held?.owner === owner) db.remove(k);
      });
    },
    close: () => shared.release(),
  };
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Monitors in Redis, shared by every server process (keys under `prefix`). */
export async function createRedisMonitorKv(redisUrl: string, prefix: string): Promise<MonitorKv> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    // Otherwise ioredis keeps reconnecting in the background and holds the process open.
    redis.disconnect();
    throw error;
  }
  const k = (key: string) => prefix + key;
  const { patch, putChild, close: closeTx } = createRedisTransactions(redis, k);
  return {
    async get<T>(key: string) {
      const raw = await redis.get(k(`v:${key}`));
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    put: async (key, value) => void (await redis.set(k(`v:${key}`), JSON.stringify(value))),
    del: async (key) => void (await redis.del(k(`v:${key}`))),
    patch: (key, fields, when) => patch(`v:${key}`, fields, when),
    putChild: (parent, key, value, index) => putChild(parent, key, value, index),
    indexAdd: async (index, member, score) => void (await redis.zadd(k(`i:${index}`), score, member)),
    indexRemove: async (index, member) => void (await redis.zrem(k(`i:${index}`), member)),
    indexRange: (index, offset, limit) => redis.zrevrange(k(`i:${index}`), offset, offset + limit - 1),
    indexBelow: (index, score) => redis.zrangebyscore(k(`i:${index}`), '-inf', `(${score}`),
    claim: async (key, owner, ttlMs) =>
      (await redis.set(k(`c:${key}`), owner, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK',
    release: async (key, owner) => void (await redis.eval(RELEASE, 1, k(`c:${key}`), owner)),
    close: async () => {
      await closeTx();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The writes that read before they write, as optimistic transactions (WATCH, then MULTI/EXEC, again when another
 * writer changed a watched key in between): `patch` (read-merge-write of a JSON record) and `putChild` (a record and
 * its index entry while the parent exists). WATCH belongs to a connection, so they have their own and take turns on it.
 */
function createRedisTransactions(redis: Redis, k: (key: string) => string) {
  const tx = redis.duplicate();
  tx.on('error', () => {});
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(work: () => Promise<R>): Promise<R> => {
    const run = turn.then(work);
    turn = run.catch(() => {});
    return run;
  };
  const patchOnce = async <T extends object>(
    key: string,
    fields: Partial<T>,
    when?: (current: T) => boolean,
  ): Promise<T | null> => {
    for (;;) {
      await tx.watch(k(key));
      const raw = await tx.get(k(key));
      const current = raw === null ? null : (JSON.parse(raw) as T);
      if (current === null || (when && !when(current))) {
        await tx.unwatch();
        return null;
      }
      const next = { ...current, ...fields };
      // EXEC answers null when the watched key changed: read again.
      if (await tx.multi().set(k(key), JSON.stringify(next)).exec()) return next;
    }
  };
  const putChildOnce = async (parent: string, key: string, value: unknown, index: IndexEntry): Promise<boolean> => {
    for (;;) {
      await tx.watch(k(`v:${parent}`));
      if (!(await tx.exists(k(`v:${parent}`)))) {
        await tx.unwatch();
        return false;
      }
      const write = tx.multi().set(k(`v:${key}`), JSON.stringify(value));
      // EXEC answers null when the parent changed (or went) since WATCH: look again.
      if (await write.zadd(k(`i:${index.name}`), index.score, index.member).exec()) return true;
    }
  };
  return {
    patch: <T extends object>(key: string, fields: Partial<T>, when?: (current: T) => boolean) =>
      inTurn(() => patchOnce(key, fields, when)),
    putChild: (parent: string, key: string, value: unknown, index: IndexEntry) =>
      inTurn(() => putChildOnce(parent, key, value, index)),
    close: async () => void (await tx.quit().catch(() => tx.disconnect())),
  };
}
