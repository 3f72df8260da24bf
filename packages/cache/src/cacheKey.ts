import { createHash } from 'node:crypto';
import { normalizeUrl } from './normalizeUrl.js';

/** Bumped when the key rule or the stored Source layout changes, so old entries are simply never found again. */
export const CACHE_KEY_VERSION = 'v2';

/**
 * The request options that change what is fetched, so two requests share a cached Source only when they agree on all.
 * Options that only change how a Source is transformed (formats, onlyMainContent, tags, parsers...) are absent on
 * purpose: one fetch serves them all. Omitted fields take the spec's defaults, so `{}` and the explicit defaults
 * make the same key.
 */
export interface CacheVariant {
  mobile?: boolean;
  location?: { country?: string; languages?: readonly string[] };
  blockAds?: boolean;
  proxy?: string;
  /** Screenshot options when a screenshot is taken (`{}` for the defaults); absent/false/null when none is taken. */
  screenshot?: Record<string, unknown> | boolean | null;
  waitFor?: number;
}

const DEFAULT_COUNTRY = 'US';
const DEFAULT_PROXY = 'auto';

/** The variant with the spec's defaults filled in and fields in a fixed order: equal requests give equal text. */
export function canonicalVariant(variant: CacheVariant = {}): string {
  const screenshot = variant.screenshot === true ? {} : variant.screenshot || null;
  const canonical = {
    mobile: variant.mobile === true,
    country: (variant.location?.country ?? DEFAULT_COUNTRY).toUpperCase(),
    // Order is kept: languages are a priority list (Accept-Language).
    languages: (variant.location?.languages ?? []).map((l) => l.toLowerCase()),
    blockAds: variant.blockAds !== false,
    proxy: variant.proxy ?? DEFAULT_PROXY,
    screenshot: screenshot === null ? null : sortKeys(screenshot),
    waitFor: variant.waitFor ?? 0,
  };
  return JSON.stringify(canonical);
}

/**
 * The page-cache key of a request: `v2:` + base64url(SHA-256(normalizeUrl(url) + "\n" + canonicalVariant(variant))).
 * Hashed because URLs can be kilobytes long and LMDB keys are limited to ~2 KB.
 */
export function cacheKey(url: string, variant: CacheVariant = {}): string {
  const digest = createHash('sha256')
    .update(`${normalizeUrl(url)}\n${canonicalVariant(variant)}`)
    .digest('base64url');
  return `${CACHE_KEY_VERSION}:${digest}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
