import { Redis } from 'ioredis';
import { JobError } from '../JobError.js';

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Claims keys for the frontier. A key is new when nobody claimed it (and the job is under its cap); a key this same
 * parent claimed before is returned again, because the parent's earlier run may have died between claiming and
 * queueing it (the queue add is idempotent by id, and a finished item is skipped by the done set).
 * KEYS: job, seen. ARGV: parent, key...
 */
const CLAIM = `
local status = redis.call('hget', KEYS[1], 'status')
if status ~= 'running' then return {} end
local maxItems = tonumber(redis.call('hget', KEYS[1], 'maxItems') or '')
local total = tonumber(redis.call('hget', KEYS[1], 'total') or '0')
local out = {}
for i = 2, #ARGV do
  local k = ARGV[i]
  local holder = redis.call('hget', KEYS[2], k)
  if holder == false then
    if maxItems == nil or total < maxItems then
      redis.call('hset', KEYS[2], k, ARGV[1])
      total = total + 1
      redis.call('hincrby', KEYS[1], 'pending', 1)
      out[#out + 1] = k
    end
  elseif holder == ARGV[1] then
    out[#out + 1] = k
  end
end
redis.call('hset', KEYS[1], 'total', total)
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
if expiresAt then redis.call('pexpireat', KEYS[2], expiresAt) end
return out`;

/**
 * Commits one item's outcome once: the done set makes a second commit (a retried or taken-over item) a no-op.
 * Alias keys are claimed in the seen set; one claimed by another item makes this result a duplicate (not stored).
 * KEYS: job, done, results, errors, seen. ARGV: itemKey, resultJson, errorJson, credits, now, alias...
 * Returns {pendingLeft, finished} or {-1, 0} for a duplicate / unknown job.
 */
const COMMIT = `
if redis.call('exists', KEYS[1]) == 0 then return {-1, 0} end
if redis.call('sadd', KEYS[2], ARGV[1]) == 0 then return {-1, 0} end
local status = redis.call('hget', KEYS[1], 'status')
if status == 'running' then
  local duplicate = false
  for i = 6, #ARGV do
    if ARGV[i] ~= ARGV[1] then
      local holder = redis.call('hget', KEYS[5], ARGV[i])
      if holder == false then
        redis.call('hset', KEYS[5], ARGV[i], 'alias:' .. ARGV[1])
      elseif holder ~= 'alias:' .. ARGV[1] then
        duplicate = true
      end
    end
  end
  if ARGV[2] ~= '' and not duplicate then
    redis.call('rpush', KEYS[3], ARGV[2])
    redis.call('hincrby', KEYS[1], 'completed', 1)
  end
  if ARGV[3] ~= '' then
    redis.call('rpush', KEYS[4], ARGV[3])
    redis.call('hincrby', KEYS[1], 'failed', 1)
  end
  redis.call('hincrby', KEYS[1], 'creditsUsed', tonumber(ARGV[4]))
end
local pending = redis.call('hincrby', KEYS[1], 'pending', -1)
if pending < 0 then
  redis.call('hset', KEYS[1], 'pending', 0)
  pending = 0
end
local finished = 0
if pending == 0 and status == 'running' then
  redis.call('hset', KEYS[1], 'status', 'completed', 'finishedAt', ARGV[5])
  finished = 1
end
redis.call('hset', KEYS[1], 'updatedAt', ARGV[5])
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
for i = 2, 5 do
  if redis.call('exists', KEYS[i]) == 1 then redis.call('pexpireat', KEYS[i], expiresAt) end
end
return {pending, finished}`;

/** Claims a finished item's alias keys before its links are queued. KEYS: seen. ARGV: holder, alias... */
const CLAIM_ALIASES = `
for i = 2, #ARGV do redis.call('hsetnx', KEYS[1], ARGV[i], ARGV[1]) end
return 1`;

/** Stops a running job (cancel / finish early). KEYS: job. ARGV: team ('' = any), status, now, error, errorCode. */
const STOP = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
if ARGV[1] ~= '' and redis.call('hget', KEYS[1], 'team') ~= ARGV[1] then return 0 end
if redis.call('hget', KEYS[1], 'status') ~= 'running' then return 1 end
redis.call('hset', KEYS[1], 'status', ARGV[2], 'updatedAt', ARGV[3], 'finishedAt', ARGV[3])
if ARGV[4] ~= '' then redis.call('hset', KEYS[1], 'error', ARGV[4]) end
if ARGV[5] ~= '' then redis.call('hset', KEYS[1], 'errorCode', ARGV[5]) end
return 1`;

// Limits (see JobLimits): the clock is Redis' own TIME, so workers on machines with skewed clocks share one timeline.
const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: leases zset (member → expiry). ARGV: id, limit, ttlMs. Returns 1 when `id` holds a lease now. */
const TRY_LEASE = `${NOW_MS}
local ttl = tonumber(ARGV[3])
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
local held = redis.call('zscore', KEYS[1], ARGV[1]) ~= false
if not held and redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], now + ttl, ARGV[1])
redis.call('pexpire', KEYS[1], ttl)
return 1`;

/** KEYS: next-start key. Returns the ms left before the next start (0: now). */
const UNTIL_NEXT = `${NOW_MS}
local nextAt = tonumber(redis.call('get', KEYS[1]) or '0')
if now < nextAt then return nextAt - now end
return 0`;

/** KEYS: next-start key. ARGV: gapMs. Moves the next start to now + gap unless it is later already. */
const PUSH_NEXT = `${NOW_MS}
local gap = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('get', KEYS[1]) or '0')
if now + gap > nextAt then redis.call('set', KEYS[1], now + gap, 'PX', gap + 1000) end
return 0`;

/** The client with this package's Lua scripts as commands. */
export type RedisWithScripts = Redis & {
  claimKeys(job: string, seen: string, parent: string, ...keys: string[]): Promise<string[]>;
  commitItem(
    job: string,
    done: string,
    results: string,
    errors: string,
    seen: string,
    ...args: (string | number)[]
  ): Promise<[number, number]>;
  stopJob(job: string, ...args: (string | number)[]): Promise<number>;
  claimAliases(seen: string, holder: string, ...aliases: string[]): Promise<number>;
  tryLease(leases: string, id: string, limit: number, ttlMs: number): Promise<number>;
  untilNext(key: string): Promise<number>;
  pushNext(key: string, gapMs: number): Promise<number>;
};

/** BullMQ's connection options for the same Redis. */
export function bullConnection(redisUrl: string) {
  return { url: redisUrl, maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS };
}

/** Connects to Redis (every key under `prefix`) and defines the scripts; an unreachable Redis is a JobError. */
export async function connectJobRedis(redisUrl: string, prefix: string): Promise<RedisWithScripts> {
  const redis = new Redis(redisUrl, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
  }) as RedisWithScripts;
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new JobError('unavailable', `Redis is unreachable for the job queue: ${String(error)}`);
  }
  redis.defineCommand('claimKeys', { numberOfKeys: 2, lua: CLAIM });
  redis.defineCommand('commitItem', { numberOfKeys: 5, lua: COMMIT });
  redis.defineCommand('stopJob', { numberOfKeys: 1, lua: STOP });
  redis.defineCommand('claimAliases', { numberOfKeys: 1, lua: CLAIM_ALIASES });
  redis.defineCommand('tryLease', { numberOfKeys: 1, lua: TRY_LEASE });
  redis.defineCommand('untilNext', { numberOfKeys: 1, lua: UNTIL_NEXT });
  redis.defineCommand('pushNext', { numberOfKeys: 1, lua: PUSH_NEXT });
  return redis;
}
