import { createHash, randomUUID } from 'node:crypto';
import type { FormatObject, FormatType } from '../contract/formats.js';
import { LOCKDOWN_MAX_AGE_DEFAULT_MS } from '../contract/limits.js';
import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import type { CacheVariant, SourceCache } from '../sourceCache.js';
import { acceptLanguageFor } from './acceptLanguageFor.js';

/** How this scrape uses the page cache. */
export interface CachePlan {
  /** `none`: do not read (maxAge 0); `fresh-or-fetch`: read, fetch on a miss; `cache-only`: minAge / lockdown. */
  read: 'none' | 'fresh-or-fetch' | 'cache-only';
  maxAgeMs: number | null;
  minAgeMs: number;
  /** The request option that made the read cache-only, for the 404 code and for 501s without a cache. */
  cacheOnlyBy: 'lockdown' | 'minAge' | null;
  /** Store the fetched Source: storeInCache, and nothing forbids it (spec §2.1: sensitive options force it off). */
  write: boolean;
  variant: CacheVariant;
}

/** Everything later steps need, decided once from the validated request. */
export interface ScrapePlan {
  request: ScrapeRequest;
  scrapeId: string;
  /** `metadata.sourceURL`: exactly what the client sent. */
  sourceURL: string;
  url: URL;
  /** Requested formats by type (deduplicated). */
  formats: ReadonlyMap<FormatType, FormatObject>;
  /** Request options only a browser can serve, in request order; empty: the HTTP engine will do. */
  browserNeeds: string[];
  cache: CachePlan;
  /** Sent unless the request's own headers set Accept-Language. */
  acceptLanguage: string;
  /** Zero data retention (asked for, or implied by lockdown): nothing about the request is stored or logged. */
  zeroDataRetention: boolean;
  startedAt: number;
}

export function planScrape(request: ScrapeRequest): ScrapePlan {
  const formats = new Map(request.formats.map((f) => [f.type, f] as const));
  const screenshot = formats.get('screenshot');
  return {
    request,
    scrapeId: randomUUID(),
    sourceURL: request.url,
    url: new URL(request.url),
    formats,
    browserNeeds: browserNeedsOf(request),
    cache: planCache(request, screenshot ? { ...screenshot } : null),
    acceptLanguage: acceptLanguageFor(request.location),
    zeroDataRetention: request.zeroDataRetention || request.lockdown,
    startedAt: Date.now(),
  };
}

function browserNeedsOf(request: ScrapeRequest): string[] {
  const needs: string[] = [];
  if (request.formats.some((f) => f.type === 'screenshot')) needs.push('formats.screenshot');
  if (request.actions && request.actions.length > 0) needs.push('actions');
  if (request.waitFor > 0) needs.push('waitFor');
  if (request.mobile) needs.push('mobile');
  if (request.profile) needs.push('profile');
  return needs;
}

function planCache(request: ScrapeRequest, screenshot: Record<string, unknown> | null): CachePlan {
  const cacheOnlyBy = request.lockdown ? 'lockdown' : request.minAge !== undefined && request.minAge > 0 ? 'minAge' : null;
  const sensitive = hasEntries(request.headers) || (request.actions?.length ?? 0) > 0 || request.profile !== undefined;
  const variant: CacheVariant = {
    mobile: request.mobile,
    location: request.location,
    blockAds: request.blockAds,
    proxy: request.proxy,
    screenshot,
    waitFor: request.waitFor,
  };
  let read: CachePlan['read'];
  let maxAgeMs: number | null;
  if (cacheOnlyBy === 'minAge') {
    // With minAge the copy must be at least that old; maxAge's 2-day default would make minAge > 2 days unsatisfiable.
    read = 'cache-only';
    maxAgeMs = null;
  } else if (cacheOnlyBy === 'lockdown') {
    read = 'cache-only';
    // maxAge 0 means "skip the cache", which lockdown forbids: keep lockdown's own 2-year bound.
    maxAgeMs = request.maxAge > 0 ? request.maxAge : LOCKDOWN_MAX_AGE_DEFAULT_MS;
  } else {
    read = request.maxAge > 0 ? 'fresh-or-fetch' : 'none';
    maxAgeMs = request.maxAge;
  }
  return {
    read,
    maxAgeMs,
    minAgeMs: request.minAge ?? 0,
    cacheOnlyBy,
    write: request.storeInCache && !sensitive && !request.zeroDataRetention && cacheOnlyBy === null,
    variant,
  };
}

/** The scraper's cache key when the injected cache has no rule of its own: the URL plus the fetch-changing options. */
export function defaultCacheKey(url: string, variant: CacheVariant): string {
  return createHash('sha256').update(`${url}\n${JSON.stringify(variant)}`).digest('base64url');
}

export function cacheKeyOf(plan: ScrapePlan, cache: SourceCache): string {
  return cache.key ? cache.key(plan.url.href, plan.cache.variant) : defaultCacheKey(plan.url.href, plan.cache.variant);
}

function hasEntries(value: object | undefined): boolean {
  return value !== undefined && Object.keys(value).length > 0;
}
