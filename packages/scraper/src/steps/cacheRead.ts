import { isIP } from 'node:net';
import { errors } from '../errors.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import { isAllowedAddress } from '../ssrf/addressPolicy.js';
import type { SourceCacheHit } from '../sourceCache.js';
import type { ScrapePlan } from './plan.js';

/** Cache-only requests (minAge, lockdown) cannot be served without a cache: say so before anything runs. */
export function checkCacheRead(plan: ScrapePlan, deps: PipelineDeps): void {
  if (plan.cache.cacheOnlyBy && !deps.cache) {
    throw errors.notImplemented(
      plan.cache.cacheOnlyBy,
      'this scraper runs without a page cache (cache: false), so cache-only reads cannot be served',
    );
  }
  refuseGuardedAddress(plan, deps);
}

/**
 * A copy in a shared cache may have been stored by a process whose SSRF guard was off; a guarded scraper must not
 * hand it out. The engine checks every dialled address, but a hit never dials, so a URL naming a private address
 * literally is refused here. (Host names are checked by the engine at fetch time; resolving them here would be a
 * network request, which lockdown forbids.)
 */
function refuseGuardedAddress(plan: ScrapePlan, deps: PipelineDeps): void {
  if (!deps.cache || plan.cache.read === 'none' || !deps.ssrf) return;
  const host = plan.url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return;
  const port = Number(plan.url.port) || (plan.url.protocol === 'https:' ? 443 : 80);
  if (!isAllowedAddress(host, port, deps.ssrf)) {
    throw errors.ssrfBlocked({ url: plan.sourceURL, address: host, reason: 'private or reserved address' });
  }
}

/**
 * Step 2. A fresh-enough copy is a hit; cache-only modes turn a miss into the spec's 404 (nothing fetched). Without a
 * cache, maxAge/storeInCache simply fetch fresh: that is exactly what an empty cache means.
 */
export async function readCache(plan: ScrapePlan, deps: PipelineDeps): Promise<SourceCacheHit | null> {
  const { cache } = deps;
  const { key } = plan.cache;
  if (!cache || key === undefined || plan.cache.read === 'none') return null;
  const hit = await cache.read(key, {
    maxAgeMs: plan.cache.maxAgeMs,
    minAgeMs: plan.cache.minAgeMs,
  });
  if (hit || plan.cache.read !== 'cache-only') return hit;
  throw plan.cache.cacheOnlyBy === 'lockdown' ? errors.lockdownCacheMiss() : errors.noCachedData();
}
