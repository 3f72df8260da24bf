/** Spec §2.1/§8: the default `maxAge`. */
export const DEFAULT_MAX_AGE_MS = 172_800_000;
/** Spec §8: the default `maxAge` under `lockdown` is 2 years (2 × 365 days). */
export const LOCKDOWN_MAX_AGE_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** The request fields that decide how the cache is used (spec §2.1). */
export interface CachePolicyRequest {
  maxAge?: number;
  minAge?: number;
  lockdown?: boolean;
  storeInCache?: boolean;
  zeroDataRetention?: boolean;
  headers?: Record<string, string> | null;
  actions?: readonly unknown[] | null;
  profile?: unknown;
}

/**
 * - `bypass`: do not read (maxAge 0); fetch.
 * - `fresh-or-fetch`: read; a copy no older than `maxAgeMs` is a hit, otherwise fetch.
 * - `cache-only`: read; never fetch. A miss is the scraper's 404 `missCode`.
 */
export type CacheReadMode = 'bypass' | 'fresh-or-fetch' | 'cache-only';

export type CacheMissCode = 'SCRAPE_NO_CACHED_DATA' | 'SCRAPE_LOCKDOWN_CACHE_MISS';

export interface CachePlan {
  read: CacheReadMode;
  /** Upper bound on a usable copy's age; `null` when there is none (minAge cache-only reads). */
  maxAgeMs: number | null;
  /** Lower bound on a usable copy's age (0 unless `minAge` was sent). */
  minAgeMs: number;
  /** Set for `cache-only`: the 404 code the scraper raises on a miss. */
  missCode: CacheMissCode | null;
  /** Store the fetched Source in the page cache. */
  writeCache: boolean;
  /** Record this scrape in the change history (the comparison itself always runs). */
  writeHistory: boolean;
  /** Keep artifacts (screenshots) in the artifact store; when false the scraper must inline them. */
  writeArtifacts: boolean;
  /** Why nothing is written, for logs and tests; `null` when writing is allowed. */
  noWriteReason: 'lockdown' | 'zeroDataRetention' | 'storeInCache' | 'headers' | 'actions' | 'profile' | null;
}

/**
 * Decides how one request uses the cache. Pure: the pipeline calls it once in its plan step.
 *
 * Reading: `lockdown` or `minAge` → cache-only (lockdown wins for the miss code). With `minAge` the copy must be at
 * least that old and `maxAge` is not applied (its 2-day default would make every `minAge` above 2 days unsatisfiable);
 * `minAge: 1` therefore accepts any copy. Under lockdown without `minAge`, `maxAge` bounds the age (default 2 years);
 * `maxAge: 0` would mean "do not use the cache", which lockdown forbids, so lockdown keeps its 2-year default then.
 * Otherwise `maxAge: 0` bypasses the read and any other value reads copies up to that age.
 *
 * Writing (cache, history, artifacts alike — the rule is "nothing about the request is written anywhere"):
 * never under lockdown (treated as zero data retention), `zeroDataRetention`, `storeInCache: false`, or when
 * `headers`, `actions` or `profile` are sent (the spec forces `storeInCache` false for those).
 */
export function planCache(request: CachePolicyRequest): CachePlan {
  const lockdown = request.lockdown === true;
  const minAge = request.minAge ?? 0;
  const cacheOnly = lockdown || minAge > 0;
  const { read, maxAgeMs } = planRead(request, lockdown, minAge);
  const noWriteReason = noWriteReasonOf(request);
  const write = noWriteReason === null && !cacheOnly;
  // cache-only requests fetch nothing, so there is no Source to store; history and artifacts follow the retention rule.
  const retain = noWriteReason === null;

  return {
    read,
    maxAgeMs,
    // The spec's "1 accepts any cached data regardless of age" includes a copy stored this very millisecond.
    minAgeMs: minAge <= 1 ? 0 : minAge,
    missCode: cacheOnly ? (lockdown ? 'SCRAPE_LOCKDOWN_CACHE_MISS' : 'SCRAPE_NO_CACHED_DATA') : null,
    writeCache: write,
    writeHistory: retain,
    writeArtifacts: retain,
    noWriteReason,
  };
}

/** The read half of the plan: how the cache may be read and the oldest copy it may answer with. */
function planRead(
  request: CachePolicyRequest,
  lockdown: boolean,
  minAge: number,
): Pick<CachePlan, 'read' | 'maxAgeMs'> {
  if (minAge > 0) return { read: 'cache-only', maxAgeMs: null };
  if (lockdown) {
    const maxAge = request.maxAge !== undefined && request.maxAge > 0 ? request.maxAge : LOCKDOWN_MAX_AGE_MS;
    return { read: 'cache-only', maxAgeMs: maxAge };
  }
  const maxAge = request.maxAge ?? DEFAULT_MAX_AGE_MS;
  return { read: maxAge <= 0 ? 'bypass' : 'fresh-or-fetch', maxAgeMs: Math.max(0, maxAge) };
}

/** The first reason (in the spec's order) why nothing about this request may be written, or null. */
function noWriteReasonOf(request: CachePolicyRequest): CachePlan['noWriteReason'] {
  if (request.lockdown === true) return 'lockdown';
  if (request.zeroDataRetention === true) return 'zeroDataRetention';
  if (request.storeInCache === false) return 'storeInCache';
  if (hasEntries(request.headers)) return 'headers';
  if (request.actions && request.actions.length > 0) return 'actions';
  if (request.profile !== undefined && request.profile !== null) return 'profile';
  return null;
}

/** Where a cached copy stands against a plan's age window. */
export type CopyVerdict = 'usable' | 'too-old' | 'too-young';

/**
 * Judges a copy fetched at `fetchedAt` (epoch ms) at time `now`. A copy from the future (clock skew) counts as age 0.
 */
export function judgeCopy(plan: Pick<CachePlan, 'maxAgeMs' | 'minAgeMs'>, fetchedAt: number, now: number): CopyVerdict {
  const age = Math.max(0, now - fetchedAt);
  if (plan.maxAgeMs !== null && age > plan.maxAgeMs) return 'too-old';
  if (age < plan.minAgeMs) return 'too-young';
  return 'usable';
}

function hasEntries(value: Record<string, string> | null | undefined): boolean {
  return !!value && Object.keys(value).length > 0;
}
