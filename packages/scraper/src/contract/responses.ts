import { z } from 'zod';

/** `metadata` of a Document (spec §2.8): the service's keys plus any page metadata under its own name. */
export const documentMetadataSchema = z.looseObject({
  title: z.union([z.string(), z.array(z.string())]).optional(),
  description: z.union([z.string(), z.array(z.string())]).optional(),
  keywords: z.union([z.string(), z.array(z.string())]).optional(),
  language: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional(),
  ogLocaleAlternate: z.array(z.string()).optional(),
  sourceURL: z.string().describe('The URL exactly as requested.'),
  url: z.string().describe('The final URL after redirects.'),
  statusCode: z.number().int().describe('HTTP status of the page; 4xx/5xx pages are still documents.'),
  contentType: z.string().describe('MIME type of the page.'),
  error: z
    .string()
    .nullable()
    .optional()
    .describe('Set when the page answered with an error status ("404 Not Found").'),
  scrapeId: z.string().describe('UUID of this scrape.'),
  cacheState: z.enum(['hit', 'miss']),
  cachedAt: z.string().optional().describe('ISO time of the cached fetch, on a hit.'),
  engine: z.string().describe('Engine that fetched the page (`fetch`, `browser`).'),
  proxyUsed: z.string().optional(),
  creditsUsed: z.number().int(),
  numPages: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  concurrencyLimited: z.boolean().optional(),
  concurrencyQueueDurationMs: z.number().optional(),
});

/** The Document (spec §2.6): requested formats only, metadata always. */
export const scrapeDocumentSchema = z.looseObject({
  markdown: z.string().optional(),
  html: z.string().nullable().optional(),
  rawHtml: z.string().nullable().optional(),
  rawBase64: z.string().nullable().optional().describe('Bare base64 of the response body.'),
  links: z.array(z.string()).optional(),
  screenshot: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  answer: z.string().nullable().optional(),
  highlights: z.string().nullable().optional(),
  json: z.unknown().optional(),
  audio: z.string().nullable().optional(),
  video: z.string().nullable().optional(),
  actions: z.looseObject({}).nullable().optional(),
  changeTracking: z.looseObject({}).nullable().optional(),
  branding: z.looseObject({}).nullable().optional(),
  product: z.looseObject({}).nullable().optional(),
  menu: z.looseObject({}).nullable().optional(),
  pages: z
    .array(z.object({ pageNumber: z.number().int(), markdown: z.string() }))
    .nullable()
    .optional(),
  blocks: z.array(z.looseObject({})).nullable().optional(),
  warning: z.string().nullable().optional(),
  metadata: documentMetadataSchema,
});

export const scrapeResponseSchema = z.object({ success: z.literal(true), data: scrapeDocumentSchema });

/** Every non-2xx body (spec §7). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string().describe('Match on HTTP status plus this string.'),
  code: z.string().optional(),
  details: z
    .unknown()
    .optional()
    .describe('Per-field validation issues `{code, path, message}` on 400s; context otherwise.'),
});

export const deleteInteractResponseSchema = z.object({
  success: z.boolean(),
  sessionDurationMs: z.number(),
  creditsBilled: z.number(),
});

/** `POST /v2/scrape/{scrapeId}/interact` as the server answers it (the Firecrawl SDK's ScrapeExecuteResponse). */
export const interactResponseSchema = z.looseObject({
  success: z.boolean(),
  sessionId: z.string(),
  result: z.unknown().describe('What the code returned.'),
  output: z.string().describe("The code's console output."),
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int(),
  killed: z.boolean(),
  truncated: z.boolean(),
  error: z.string().optional(),
  scrapePage: z.enum(['kept', 'reopened']).optional(),
  scrapePageReason: z.string().optional(),
});

export const stopInteractResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  sessionDurationMs: z.number(),
  creditsBilled: z.number(),
});

export const healthResponseSchema = z.object({ ok: z.boolean(), version: z.string() });
