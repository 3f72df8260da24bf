import { createHash, randomUUID } from 'node:crypto';
import type { RetainedPage } from '@scrape/browser';
import { planCache as cachePolicy } from '@scrape/cache';
import type { FormatObject, FormatType } from '../contract/formats.js';
import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import type { CacheVariant, SourceCache } from '../sourceCache.js';
import { acceptLanguageFor } from './acceptLanguageFor.js';
import { googleExportUrl } from './googleExportUrl.js';

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
  /**
   * Anything about this request may be kept (change history, artifacts): false under zeroDataRetention, lockdown,
   * storeInCache false, headers, actions or profile. Unlike `write` it stays true for cache-only reads (minAge).
   */
  retain: boolean;
  variant: CacheVariant;
  /**
   * The page-cache key, made once here (a hash) for the read, the coalescing, the write and the transform memo;
   * undefined without a cache or when this scrape neither reads nor writes it.
   */
  key: string | undefined;
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
  /**
   * How screenshots and action outputs reach the client: `store` as expiring artifacts behind URLs (24 h), `inline`
   * as data: URIs when nothing may be kept (zero data retention, lockdown). Unlike the page cache, sensitive options
   * (headers, actions) do not force `inline`: an artifact is this client's own output behind an unguessable link.
   */
  artifacts: 'store' | 'inline';
  startedAt: number;
  /** The team the scrape is billed to (profiles are per team); set by the pipeline. */
  team?: string;
  /**
   * Receives the browser page of this scrape, kept open for an interact session (the caller owns and closes it). Set
   * by the pipeline from the scrape context, never under zero data retention; absent: the render's page is closed.
   */
  onRetainedPage?: (page: RetainedPage) => void;
  /** The caller's credit budget for work billed by size (PDF pages); set by the pipeline. See ScrapeContext. */
  creditBudget?: CreditBudget;
}

/**
 * Asked before work billed by size: reserves what it can of `upTo` credits in all (what the scrape already holds
 * counts) and answers the number the scrape may spend; the work is then cut to that, so a balance is never overdrawn.
 */
export type CreditBudget = (upTo: number) => Promise<number>;

/** `cache`: the scraper's page cache, whose key rule makes `cache.key` (none: the plan has no key). */
export function planScrape(request: ScrapeRequest, cache?: SourceCache): ScrapePlan {
  const formats = new Map(request.formats.map((f) => [f.type, f] as const));
  const screenshot = formats.get('screenshot');
  // Google Docs / Sheets / Slides are fetched as their export (PDF / CSV), as the peer does: the editor is an app.
  const url = googleExportUrl(new URL(request.url)) ?? new URL(request.url);
  return {
    request,
    scrapeId: randomUUID(),
    sourceURL: request.url,
    url,
    formats,
    browserNeeds: browserNeedsOf(request),
    cache: planCache(request, screenshot ? { ...screenshot } : null, url.href, cache),
    acceptLanguage: acceptLanguageFor(request.location),
    zeroDataRetention: request.zeroDataRetention || request.lockdown,
    artifacts: request.zeroDataRetention || request.lockdown ? 'inline' : 'store',
    startedAt: Date.now(),
  };
}

function browserNeedsOf(request: ScrapeRequest): string[] {
  const needs: string[] = [];
  if (request.formats.some((f) => f.type === 'screenshot')) needs.push('formats.screenshot');
  if (request.actions && request.actions.length > 0) needs.push('actions');
  if (request.waitFor > 0) needs.push('waitFor');
  if (request.mobile) needs.push('mobile');
  if (request.formats.some((f) => f.type === 'branding')) needs.push('formats.branding');
  if (request.profile) needs.push('profile');
  return needs;
}

function planCache(
  request: ScrapeRequest,
  screenshot: Record<string, unknown> | null,
  href: string,
  cache: SourceCache | undefined,
): CachePlan {
  const cacheOnlyBy = request.lockdown
    ? 'lockdown'
    : request.minAge !== undefined && request.minAge > 0
      ? 'minAge'
      : null;
  const variant: CacheVariant = {
    mobile: request.mobile,
    location: request.location,
    blockAds: request.blockAds,
    proxy: request.proxy,
    screenshot,
    waitFor: request.waitFor,
  };
  // One policy for the whole service (@scrape/cache): read mode, age window, and what may be written.
  // With minAge the copy must be at least that old and maxAge is not applied; lockdown keeps its 2-year bound on maxAge
  // 0.
  const policy = cachePolicy(request);
  // A fresh-or-fetch request whose own fetch would differ from a stored copy is not answered from one: custom
  // headers, actions or a profile see another page, and skipTlsVerification: false insists on a verified certificate
  // that the stored copy may not have had. Branding reads the live rendered page, which a stored Source does not keep.
  // (Cache-only reads still read: the client asked for the cache.)
  // Change tracking compares the page as it is now with the previous scrape: a stored copy would replay an old
  // comparison instead of noticing the change.
  const ownFetch =
    request.formats.some((f) => f.type === 'branding' || f.type === 'changeTracking') ||
    (request.headers !== undefined && Object.keys(request.headers).length > 0) ||
    (request.actions?.length ?? 0) > 0 ||
    request.profile !== undefined ||
    !request.skipTlsVerification;
  const read = policy.read === 'bypass' || (policy.read === 'fresh-or-fetch' && ownFetch) ? 'none' : policy.read;
  const keyed = cache !== undefined && (read !== 'none' || policy.writeCache);
  return {
    read,
    maxAgeMs: policy.maxAgeMs,
    minAgeMs: policy.minAgeMs,
    cacheOnlyBy,
    write: policy.writeCache,
    retain: policy.writeHistory,
    variant,
    key: keyed ? (cache.key ? cache.key(href, variant) : defaultCacheKey(href, variant)) : undefined,
  };
}

/** The scraper's cache key when the injected cache has no rule of its own: the URL plus the fetch-changing options. */
export function defaultCacheKey(url: string, variant: CacheVariant): string {
  return createHash('sha256')
    .update(`${url}\n${JSON.stringify(variant)}`)
    .digest('base64url');
}
