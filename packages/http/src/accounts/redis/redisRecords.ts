import type { Redis } from 'ioredis';
import type { Account, ApiKeyRecord } from '../account.js';
import type { AccountSettings } from '../AccountStore.js';
import type { AccountRecords } from '../accountStoreParts.js';
import type { RedisGuard } from './redisGuard.js';

/**
 * Keys and accounts in Redis under prefix `p`: one JSON string per record (`key:{sha256}`, `account:{id}`), with
 * the sets `keys` and `accounts` listing them.
 */
export function redisRecords(redis: Redis, p: string, guard: RedisGuard): AccountRecords {
  const keysSet = p + 'keys';
  const accountsSet = p + 'accounts';
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
  };
}
