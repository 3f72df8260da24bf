import { errors } from '../errors.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { SourceCacheHit } from '../sourceCache.js';
import { cacheKeyOf, type ScrapePlan } from './plan.js';

/** Cache-only requests (minAge, lockdown) cannot be served without a cache: say so before anything runs. */
export function checkCacheRead(plan: ScrapePlan, deps: PipelineDeps): void {
  if (plan.cache.cacheOnlyBy && !deps.cache) {
    throw errors.notImplemented(plan.cache.cacheOnlyBy, 'this server has no page cache configured, so cache-only reads cannot be served');
  }
}

/**
 * Step 2. A fresh-enough copy is a hit; cache-only modes turn a miss into the spec's 404. Without a cache,
 * maxAge/storeInCache simply fetch fresh: that is exactly what an empty cache means.
 */
export async function readCache(plan: ScrapePlan, deps: PipelineDeps): Promise<SourceCacheHit | null> {
  const cache = deps.cache;
  if (!cache || plan.cache.read === 'none') return null;
  const hit = await cache.read(cacheKeyOf(plan, cache), { maxAgeMs: plan.cache.maxAgeMs, minAgeMs: plan.cache.minAgeMs });
  if (hit || plan.cache.read !== 'cache-only') return hit;
  throw plan.cache.cacheOnlyBy === 'lockdown' ? errors.lockdownCacheMiss() : errors.noCachedData();
}
