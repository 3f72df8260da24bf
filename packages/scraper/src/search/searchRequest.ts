import { z } from 'zod';
import { parseScrapeRequest, toValidationError } from '../contract/parseScrapeRequest.js';
import { errors, ScrapeError } from '../errors.js';

export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_TIMEOUT_DEFAULT_MS = 60_000;
export const SEARCH_TIMEOUT_MAX_MS = 300_000;
export const SEARCH_QUERY_MAX_CHARS = 500;
export const SEARCH_DOMAINS_MAX = 50;

export const SEARCH_SOURCES = ['web', 'news', 'images'] as const;
export const SEARCH_CATEGORIES = ['github', 'research', 'pdf'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/, 'a domain such as example.com');
/** A source or category as a string or `{ type }`; unknown names are kept to be reported in `warning`, not refused. */
const typedName = z.union([
  z.string().min(1).max(40),
  z.looseObject({ type: z.string().min(1).max(40) }).transform((o) => o.type),
]);

export const searchRequestSchema = z.looseObject({
  query: z.string().trim().min(1, 'query must not be empty').max(SEARCH_QUERY_MAX_CHARS),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  sources: z.array(typedName).max(10).default(['web']),
  categories: z.array(typedName).max(10).default([]),
  includeDomains: z.array(domainSchema).max(SEARCH_DOMAINS_MAX).default([]),
  excludeDomains: z.array(domainSchema).max(SEARCH_DOMAINS_MAX).default([]),
  tbs: z.string().max(200).optional(),
  location: z.string().max(200).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code')
    .optional(),
  timeout: z.number().int().min(1_000).max(SEARCH_TIMEOUT_MAX_MS).default(SEARCH_TIMEOUT_DEFAULT_MS),
  ignoreInvalidURLs: z.boolean().default(false),
  scrapeOptions: z.record(z.string(), z.unknown()).optional(),
});

export type SearchRequest = z.output<typeof searchRequestSchema>;

/**
 * Validates a search body (400s naming the field). Fields the SDK and MCP server add that this build has no use
 * for (`origin`, `integration`, `toolDetail`, `domainTools`, `highlights`) are accepted and ignored; `scrapeOptions`
 * is checked as a scrape request would be, so a bad option fails before any search is made.
 */
export function parseSearchRequest(body: unknown): SearchRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.badRequest('Bad Request', [
      { code: 'invalid_type', path: [], message: 'The request body must be a JSON object' },
    ]);
  }
  const result = searchRequestSchema.safeParse(body);
  if (!result.success) throw toValidationError(result.error.issues);
  const request = result.data;
  if (request.includeDomains.length && request.excludeDomains.length) {
    throw errors.badRequest('includeDomains and excludeDomains cannot both be specified', [
      { code: 'custom', path: ['includeDomains'], message: 'use one of them' },
    ]);
  }
  if (request.scrapeOptions) {
    if ('url' in request.scrapeOptions) {
      throw errors.badRequest('scrapeOptions must not contain url', [
        { code: 'unrecognized_keys', path: ['scrapeOptions', 'url'], message: 'each result is scraped at its own URL' },
      ]);
    }
    try {
      parseScrapeRequest({ ...request.scrapeOptions, url: 'https://example.com/' });
    } catch (error) {
      if (error instanceof ScrapeError) throw prefixed(error);
      throw error;
    }
  }
  return request;
}

/** A scrapeOptions problem names its field under `scrapeOptions`. */
function prefixed(error: ScrapeError): ScrapeError {
  const details = Array.isArray(error.details)
    ? (error.details as { path?: (string | number)[] }[]).map((d) => ({
        ...d,
        path: ['scrapeOptions', ...(d.path ?? [])],
      }))
    : error.details;
  return new ScrapeError({ status: error.status, error: error.error, code: error.code, details });
}
