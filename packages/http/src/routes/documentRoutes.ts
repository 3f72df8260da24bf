import type { FastifyInstance } from 'fastify';
import type { OpenApiRoute } from '@scrape/scraper/internal';

/**
 * Adds routes to the server's OpenAPI document when the server keeps one (`app.openapi`, a per-route registry);
 * a server without it is left as it is, so these routes can be registered either way.
 */
export function documentRoutes(app: FastifyInstance, routes: readonly OpenApiRoute[]): void {
  const registry = (app as unknown as { openapi?: { add?: (route: OpenApiRoute) => void } }).openapi;
  if (typeof registry?.add !== 'function') return;
  for (const route of routes) registry.add(route);
}

const USAGE_ERRORS = { '503': 'The account store is unreachable (`Retry-After`).' };

export const TEAM_ROUTES: readonly OpenApiRoute[] = [
  {
    method: 'get',
    path: '/v2/team/credit-usage',
    operationId: 'getCreditUsage',
    summary: "Credits left for the key's account (unlimited keys: `unlimited: true`), and used this month.",
    responses: {
      '200': {
        description:
          '`{success, data: {remainingCredits, unlimited, planCredits, billingPeriodStart, billingPeriodEnd, ' +
          'creditsUsedThisMonth}}`',
      },
    },
    errors: USAGE_ERRORS,
  },
  {
    method: 'get',
    path: '/v2/team/credit-usage/historical',
    operationId: 'getCreditUsageHistorical',
    summary: 'Credits used per calendar month (UTC), newest first; per key with byApiKey=true.',
    query: { byApiKey: { description: '`true`: one period per month and issued key (`apiKey` is the key id).' } },
    responses: { '200': { description: '`{success, periods: [{startDate, endDate, creditsUsed, apiKey?}]}`' } },
    errors: USAGE_ERRORS,
  },
  {
    method: 'get',
    path: '/v2/team/token-usage',
    operationId: 'getTokenUsage',
    summary: 'Tokens are not metered here (LLM work is billed in credits): reports no limit and says so.',
    responses: { '200': { description: '`{success, data: {remainingTokens, unlimited: true, note}}`' } },
  },
  {
    method: 'get',
    path: '/v2/team/token-usage/historical',
    operationId: 'getTokenUsageHistorical',
    summary: 'Always empty: tokens are not metered.',
    query: { byApiKey: { description: 'Accepted for compatibility.' } },
    responses: { '200': { description: '`{success, periods: [], note}`' } },
  },
  {
    method: 'get',
    path: '/v2/team/queue-status',
    operationId: 'getQueueStatus',
    summary: 'Requests of the account running and waiting now, its concurrency limit and its last success.',
    responses: {
      '200': {
        description:
          '`{success, jobsInQueue, activeJobsInQueue, waitingJobsInQueue, maxConcurrency, mostRecentSuccess}`',
      },
    },
    errors: USAGE_ERRORS,
  },
  {
    method: 'get',
    path: '/v2/concurrency-check',
    operationId: 'getConcurrency',
    summary: 'Requests of the account running now and its concurrency limit (null: none).',
    responses: { '200': { description: '`{success, data: {concurrency, maxConcurrency}}`' } },
    errors: USAGE_ERRORS,
  },
];

export const SEARCH_ROUTE: OpenApiRoute = {
  method: 'post',
  path: '/v2/search',
  operationId: 'search',
  summary:
    'Search the web (SearXNG) or, without a provider, the pages this service has scraped; ' +
    'optionally scrape the results.',
  description:
    'JSON body: query, limit (1-100, default 5), sources (web, news, images), categories (github, research, pdf), ' +
    'includeDomains or excludeDomains, tbs, location, country, timeout (ms), ignoreInvalidURLs, scrapeOptions.',
  responses: { '200': { description: '`{success, data: {web?, news?, images?}, warning?, creditsUsed}`' } },
  errors: {
    '400':
      'Invalid field (`details`), `SEARCH_NO_PROVIDER` (no SCRAPE_SEARXNG_URL and an empty index), ' +
      '`SEARCH_UNSUPPORTED_SOURCE`.',
    '402': 'Not enough credits.',
    '502': '`SEARCH_PROVIDER_UNAVAILABLE` or `SEARCH_PROVIDER_ERROR`.',
    '504': '`SEARCH_PROVIDER_TIMEOUT`.',
  },
};

export const PARSE_ROUTE: OpenApiRoute = {
  method: 'post',
  path: '/v2/parse',
  operationId: 'parse',
  summary: 'Upload a file (PDF, DOCX, XLSX, CSV, PPTX, HTML, text, markdown, PNG/JPEG/TIFF/WebP) and get a Document.',
  description:
    'multipart/form-data: `file` (the file) and `options` (JSON of scrape options, without url and cache options).',
  responses: { '200': { description: '`{success, data: Document}`' } },
  errors: {
    '400': 'Not multipart, no or empty file, options not JSON or refused (`BAD_REQUEST_*`).',
    '413': '`PARSE_FILE_TOO_LARGE`.',
    '415': '`PARSE_UNSUPPORTED_FILE_TYPE`.',
    '422':
      '`PARSE_FILE_TYPE_MISMATCH`, `PARSE_FILE_ENCRYPTED`, `PARSE_FILE_UNREADABLE`, `PARSE_FILE_TOO_COMPLEX`, ' +
      'PDF codes.',
  },
};

export const EXTRACT_ROUTES: readonly OpenApiRoute[] = [
  {
    method: 'post',
    path: '/v2/extract',
    operationId: 'startExtract',
    summary:
      'Start an extract job: the pages of `urls` (`/*`: the site) read by the configured LLM into ' +
      '`schema`/`prompt`, merged.',
    description:
      'JSON body: urls, prompt, schema, systemPrompt, enableWebSearch, showSources, scrapeOptions. ' +
      'Answers `{success, id}`; ' +
      'poll GET /v2/extract/{id}.',
    responses: { '200': { description: '`{success, id, warning?}`' } },
    errors: {
      '400': 'Invalid field, no prompt or schema, or no LLM configured (`SCRAPE_LLM_NOT_CONFIGURED`).',
      '402': 'Not enough credits.',
    },
  },
  {
    method: 'get',
    path: '/v2/extract/{id}',
    operationId: 'getExtractStatus',
    summary:
      'An extract job: `processing`, then `completed` with the merged `data` (and `sources` with showSources) ' +
      'or `failed`.',
    responses: {
      '200': { description: '`{success, id, status, data?, sources?, error?, warning?, expiresAt, creditsUsed}`' },
    },
    errors: { '404': "`JOB_NOT_FOUND` (also for another team's job)." },
  },
];
