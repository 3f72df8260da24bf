import type { Redis } from 'ioredis';
import type { UsageRecord } from '../AccountStore.js';
import type { CreditLedger } from '../accountStoreParts.js';
import type { RedisGuard } from './redisGuard.js';

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

export interface AccountsRedis extends Redis {
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

/** Registers the credit scripts on the connection (once per store, before any credit operation). */
export function defineCreditCommands(redis: AccountsRedis): void {
  redis.defineCommand('reserveCredits', { numberOfKeys: 2, lua: RESERVE });
  redis.defineCommand('settleCredits', { numberOfKeys: 4, lua: SETTLE });
  redis.defineCommand('addCredits', { numberOfKeys: 1, lua: ADD });
}

/**
 * Balances, reservations and usage in Redis under prefix `p`: `credits:{account}`, `held:{reservation}` (with a
 * TTL), the `usage:{account}` hash (`{YYYY-MM}|{keyId}` fields) and `lastok:{account}`. Balance checks and updates
 * are Lua scripts, so processes on any number of machines cannot race each other.
 */
export function redisLedger(redis: AccountsRedis, p: string, guard: RedisGuard): CreditLedger {
  return {
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
  };
}
