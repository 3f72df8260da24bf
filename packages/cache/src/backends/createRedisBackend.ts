import { Redis } from 'ioredis';
import { CacheError } from '../CacheError.js';
import type { KvBackend } from './KvBackend.js';

/**
 * Every key this package writes starts with this, so one Redis can host other tenants (and tests clean up by prefix).
 */
export const DEFAULT_REDIS_KEY_PREFIX = 'scrape:cache:';
/** Fail start-up quickly with a clear error instead of queueing commands forever against a dead Redis. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A command fails after this many reconnect attempts rather than hanging a scrape. */
const MAX_RETRIES_PER_REQUEST = 3;

/** Lease scripts: only the holder's token may extend or delete the key (ioredis prefixes KEYS like any key). */
const RENEW_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const DELETE_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface RedisBackendOptions {
  redisUrl: string;
  keyPrefix?: string;
}

/** The shared home: several server processes on several machines see one cache through one Redis. */
export async function createRedisBackend(options: RedisBackendOptions): Promise<KvBackend> {
  const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  const redis = new Redis(options.redisUrl, {
    keyPrefix,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
  });
  // ioredis reports connection trouble as events; commands already fail with their own errors.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new CacheError('unavailable', `Redis is unreachable at ${redactUrl(options.redisUrl)}`, {
      cause: String(error),
    });
  }

  const toBuffer = (v: Uint8Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  // Plain Uint8Array views: both homes hand out the same type.
  const view = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

  const backend: KvBackend = {
    kind: 'redis',
    async get(key) {
      const value = await redis.getBuffer(key);
      return value && view(value);
    },
    async put(key, value, ttlMs) {
      if (ttlMs && ttlMs > 0) await redis.set(key, toBuffer(value), 'PX', Math.ceil(ttlMs));
      else await redis.set(key, toBuffer(value));
    },
    async delete(key) {
      await redis.del(key);
    },
    async push(key, value, maxLength, ttlMs) {
      const tx = redis
        .multi()
        .lpush(key, toBuffer(value))
        .ltrim(key, 0, maxLength - 1);
      if (ttlMs && ttlMs > 0) tx.pexpire(key, Math.ceil(ttlMs));
      const results = await tx.exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed)
        throw new CacheError('unavailable', 'Redis transaction failed', { cause: String(failed?.[0]) });
    },
    async range(key, start, stop) {
      return (await redis.lrangeBuffer(key, start, stop)).map(view);
    },
    async deleteList(key) {
      await redis.del(key);
    },
    async sweep() {
      return 0;
    },
    async acquireLease(key, token, ttlMs) {
      return (await redis.set(key, token, 'PX', Math.ceil(ttlMs), 'NX')) === 'OK';
    },
    async renewLease(key, token, ttlMs) {
      return (await redis.eval(RENEW_IF_HELD, 1, key, token, String(Math.ceil(ttlMs)))) === 1;
    },
    async releaseLease(key, token) {
      await redis.eval(DELETE_IF_HELD, 1, key, token);
    },
    async close() {
      if (redis.status === 'end') return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return unavailableOnFailure(backend);
}

/**
 * A Redis that goes away mid-run makes ioredis reject with its own errors (connection closed, retries exhausted);
 * they become CacheError `unavailable`, which the service answers with 503 instead of an unexpected 500.
 */
function unavailableOnFailure(backend: KvBackend): KvBackend {
  const wrapped = { ...backend } as Record<string, unknown>;
  for (const [name, value] of Object.entries(backend)) {
    if (typeof value !== 'function' || name === 'close') continue;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(backend, args);
      } catch (error) {
        if (error instanceof CacheError) throw error;
        throw new CacheError(
          'unavailable',
          `Redis command failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
  }
  return wrapped as unknown as KvBackend;
}

/** Connection strings carry passwords; error messages must not. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable REDIS_URL>';
  }
}
