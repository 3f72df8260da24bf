import { z } from 'zod';
import { errors, isScrapeError, ScrapeError } from '../errors.js';
import { isHttpUrl } from '../contract/scrapeRequest.js';
import { parseScrapeRequest, toValidationError } from '../contract/parseScrapeRequest.js';
import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import { compileUserPattern } from './compileUserPattern.js';
import { defineOwn } from '../defineOwn.js';

/** The reference service's crawl default and our ceiling: the frontier is on disk/Redis, the results are not free. */
export const CRAWL_LIMIT_DEFAULT = 10_000;
export const CRAWL_LIMIT_MAX = 100_000;
export const MAP_LIMIT_DEFAULT = 5_000;
export const MAP_LIMIT_MAX = 100_000;
export const BATCH_URLS_MAX = 1_000;
export const MAX_CONCURRENCY_MAX = 100;
/** Seconds between two pages of one crawl (`delay`). */
export const CRAWL_DELAY_MAX_S = 60;
export const PATTERNS_MAX = 100;
export const WEBHOOK_HEADERS_MAX = 20;
export const WEBHOOK_EVENTS = ['started', 'page', 'completed', 'failed'] as const;
export const MAP_TIMEOUT_MAX_MS = 300_000;

const httpUrl = z.string().refine(isHttpUrl, { message: 'url must be an absolute http:// or https:// URL' });

export const webhookSchema = z.union([
  httpUrl,
  z.strictObject({
    url: httpUrl,
    headers: z.record(z.string().max(256), z.string().max(4096)).optional(),
    metadata: z.record(z.string().max(256), z.unknown()).optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).optional(),
  }),
]);

export interface WebhookConfig {
  url: string;
  headers: Record<string, string>;
  metadata: Record<string, unknown>;
  events: (typeof WEBHOOK_EVENTS)[number][];
}

const patterns = z.array(z.string().max(1_000)).max(PATTERNS_MAX);

export const crawlRequestSchema = z.strictObject({
  url: httpUrl.describe('Where the crawl starts.'),
  prompt: z.string().max(10_000).nullish().describe('Natural-language crawl instructions (needs the configured LLM).'),
  excludePaths: patterns
    .nullish()
    .describe('Regexes on the URL path (full URL with regexOnFullURL); matching URLs are skipped.'),
  includePaths: patterns.nullish().describe('Regexes on the URL path; only matching URLs are crawled.'),
  maxDiscoveryDepth: z
    .number()
    .int()
    .min(0)
    .max(1_000)
    .nullish()
    .describe('Link hops from the start URL (sitemap URLs are depth 1).'),
  sitemap: z.enum(['skip', 'include', 'only']).default('include'),
  ignoreQueryParameters: z.boolean().default(false),
  deduplicateSimilarURLs: z.boolean().default(true),
  limit: z
    .number()
    .int()
    .min(1)
    .max(CRAWL_LIMIT_MAX)
    .nullish()
    .describe(`Most pages (default ${CRAWL_LIMIT_DEFAULT}).`),
  crawlEntireDomain: z.boolean().default(false),
  allowExternalLinks: z.boolean().default(false),
  allowSubdomains: z.boolean().default(false),
  ignoreRobotsTxt: z.boolean().default(false),
  robotsUserAgent: z.string().max(256).nullish(),
  delay: z.number().min(0).max(CRAWL_DELAY_MAX_S).nullish().describe('Seconds between two pages of this crawl.'),
  maxConcurrency: z.number().int().min(1).max(MAX_CONCURRENCY_MAX).nullish(),
  webhook: webhookSchema.nullish(),
  scrapeOptions: z
    .record(z.string(), z.unknown())
    .nullish()
    .describe('Options of POST /v2/scrape (without url) for every page.'),
  regexOnFullURL: z.boolean().default(false),
  zeroDataRetention: z.boolean().default(false),
  integration: z.string().max(256).nullish(),
  origin: z.string().max(256).nullish(),
});

export const mapRequestSchema = z.strictObject({
  url: httpUrl,
  search: z.string().max(1_000).nullish(),
  sitemap: z.enum(['skip', 'include', 'only']).default('include'),
  includeSubdomains: z.boolean().default(true),
  ignoreQueryParameters: z.boolean().default(true),
  limit: z.number().int().min(1).max(MAP_LIMIT_MAX).default(MAP_LIMIT_DEFAULT),
  timeout: z.number().int().min(1_000).max(MAP_TIMEOUT_MAX_MS).nullish(),
  location: z.unknown().optional(),
  integration: z.string().max(256).nullish(),
  origin: z.string().max(256).nullish(),
});

/** Fields of a batch body that are not scrape options (the rest is one scrape request without `url`). */
const BATCH_OWN_FIELDS = [
  'urls',
  'webhook',
  'appendToId',
  'ignoreInvalidURLs',
  'maxConcurrency',
  'integration',
  'origin',
] as const;

export const batchOwnSchema = z.strictObject({
  urls: z.array(z.string().max(8_192)).min(1).max(BATCH_URLS_MAX),
  webhook: webhookSchema.nullish(),
  appendToId: z.string().max(128).nullish(),
  ignoreInvalidURLs: z.boolean().default(false),
  maxConcurrency: z.number().int().min(1).max(MAX_CONCURRENCY_MAX).nullish(),
  integration: z.string().max(256).nullish(),
  origin: z.string().max(256).nullish(),
});

export interface CrawlRequest {
  url: string;
  prompt?: string;
  excludePaths: string[];
  includePaths: string[];
  maxDiscoveryDepth: number | null;
  sitemap: 'skip' | 'include' | 'only';
  ignoreQueryParameters: boolean;
  deduplicateSimilarURLs: boolean;
  limit: number;
  crawlEntireDomain: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
  ignoreRobotsTxt: boolean;
  robotsUserAgent: string | null;
  delayMs: number;
  maxConcurrency: number | null;
  webhook: WebhookConfig | null;
  /** The validated per-page scrape options (as a body without `url`). */
  scrapeOptions: Record<string, unknown>;
  regexOnFullURL: boolean;
  zeroDataRetention: boolean;
}

export interface MapRequest {
  url: string;
  search: string | null;
  sitemap: 'skip' | 'include' | 'only';
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  limit: number;
  timeoutMs: number | null;
}

export interface BatchRequest {
  urls: string[];
  invalidURLs: string[];
  webhook: WebhookConfig | null;
  appendToId: string | null;
  maxConcurrency: number | null;
  scrapeOptions: Record<string, unknown>;
  zeroDataRetention: boolean;
}

function requireObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.badRequest('Bad Request', [
      { code: 'invalid_type', path: [], message: 'The request body must be a JSON object' },
    ]);
  }
  return body as Record<string, unknown>;
}

export function normalizeWebhook(value: z.output<typeof webhookSchema> | null | undefined): WebhookConfig | null {
  if (!value) return null;
  if (typeof value === 'string') return { url: value, headers: {}, metadata: {}, events: [...WEBHOOK_EVENTS] };
  if (Object.keys(value.headers ?? {}).length > WEBHOOK_HEADERS_MAX) {
    throw errors.badRequest(`webhook.headers may have at most ${WEBHOOK_HEADERS_MAX} entries`, [
      { code: 'too_big', path: ['webhook', 'headers'], message: 'Too many headers' },
    ]);
  }
  return {
    url: value.url,
    headers: value.headers ?? {},
    metadata: value.metadata ?? {},
    events: value.events?.length ? value.events : [...WEBHOOK_EVENTS],
  };
}

/** Validates per-page scrape options by validating the scrape request they make with `url`; paths get a prefix. */
function checkScrapeOptions(options: Record<string, unknown>, url: string, prefix: string[]): ScrapeRequest {
  if ('url' in options)
    throw errors.badRequest('Bad Request', [
      {
        code: 'unrecognized_keys',
        path: [...prefix],
        message: 'url belongs outside the scrape options',
        keys: ['url'],
      },
    ]);
  try {
    return parseScrapeRequest({ ...options, url });
  } catch (error) {
    if (!isScrapeError(error)) throw error;
    const details = Array.isArray(error.details)
      ? (error.details as { path: (string | number)[] }[]).map((d) => ({ ...d, path: [...prefix, ...d.path] }))
      : error.details;
    throw new ScrapeError({ status: error.status, error: error.error, code: error.code, details });
  }
}

/** Validates a crawl body; every user pattern is compiled (and bounded) here so a bad one is a 400 before any work. */
export function parseCrawlRequest(body: unknown): CrawlRequest {
  const parsed = crawlRequestSchema.safeParse(requireObject(body));
  if (!parsed.success) throw toValidationError(parsed.error.issues);
  const p = parsed.data;
  const scrapeOptions = p.scrapeOptions ?? {};
  checkScrapeOptions(scrapeOptions, p.url, ['scrapeOptions']);
  for (const [field, list] of [
    ['includePaths', p.includePaths],
    ['excludePaths', p.excludePaths],
  ] as const) {
    (list ?? []).forEach((source, i) => {
      compileUserPattern(source, [field, i]);
    });
  }
  return {
    url: p.url,
    prompt: p.prompt ?? undefined,
    excludePaths: p.excludePaths ?? [],
    includePaths: p.includePaths ?? [],
    maxDiscoveryDepth: p.maxDiscoveryDepth ?? null,
    sitemap: p.sitemap,
    ignoreQueryParameters: p.ignoreQueryParameters,
    deduplicateSimilarURLs: p.deduplicateSimilarURLs,
    limit: p.limit ?? CRAWL_LIMIT_DEFAULT,
    crawlEntireDomain: p.crawlEntireDomain,
    allowExternalLinks: p.allowExternalLinks,
    allowSubdomains: p.allowSubdomains,
    ignoreRobotsTxt: p.ignoreRobotsTxt,
    robotsUserAgent: p.robotsUserAgent ?? null,
    delayMs: Math.round((p.delay ?? 0) * 1000),
    maxConcurrency: p.maxConcurrency ?? null,
    webhook: normalizeWebhook(p.webhook),
    scrapeOptions: { ...scrapeOptions, ...(p.zeroDataRetention ? { zeroDataRetention: true } : {}) },
    regexOnFullURL: p.regexOnFullURL,
    zeroDataRetention: p.zeroDataRetention || scrapeOptions.zeroDataRetention === true,
  };
}

export function parseMapRequest(body: unknown): MapRequest {
  const parsed = mapRequestSchema.safeParse(requireObject(body));
  if (!parsed.success) throw toValidationError(parsed.error.issues);
  const p = parsed.data;
  return {
    url: p.url,
    search: p.search?.trim() || null,
    sitemap: p.sitemap,
    includeSubdomains: p.includeSubdomains,
    ignoreQueryParameters: p.ignoreQueryParameters,
    limit: p.limit,
    timeoutMs: p.timeout ?? null,
  };
}

/** A batch body: its own fields plus one scrape request's options (flattened, as the SDK sends them). */
export function parseBatchRequest(body: unknown): BatchRequest {
  const all = requireObject(body);
  const own: Record<string, unknown> = {};
  const scrapeOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    // Defined, not assigned: a body key "__proto__" stays an (unknown) field instead of becoming the prototype.
    const target = (BATCH_OWN_FIELDS as readonly string[]).includes(key) ? own : scrapeOptions;
    defineOwn(target, key, value);
  }
  const parsed = batchOwnSchema.safeParse(own);
  if (!parsed.success) {
    const error = toValidationError(parsed.error.issues);
    // A bad entry of `urls` is not the request's `url`: name it as a field problem with the URL code.
    if (parsed.error.issues.some((i) => i.path[0] === 'urls'))
      throw errors.badRequest('Bad Request', error.details, 'BAD_REQUEST_INVALID_URL');
    throw error;
  }
  const p = parsed.data;
  const urls: string[] = [];
  const invalidURLs: string[] = [];
  p.urls.forEach((url, i) => {
    if (isHttpUrl(url)) urls.push(url);
    else if (p.ignoreInvalidURLs) invalidURLs.push(url);
    else
      throw errors.invalidUrl([
        { code: 'invalid_format', path: ['urls', i], message: 'url must be an absolute http:// or https:// URL' },
      ]);
  });
  if (urls.length === 0)
    throw errors.invalidUrl([{ code: 'too_small', path: ['urls'], message: 'No valid URL in urls' }]);
  const request = checkScrapeOptions(scrapeOptions, urls[0], []);
  return {
    urls,
    invalidURLs,
    webhook: normalizeWebhook(p.webhook),
    appendToId: p.appendToId ?? null,
    maxConcurrency: p.maxConcurrency ?? null,
    scrapeOptions,
    zeroDataRetention: request.zeroDataRetention === true,
  };
}
