import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { errors } from '@scrape/scraper';

/** How often a queued request on Redis looks for a free slot (slots are freed by other processes too). */
const REDIS_POLL_MS = 25;
/** A waiter's queue entry expires unless refreshed by its poll: a crashed process does not hold queue places. */
const WAITER_LEASE_MS = 5_000;
/** A slot outlives its scrape's own timeout by this much before Redis frees it (a crashed process's slots). */
const SLOT_LEASE_MARGIN_MS = 60_000;
/** A release that failed (Redis away) is tried again this often until it lands or its lease has run out. */
const RELEASE_RETRY_MS = 500;

export interface ConcurrencySlot {
  /** Milliseconds spent waiting for the slot; null when one was free at once. */
  queuedMs: number | null;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** Scrapes the account may run at once. */
  limit: number;
  /** Requests that may wait; one more is refused with 429. */
  queueLimit: number;
  /** Longest wait (the request's timeout); past it the request is refused with 429. */
  waitMs: number;
  /** Aborts the wait (client gone, server shutting down). */
  signal?: AbortSignal;
}

export interface ConcurrencyLimiter {
  acquire(accountId: string, options: AcquireOptions): Promise<ConcurrencySlot>;
  /** Slots held and requests waiting for one, now (on Redis: across every process). */
  activity?(accountId: string): Promise<{ active: number; waiting: number }>;
}

/**
 * Per-account slots with a bounded wait queue. In memory (one process) the queue is FIFO; on Redis the slots and
 * queue are shared by every process and a waiting request polls for a slot (first come is not strictly first served
 * across processes; a newcomer never jumps a non-empty queue).
 */
export function createConcurrencyLimiter(options: { redis?: Redis; keyPrefix?: string } = {}): ConcurrencyLimiter {
  return options.redis ? redisLimiter(options.redis, options.keyPrefix ?? 'scrape:accounts:') : memoryLimiter();
}

function memoryLimiter(): ConcurrencyLimiter {
  interface Waiter {
    wake: () => void;
  }
  const states = new Map<string, { active: number; queue: Waiter[] }>();
  const stateOf = (id: string) => {
    let s = states.get(id);
    if (!s) states.set(id, (s = { active: 0, queue: [] }));
    return s;
  };

  return {
    async activity(accountId) {
      const state = states.get(accountId);
      return { active: state?.active ?? 0, waiting: state?.queue.length ?? 0 };
    },
    async acquire(accountId, { limit, queueLimit, waitMs, signal }) {
      const state = stateOf(accountId);
      const slot = (queuedMs: number | null): ConcurrencySlot => {
        let released = false;
        return {
          queuedMs,
          async release() {
            if (released) return;
            released = true;
            const next = state.queue.shift();
            // The slot passes straight to the next waiter, so nobody can slip in between.
            if (next) next.wake();
            else if (--state.active === 0) states.delete(accountId);
          },
        };
      };
      if (state.active < limit && state.queue.length === 0) {
        state.active++;
        return slot(null);
      }
      if (state.queue.length >= queueLimit) throw errors.concurrencyLimited();
      signal?.throwIfAborted();
      const started = Date.now();
      return new Promise<ConcurrencySlot>((resolve, reject) => {
        const waiter: Waiter = {
          wake: () => {
            cleanup();
            resolve(slot(Date.now() - started));
          },
        };
        const leave = (error: unknown) => {
          const i = state.queue.indexOf(waiter);
          if (i !== -1) state.queue.splice(i, 1);
          cleanup();
          reject(error);
        };
        const timer = setTimeout(() => leave(errors.concurrencyLimited()), waitMs);
        const onAbort = () => leave(signal?.reason ?? new Error('aborted'));
        signal?.addEventListener('abort', onAbort, { once: true });
        const cleanup = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        state.queue.push(waiter);
      });
    },
  };
}

// KEYS: slots zset, queue zset. ARGV: now, limit, slot expiry, member, queue limit, waiter expiry, first attempt (1/0).
// Returns 1 (slot taken), 0 (queued, try again later), -1 (queue full).
const TRY_ACQUIRE = `local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local first = ARGV[7] == '1'
local queued = redis.call('ZCARD', KEYS[2])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) and (not first or queued == 0) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
  redis.call('ZREM', KEYS[2], ARGV[4])
  return 1
end
if first and queued >= tonumber(ARGV[5]) then return -1 end
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[4])
return 0`;

interface LimiterRedis extends Redis {
  tryAcquireSlot(slots: string, queue: string, ...args: (string | number)[]): Promise<number>;
}

function redisLimiter(client: Redis, keyPrefix: string): ConcurrencyLimiter {
  const redis = client as LimiterRedis;
  redis.defineCommand('tryAcquireSlot', { numberOfKeys: 2, lua: TRY_ACQUIRE });
  const retryReleases = releaseRetries(redis);

  return {
    async activity(accountId) {
      // Expired leases (crashed processes) are not counted: only entries whose expiry is still ahead.
      const now = Date.now();
      const [active, waiting] = await Promise.all([
        redis.zcount(`${keyPrefix}conc:${accountId}`, `(${now}`, '+inf'),
        redis.zcount(`${keyPrefix}concq:${accountId}`, `(${now}`, '+inf'),
      ]);
      return { active, waiting };
    },
    async acquire(accountId, { limit, queueLimit, waitMs, signal }) {
      const slots = `${keyPrefix}conc:${accountId}`;
      const queue = `${keyPrefix}concq:${accountId}`;
      const member = randomUUID();
      const started = Date.now();
      let leaseEnds = 0;
      const attempt = (first: boolean) => {
        const now = Date.now();
        leaseEnds = now + waitMs + SLOT_LEASE_MARGIN_MS;
        return redis.tryAcquireSlot(
          slots,
          queue,
          now,
          limit,
          leaseEnds,
          member,
          queueLimit,
          now + WAITER_LEASE_MS,
          first ? 1 : 0,
        );
      };
      const slot = (queuedMs: number | null): ConcurrencySlot => {
        let released = false;
        return {
          queuedMs,
          async release() {
            if (released) return;
            released = true;
            // A failed release (Redis away) is retried until Redis is back: left to its lease, the slot would stay
            // taken for a minute after Redis returns, and an account whose every slot was in flight when Redis went
            // away could run nothing until then (429s). A crash is still covered by the lease.
            await redis.zrem(slots, member).catch(() => retryReleases(slots, member, leaseEnds));
          },
        };
      };

      let result = await attempt(true);
      if (result === 1) return slot(null);
      if (result === -1) throw errors.concurrencyLimited();
      try {
        for (;;) {
          await sleep(REDIS_POLL_MS, signal);
          if (Date.now() - started >= waitMs) throw errors.concurrencyLimited();
          result = await attempt(false);
          if (result === 1) return slot(Date.now() - started);
        }
      } catch (error) {
        await redis.zrem(queue, member).catch(() => undefined);
        throw error;
      }
    },
  };
}

/** Slot releases that Redis did not take, tried again in order every RELEASE_RETRY_MS until they land. */
function releaseRetries(redis: Redis): (slots: string, member: string, leaseEnds: number) => void {
  const pending: { slots: string; member: string; leaseEnds: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let draining = false;
  const drain = async () => {
    timer = undefined;
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0) {
        const next = pending[0];
        // Past its lease Redis has dropped it already (the acquire script removes expired entries).
        if (next.leaseEnds > Date.now()) await redis.zrem(next.slots, next.member);
        pending.shift();
      }
    } catch {
      // still away: try again later
    } finally {
      draining = false;
    }
    if (pending.length > 0) schedule();
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => void drain(), RELEASE_RETRY_MS);
    timer.unref();
  };
  return (slots, member, leaseEnds) => {
    pending.push({ slots, member, leaseEnds });
    schedule();
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
