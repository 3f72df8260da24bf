import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { errors } from '@scrape/scraper';

/** Spec §8: the plan's limit is per minute. */
const WINDOW_SECONDS = 60;

export interface RateLimiter {
  /** Counts one request for the account; throws 429 `Rate limit exceeded` with Retry-After (seconds) when over. */
  consume(accountId: string, perMinute: number): Promise<void>;
}

/**
 * Fixed one-minute windows per account (rate-limiter-flexible). With Redis the window is shared by every process;
 * while Redis is unreachable each process falls back to its own in-memory window (documented degradation: the
 * limit then holds per process, not in total), so a Redis outage does not turn into refusing every request.
 */
export function createRateLimiter(options: { redis?: Redis; keyPrefix?: string } = {}): RateLimiter {
  const keyPrefix = (options.keyPrefix ?? 'scrape:accounts:') + 'rate';
  // One limiter per distinct limit: accounts on the same plan share an instance, keys stay per account.
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterFor = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
      limiter = options.redis
        ? new RateLimiterRedis({
            storeClient: options.redis,
            points,
            duration: WINDOW_SECONDS,
            keyPrefix,
            insuranceLimiter: memory,
            rejectIfRedisNotReady: true,
          })
        : memory;
      limiters.set(points, limiter);
    }
    return limiter;
  };

  return {
    async consume(accountId, perMinute) {
      try {
        await limiterFor(perMinute).consume(accountId);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw errors.rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        throw rejection;
      }
    },
  };
}
