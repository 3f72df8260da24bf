import { z } from 'zod';
import { parseScrapeRequest, toValidationError } from '../contract/parseScrapeRequest.js';
import { isHttpUrl } from '../contract/scrapeRequest.js';
import { errors, ScrapeError } from '../errors.js';

/** URLs one extract takes; a `/*` URL counts once but expands to at most EXTRACT_SITE_PAGES pages. */
export const EXTRACT_URLS_MAX = 20;
export const EXTRACT_SITE_PAGES = 10;
export const EXTRACT_PROMPT_MAX_CHARS = 10_000;
/** A `/*` suffix: the site under that URL (found with map). */
export const SITE_GLOB = '/*';

const urlSchema = z
  .string()
  .trim()
  .refine((u) => isHttpUrl(u.endsWith(SITE_GLOB) ? u.slice(0, -SITE_GLOB.length) || u : u), {
    message: 'each url must be an absolute http(s) URL, optionally ending in /*',
  });

export const extractRequestSchema = z.looseObject({
  urls: z.array(urlSchema).max(EXTRACT_URLS_MAX).default([]),
  prompt: z.string().max(EXTRACT_PROMPT_MAX_CHARS).optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  systemPrompt: z.string().max(EXTRACT_PROMPT_MAX_CHARS).optional(),
  allowExternalLinks: z.boolean().default(false),
  enableWebSearch: z.boolean().default(false),
  showSources: z.boolean().default(false),
  ignoreInvalidURLs: z.boolean().default(false),
  scrapeOptions: z.record(z.string(), z.unknown()).optional(),
});

export type ExtractRequest = z.output<typeof extractRequestSchema>;

/** Validates an extract body: 400s naming the field; a prompt or a schema is needed, and URLs or web search. */
export function parseExtractRequest(body: unknown): ExtractRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.badRequest('Bad Request', [
      { code: 'invalid_type', path: [], message: 'The request body must be a JSON object' },
    ]);
  }
  const result = extractRequestSchema.safeParse(body);
  if (!result.success) throw toValidationError(result.error.issues);
  const request = result.data;
  if (!request.prompt?.trim() && !request.schema) {
    throw errors.badRequest('extract needs a prompt or a schema', [
      { code: 'custom', path: ['prompt'], message: 'send a prompt, a schema, or both' },
    ]);
  }
  if (request.urls.length === 0 && !request.enableWebSearch) {
    throw errors.badRequest('extract needs urls (or enableWebSearch with a prompt)', [
      { code: 'custom', path: ['urls'], message: 'at least one URL' },
    ]);
  }
  if (request.scrapeOptions) {
    const { formats: _formats, ...rest } = request.scrapeOptions;
    try {
      parseScrapeRequest({ ...rest, url: 'https://example.com/' });
    } catch (error) {
      if (error instanceof ScrapeError && Array.isArray(error.details)) {
        const details = (error.details as { path?: (string | number)[] }[]).map((d) => ({
          ...d,
          path: ['scrapeOptions', ...(d.path ?? [])],
        }));
        throw new ScrapeError({ status: error.status, error: error.error, code: error.code, details });
      }
      throw error;
    }
  }
  return request;
}
