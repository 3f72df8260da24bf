import { Redis } from 'ioredis';
import { AccountStoreError, type AccountStore } from './AccountStore.js';
import type { RedisGuard } from './redis/redisGuard.js';
import { type AccountsRedis, defineCreditCommands, redisLedger } from './redis/redisLedger.js';
import { redisRecords } from './redis/redisRecords.js';

/** Beside the cache's `scrape:cache:` keys in the same Redis, never mixed with them. */
export const DEFAULT_ACCOUNTS_KEY_PREFIX = 'scrape:accounts:';
/** A dead Redis must fail start-up (and requests) quickly with a clear error, not queue them. */
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RETRIES_PER_REQUEST = 1;

/** Opens a Redis connection for accounts and limits (also used by the rate and concurrency limiters). */
export async function connectAccountsRedis(redisUrl: string): Promise<Redis> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
    // While Redis is away, commands fail at once (the request answers 503) instead of waiting in a queue.
    enableOfflineQueue: false,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new AccountStoreError(`Redis is unreachable at ${redactUrl(redisUrl)}`, { cause: error });
  }
  return redis;
}

/**
 * Accounts in Redis: shared by every server process. Keys and accounts in redis/redisRecords, credits in
 * redis/redisLedger (Lua scripts, atomic).
 */
export function createRedisAccountStore(options: {
  redis: Redis;
  keyPrefix?: string;
  ownsConnection?: boolean;
}): AccountStore {
  const p = options.keyPrefix ?? DEFAULT_ACCOUNTS_KEY_PREFIX;
  const redis = options.redis as AccountsRedis;
  defineCreditCommands(redis);

  const guard: RedisGuard = async (what, work) => {
    try {
      return await work();
    } catch (error) {
      throw new AccountStoreError(`account store ${what} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  return {
    kind: 'redis',
    ...redisRecords(redis, p, guard),
    ...redisLedger(redis, p, guard),
    async close() {
      if (options.ownsConnection === false || redis.status === 'end') return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
