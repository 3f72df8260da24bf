import { z } from 'zod';
import { FORMAT_SHORTHANDS, formatItemSchema } from './formats.js';
import { parserItemSchema } from './parsers.js';
import { deleteInteractResponseSchema, errorResponseSchema, scrapeResponseSchema } from './responses.js';
import { scrapeRequestSchema } from './scrapeRequest.js';
import { browserOpenApiPaths } from './browserOpenApiPaths.js';
import { agentOpenApiPaths } from './agentOpenApiPaths.js';
import { crawlOpenApi } from '../crawl/crawlOpenApi.js';

/** Statuses `POST /v2/scrape` can answer besides 200, with what each means here. */
const SCRAPE_ERRORS: Record<string, string> = {
  '400': 'Validation failed (`Bad Request`, a custom rule message, or `Invalid URL`); see `details`.',
  '401': '`Unauthorized: Invalid token`.',
  '402': '`Payment Required: Insufficient credits`.',
  '403': '`Forbidden`, or code `SCRAPE_SSRF_BLOCKED` (private/reserved target), or `SCRAPE_PROMPT_INJECTION_DETECTED`.',
  '404': 'Cache-only miss: code `SCRAPE_NO_CACHED_DATA` (minAge) or `SCRAPE_LOCKDOWN_CACHE_MISS` (lockdown).',
  '408': '`Request Timeout`, code `SCRAPE_TIMEOUT`: the page took longer than `timeout`.',
  '413': '`Payload Too Large`: request body too big.',
  '422': 'The page cannot be turned into the requested formats (`SCRAPE_UNSUPPORTED_CONTENT_TYPE`, `SCRAPE_RESPONSE_TOO_LARGE`).',
  '429': '`Rate limit exceeded` or `Concurrency limit reached`.',
  '500': '`Internal Server Error`, code `UNKNOWN_ERROR`.',
  '501': 'An option this build cannot serve yet, code `SCRAPE_UNSUPPORTED_OPTION`, `details.option` names it.',
  '502': 'Fetching failed: `SCRAPE_DNS_RESOLUTION_ERROR`, `SCRAPE_CONNECTION_REFUSED`, `SCRAPE_CONNECTION_FAILED`, `SCRAPE_TLS_CERTIFICATE_ERROR`, `SCRAPE_TOO_MANY_REDIRECTS`.',
};

/** JSON Schema (draft 2020-12, what OpenAPI 3.1 uses) of a zod schema as clients send it. */
function inputSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      // The string shorthands are turned into objects before validation; show both spellings.
      if (ctx.zodSchema === formatItemSchema) shorthand(ctx.jsonSchema, [...FORMAT_SHORTHANDS]);
      if (ctx.zodSchema === parserItemSchema) shorthand(ctx.jsonSchema, ['pdf']);
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function shorthand(jsonSchema: Record<string, unknown>, names: string[]): void {
  const objectForm = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = [{ type: 'string', enum: names }, objectForm];
}

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });

/** The OpenAPI 3.1 document of the v2 routes this service implements, generated from the contract's schemas. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const crawl = crawlOpenApi();
  const errorResponses = Object.fromEntries(Object.entries(SCRAPE_ERRORS).map(([status, description]) => [status, { description, content: json('ErrorResponse') }]));
  return {
    openapi: '3.1.0',
    info: { title: 'Scrape API', version: 'v2', description: 'Firecrawl v2-compatible scrape service.' },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/v2/scrape': {
        post: {
          operationId: 'scrape',
          summary: 'Scrape one URL into the requested formats.',
          requestBody: { required: true, content: json('ScrapeRequest') },
          responses: { '200': { description: 'The scraped document.', content: json('ScrapeResponse') }, ...errorResponses },
        },
      },
      '/v2/interact/{sessionId}': {
        delete: {
          operationId: 'deleteInteractSession',
          summary: 'Destroy a standalone interact session.',
          parameters: [{ name: 'sessionId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'Whether the session was destroyed.', content: json('DeleteInteractResponse') },
            '401': { description: '`Unauthorized: Invalid token`.', content: json('ErrorResponse') },
            '402': { description: 'Payment required.', content: json('ErrorResponse') },
            '404': { description: 'No such session.', content: json('ErrorResponse') },
          },
        },
      },
      ...browserOpenApiPaths,
      ...agentOpenApiPaths,
      ...crawl.paths,
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ScrapeRequest: inputSchema(scrapeRequestSchema),
        ScrapeResponse: inputSchema(scrapeResponseSchema),
        ErrorResponse: inputSchema(errorResponseSchema),
        DeleteInteractResponse: inputSchema(deleteInteractResponseSchema),
        ...crawl.schemas,
      },
    },
  };
}
