import { createOpenApiRegistry, type OpenApiRoute } from './createOpenApiRegistry.js';
import { scrapeResponseSchema } from './responses.js';
import { scrapeRequestSchema } from './scrapeRequest.js';

/** Statuses `POST /v2/scrape` can answer besides 200, with what each means here. */
const SCRAPE_ERRORS: Record<string, string> = {
  '400':
    'Validation failed: `error` names the field and the reason (code `BAD_REQUEST`), or `Invalid URL`; see `details`.',
  '401': '`Unauthorized: Invalid token`.',
  '402': '`Payment Required: Insufficient credits`.',
  '403': '`Forbidden`, or code `SCRAPE_SSRF_BLOCKED` (private/reserved target), or `SCRAPE_PROMPT_INJECTION_DETECTED`.',
  '404': 'Cache-only miss: code `SCRAPE_NO_CACHED_DATA` (minAge) or `SCRAPE_LOCKDOWN_CACHE_MISS` (lockdown).',
  '408': '`Request Timeout`, code `SCRAPE_TIMEOUT`: the page took longer than `timeout`.',
  '413': '`Payload Too Large`: request body too big.',
  '422':
    'The page cannot be turned into the requested formats (`SCRAPE_UNSUPPORTED_CONTENT_TYPE`, ' +
    '`SCRAPE_RESPONSE_TOO_LARGE`).',
  '429': '`Rate limit exceeded` or `Concurrency limit reached`.',
  '500': '`Internal Server Error`, code `UNKNOWN_ERROR`.',
  '501': 'An option this build cannot serve yet, code `SCRAPE_UNSUPPORTED_OPTION`, `details.option` names it.',
  '502': 'Fetching failed in a way a retry may fix: `SCRAPE_CONNECTION_FAILED` (reset, timeout at the socket).',
};

/** `POST /v2/scrape`: the scraper's own operation, documented by whoever serves it. */
export const SCRAPE_OPENAPI_ROUTE: OpenApiRoute = {
  method: 'post',
  path: '/v2/scrape',
  operationId: 'scrape',
  summary: 'Scrape one URL into the requested formats.',
  description:
    'Permanent fetch failures (DNS, refused connection, redirect loop, TLS certificate) answer 200 with `success: ' +
    'false` ' +
    'and a `code` (see docs/api.md), so clients do not retry them.',
  requestBody: { name: 'ScrapeRequest', schema: scrapeRequestSchema },
  responses: {
    '200': { description: 'The scraped document.', body: { name: 'ScrapeResponse', schema: scrapeResponseSchema } },
  },
  errors: SCRAPE_ERRORS,
};

/** The OpenAPI 3.1 document of `POST /v2/scrape` alone (embedding); the HTTP server documents every route it adds. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const registry = createOpenApiRegistry();
  registry.add(SCRAPE_OPENAPI_ROUTE);
  return registry.document();
}
