import { z } from 'zod';
import { batchOwnSchema, crawlRequestSchema, mapRequestSchema } from './crawlRequest.js';

const schema = (s: z.ZodType) => {
  const out = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};
const ref = (name: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } });
const idParam = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const errors = {
  '400': { description: 'Validation failed (`code` names it: BAD_REQUEST_INVALID_URL, BAD_REQUEST_INVALID_PATTERN, BAD_REQUEST_INVALID_WEBHOOK...).', content: ref('ErrorResponse') },
  '401': { description: '`Unauthorized: Invalid token`.', content: ref('ErrorResponse') },
  '402': { description: '`Payment Required: Insufficient credits`.', content: ref('ErrorResponse') },
  '403': { description: '`Forbidden` (endpoint or zero data retention not allowed for the key).', content: ref('ErrorResponse') },
};
const notFound = { '404': { description: 'Unknown id, or another team\'s (code JOB_NOT_FOUND).', content: ref('ErrorResponse') } };

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
  errors: z.array(z.object({ id: z.string(), timestamp: z.string(), url: z.string(), code: z.string(), error: z.string() })),
  robotsBlocked: z.array(z.string()),
});
const started = z.object({ success: z.literal(true), id: z.string(), url: z.string(), invalidURLs: z.array(z.string()).optional() });

/** The crawl, batch scrape and map operations of the OpenAPI document (merged by buildOpenApiDocument). */
export function crawlOpenApi(): { paths: Record<string, unknown>; schemas: Record<string, unknown> } {
  const status = (op: string, summary: string) => ({
    get: {
      operationId: op,
      summary,
      parameters: [...idParam, { name: 'skip', in: 'query', schema: { type: 'integer' } }, { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 1000 } }],
      responses: { '200': { description: 'Status and a page of documents. A WebSocket upgrade on this path (API key as subprotocol) streams `catchup`, `document` and `done` messages.', content: ref('JobStatus') }, ...errors, ...notFound },
    },
    delete: { operationId: `cancel${op.slice(3)}`, summary: 'Cancel the job: no page starts after it.', parameters: idParam, responses: { '200': { description: '`{success, status: "cancelled"}`' }, ...notFound } },
  });
  const errorsOp = (op: string) => ({
    get: { operationId: op, summary: 'Pages that failed, and URLs robots.txt blocked.', parameters: idParam, responses: { '200': { description: 'Errors.', content: ref('JobErrors') }, ...notFound } },
  });
  return {
    paths: {
      '/v2/crawl': { post: { operationId: 'crawl', summary: 'Start a crawl job.', requestBody: { required: true, content: ref('CrawlRequest') }, responses: { '200': { description: 'The job id.', content: ref('JobStarted') }, ...errors } } },
      '/v2/crawl/{id}': status('getCrawlStatus', 'Crawl status and documents (paged by `next`).'),
      '/v2/crawl/{id}/errors': errorsOp('getCrawlErrors'),
      '/v2/crawl/active': { get: { operationId: 'getActiveCrawls', summary: "The team's running crawls.", responses: { '200': { description: '`{success, crawls: [{id, teamId, url, options}]}`' } } } },
      '/v2/crawl/params-preview': {
        post: { operationId: 'crawlParamsPreview', summary: 'Crawl options from a natural-language prompt (needs the configured LLM; else 400 SCRAPE_LLM_NOT_CONFIGURED).', responses: { '200': { description: '`{success, data: {url, ...options}}`' }, ...errors } },
      },
      '/v2/batch/scrape': { post: { operationId: 'batchScrape', summary: 'Start a batch scrape of many URLs (scrape options at the top level).', requestBody: { required: true, content: ref('BatchScrapeRequest') }, responses: { '200': { description: 'The job id.', content: ref('JobStarted') }, ...errors } } },
      '/v2/batch/scrape/{id}': status('getBatchScrapeStatus', 'Batch status and documents (paged by `next`).'),
      '/v2/batch/scrape/{id}/errors': errorsOp('getBatchScrapeErrors'),
      '/v2/map': { post: { operationId: 'map', summary: "A site's URLs from its sitemaps and start page, ranked by `search`.", requestBody: { required: true, content: ref('MapRequest') }, responses: { '200': { description: '`{success, links: [{url}]}`' }, ...errors } } },
    },
    schemas: {
      CrawlRequest: schema(crawlRequestSchema),
      MapRequest: schema(mapRequestSchema),
      BatchScrapeRequest: { ...schema(batchOwnSchema), additionalProperties: true, description: 'Plus any option of ScrapeRequest (without url), applied to every URL.' },
      JobStarted: schema(started),
      JobStatus: schema(jobStatus),
      JobErrors: schema(jobErrors),
    },
  };
}
