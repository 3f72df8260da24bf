import { z } from 'zod';
import type { OpenApiRoute } from '../contract/createOpenApiRegistry.js';
import { batchOwnSchema, crawlRequestSchema, mapRequestSchema } from './crawlRequest.js';

const ERRORS: Record<string, string> = {
  '400':
    'Validation failed (`code` names it: BAD_REQUEST_INVALID_URL, BAD_REQUEST_INVALID_PATTERN, ' +
    'BAD_REQUEST_INVALID_WEBHOOK…).',
  '402': '`Payment Required: Insufficient credits`.',
  '403': '`Forbidden` (endpoint or zero data retention not allowed for the key).',
};
const NOT_FOUND: Record<string, string> = { '404': "Unknown id, or another team's (code JOB_NOT_FOUND)." };
const ID = { id: 'The job id returned when the job was started.' };

const jobStatus = z.object({
  success: z.literal(true),
  status: z.enum(['scraping', 'completed', 'failed', 'cancelled']),
  total: z.number().int(),
  completed: z.number().int(),
  creditsUsed: z.number(),
  expiresAt: z.string(),
  next: z.string().nullable().describe('URL of the next page of documents (`skip`/`limit` query), null on the last.'),
  data: z.array(z.record(z.string(), z.unknown())),
  error: z.string().optional(),
});
const jobErrors = z.object({
  success: z.literal(true),
  errors: z.array(
    z.object({ id: z.string(), timestamp: z.string(), url: z.string(), code: z.string(), error: z.string() }),
  ),
  robotsBlocked: z.array(z.string()),
});
const started = z.object({
  success: z.literal(true),
  id: z.string(),
  url: z.string(),
  invalidURLs: z.array(z.string()).optional(),
});
const batchRequest = batchOwnSchema.describe('Plus any option of ScrapeRequest (without url), applied to every URL.');

/** A job's status route and its cancel route (crawl and batch scrape share the shape). */
function jobRoutes(base: string, name: string, summary: string): OpenApiRoute[] {
  return [
    {
      method: 'get',
      path: `${base}/{id}`,
      operationId: `get${name}Status`,
      summary,
      description:
        'A WebSocket upgrade on this path (API key as subprotocol) streams `catchup`, `document` and `done`.',
      pathParams: ID,
      query: {
        skip: { description: 'Documents to skip (from `next`).' },
        limit: { description: 'Documents per page, at most 1000.' },
      },
      responses: {
        '200': { description: 'Status and a page of documents.', body: { name: 'JobStatus', schema: jobStatus } },
      },
      errors: NOT_FOUND,
    },
    {
      method: 'delete',
      path: `${base}/{id}`,
      operationId: `cancel${name}`,
      summary: 'Cancel the job: no page starts after it.',
      pathParams: ID,
      responses: { '200': { description: '`{success, status: "cancelled"}`.' } },
      errors: NOT_FOUND,
    },
    {
      method: 'get',
      path: `${base}/{id}/errors`,
      operationId: `get${name}Errors`,
      summary: 'Pages that failed, and URLs robots.txt blocked.',
      pathParams: ID,
      responses: { '200': { description: 'Errors.', body: { name: 'JobErrors', schema: jobErrors } } },
      errors: NOT_FOUND,
    },
  ];
}

/** The crawl, batch scrape and map operations, each added to the server's OpenAPI registry beside its route. */
export function crawlOpenApiRoutes(): OpenApiRoute[] {
  return [
    {
      method: 'post',
      path: '/v2/crawl',
      operationId: 'crawl',
      summary: 'Start a crawl job (`prompt`: options from the configured LLM, explicit options win; else 400).',
      requestBody: { name: 'CrawlRequest', schema: crawlRequestSchema },
      responses: { '200': { description: 'The job id.', body: { name: 'JobStarted', schema: started } } },
      errors: ERRORS,
    },
    ...jobRoutes('/v2/crawl', 'Crawl', 'Crawl status and documents (paged by `next`).'),
    {
      method: 'get',
      path: '/v2/crawl/active',
      operationId: 'getActiveCrawls',
      summary: "The team's running crawls.",
      responses: { '200': { description: '`{success, crawls: [{id, teamId, url, options}]}`.' } },
    },
    {
      method: 'post',
      path: '/v2/crawl/params-preview',
      operationId: 'crawlParamsPreview',
      summary:
        'Crawl options from a natural-language prompt (needs the configured LLM; else 400 SCRAPE_LLM_NOT_CONFIGURED).',
      responses: { '200': { description: '`{success, data: {url, ...options}}`.' } },
      errors: ERRORS,
    },
    {
      method: 'post',
      path: '/v2/batch/scrape',
      operationId: 'batchScrape',
      summary: 'Start a batch scrape of many URLs (scrape options at the top level).',
      requestBody: { name: 'BatchScrapeRequest', schema: batchRequest },
      responses: { '200': { description: 'The job id.', body: { name: 'JobStarted', schema: started } } },
      errors: ERRORS,
    },
    ...jobRoutes('/v2/batch/scrape', 'BatchScrape', 'Batch status and documents (paged by `next`).'),
    {
      method: 'post',
      path: '/v2/map',
      operationId: 'map',
      summary: "A site's URLs from its sitemaps and start page, ranked by `search` (1 credit per call).",
      requestBody: { name: 'MapRequest', schema: mapRequestSchema },
      responses: { '200': { description: '`{success, links: [{url}]}`.' } },
      errors: { ...ERRORS, '429': '`Rate limit exceeded` or `Concurrency limit reached`.' },
    },
  ];
}
