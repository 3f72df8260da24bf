/**
 * Typed errors raised by @scrape/cache. The scraper maps them to spec statuses: `invalid_url` → 400 "Invalid URL",
 * `unavailable` → 503, `corrupt` → 500. Cache misses are not errors: they are decisions the scraper turns into 404s.
 */
export type CacheErrorKind = 'invalid_url' | 'invalid_input' | 'unavailable' | 'corrupt' | 'closed';

export class CacheError extends Error {
  readonly kind: CacheErrorKind;
  readonly details?: unknown;
  constructor(kind: CacheErrorKind, message: string, details?: unknown) {
    super(message);
    this.name = 'CacheError';
    this.kind = kind;
    this.details = details;
  }
}

export function isCacheError(value: unknown): value is CacheError {
  return value instanceof CacheError;
}
