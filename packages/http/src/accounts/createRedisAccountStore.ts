import { Redis } from 'ioredis';
import type { Account, ApiKeyRecord } from './account.js';
import { AccountStoreError, type AccountSettings, type AccountStore, type UsageRecord } from './AccountStore.js';

/** Beside the cache's `scrape:cache:` keys in the same Redis, never mixed with them. */
export const DEFAULT_ACCOUNTS_KEY_PREFIX = 'scrape:accounts:';
/** A dead Redis must fail start-up (and requests) quickly with a clear error, not queue them. */
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RETRIES_PER_REQUEST = 1;
/** A reservation nobody settled (its process died mid-scrape) is forgotten after a day: the credits stay spent. */
export const RESERVATION_TTL_MS = 24 * 60 * 60 * 1000;

// Balance checks and updates run inside Redis, so processes on any number of machines cannot race each other.
// KEYS: balance, reservation. ARGV: amount, reservation ttl (ms).
const RESERVE = `if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end
local b = tonumber(redis.call('GET', KEYS[1]) or '0')
local n = tonumber(ARGV[1])
if b < n then return 0 end
redis.call('DECRBY', KEYS[1], n)
redis.call('SET', KEYS[2], n, 'PX', ARGV[2])
return 1`;
// KEYS: balance, reservation, usage hash, last-success key. ARGV: cost, usage field ('' = none), now (ISO).
// The usage hash counts what was really taken (held minus refund, or held plus what the balance could still give).
const SETTLE = `local held = redis.call('GET', KEYS[2])
if not held then return 0 end
redis.call('DEL', KEYS[2])
local cost = tonumber(ARGV[1])
local diff = tonumber(held) - cost
local taken = cost
if diff > 0 then redis.call('INCRBY', KEYS[1], diff) end
if diff < 0 then
  local b = tonumber(redis.call('GET', KEYS[1]) or '0')
  local take = math.min(b, -diff)
  if take > 0 then redis.call('DECRBY', KEYS[1], take) end
  taken = tonumber(held) + take
end
if ARGV[2] ~= '' and cost > 0 then
  redis.call('HINCRBY', KEYS[3], ARGV[2], taken)
  redis.call('SET', KEYS[4], ARGV[3])
end
return 1`;
const ADD = `local b = tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1])
if b < 0 then b = 0 end
redis.call('SET', KEYS[1], b)
return b`;

interface AccountsRedis extends Redis {
  reserveCredits(balance: string, reservation: string, amount: number, ttlMs: number): Promise<number>;
  settleCredits(
    balance: string,
    reservation: string,
    usage: string,
    lastOk: string,
    cost: number,
    field: string,
    now: string,
  ): Promise<number>;
  addCredits(key: string, amount: number): Promise<number>;
}

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

/** Accounts in Redis: shared by every server process; credit operations are Lua scripts (atomic). */
export function createRedisAccountStore(options: {
  redis: Redis;
  keyPrefix?: string;
  ownsConnection?: boolean;
}): AccountStore {
  const p = options.keyPrefix ?? DEFAULT_ACCOUNTS_KEY_PREFIX;
  const redis = options.redis as AccountsRedis;
  redis.defineCommand('reserveCredits', { numberOfKeys: 2, lua: RESERVE });
  redis.defineCommand('settleCredits', { numberOfKeys: 4, lua: SETTLE });
  redis.defineCommand('addCredits', { numberOfKeys: 1, lua: ADD });
  const keysSet = p + 'keys';
  const accountsSet = p + 'accounts';

  const guard = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new AccountStoreError(`account store ${what} failed: ${(error as Error).message}`, { cause: error });
    }
  };
  const getJson = async <T>(key: string): Promise<T | null> => {
    const raw = await redis.get(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  };
  const listKeys = async () => {
    const hashes = await redis.smembers(keysSet);
    if (hashes.length === 0) return [];
    const raws = await redis.mget(hashes.map((h) => p + 'key:' + h));
    return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as ApiKeyRecord);
  };

  return {
    kind: 'redis',
    findKey: (hash) =>
      guard('read', async () => {
        const key = await getJson<ApiKeyRecord>(p + 'key:' + hash);
        if (!key) return null;
        const account = await getJson<Account>(p + 'account:' + key.accountId);
        return account ? { key, account } : null;
      }),
    hasKeys: () => guard('read', async () => (await redis.scard(keysSet)) > 0),
    addKey: (record) =>
      guard('write', async () => {
        await redis
          .multi()
          .set(p + 'key:' + record.hash, JSON.stringify(record))
          .sadd(keysSet, record.hash)
          .exec();
      }),
    revokeKey: (id, at) =>
      guard('write', async () => {
        const record = (await listKeys()).find((k) => k.id === id);
        if (!record) return false;
        await redis.set(p + 'key:' + record.hash, JSON.stringify({ ...record, revokedAt: record.revokedAt ?? at }));
        return true;
      }),
    listKeys: () => guard('read', listKeys),
    getAccount: (id) => guard('read', () => getJson<Account>(p + 'account:' + id)),
    listAccounts: () =>
      guard('read', async () => {
        const ids = await redis.smembers(accountsSet);
        if (ids.length === 0) return [];
        const raws = await redis.mget(ids.map((id) => p + 'account:' + id));
        return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as Account);
      }),
    putAccount: (settings: AccountSettings) =>
      guard('write', async () => {
        const existing = await getJson<Account>(p + 'account:' + settings.id);
        const account: Account = {
          ...settings,
          createdAt: existing?.createdAt ?? settings.createdAt ?? new Date().toISOString(),
        };
        await redis
          .multi()
          .set(p + 'account:' + account.id, JSON.stringify(account))
          .sadd(accountsSet, account.id)
          .exec();
        return account;
      }),
    addCredits: (accountId, amount) =>
      guard('write', async () => Number(await redis.addCredits(p + 'credits:' + accountId, amount))),
    balance: (accountId) => guard('read', async () => Number((await redis.get(p + 'credits:' + accountId)) ?? 0)),
    reserveCredits: (accountId, amount, reservationId) =>
      guard(
        'write',
        async () =>
          (await redis.reserveCredits(
            p + 'credits:' + accountId,
            p + 'held:' + reservationId,
            amount,
            RESERVATION_TTL_MS,
          )) === 1,
      ),
    settleCredits: (accountId, reservationId, cost, usage) =>
      guard('write', async () => {
        const field = usage ? `${usage.period}|${usage.keyId ?? ''}` : '';
        const keys = [
          p + 'credits:' + accountId,
          p + 'held:' + reservationId,
          p + 'usage:' + accountId,
          p + 'lastok:' + accountId,
        ] as const;
        return (await redis.settleCredits(...keys, cost, field, new Date().toISOString())) === 1;
      }),
    recordUsage: (accountId, usage, credits) =>
      guard('write', async () => {
        const field = `${usage.period}|${usage.keyId ?? ''}`;
        const multi = redis.multi().set(p + 'lastok:' + accountId, new Date().toISOString());
        if (credits > 0) multi.hincrby(p + 'usage:' + accountId, field, credits);
        await multi.exec();
      }),
    usage: (accountId) =>
      guard('read', async () => {
        const [all, last] = await Promise.all([
          redis.hgetall(p + 'usage:' + accountId),
          redis.get(p + 'lastok:' + accountId),
        ]);
        const records: UsageRecord[] = Object.entries(all).map(([field, credits]) => {
          const [period, keyId] = field.split('|');
          return { period, ...(keyId ? { keyId } : {}), credits: Number(credits) };
        });
        return { records, lastSuccessAt: last };
      }),
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
