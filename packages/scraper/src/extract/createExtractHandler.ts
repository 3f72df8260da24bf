import type { JobRecord, WorkHandler, WorkItemInput } from '@scrape/jobs';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import { isScrapeError } from '../errors.js';
import type { JobBilling } from '../crawl/createJobHandlers.js';
import { EXTRACT_SITE_PAGES, type ExtractRequest } from './extractRequest.js';
import type { PageExtraction } from './mergeExtractions.js';

/** An extract item: one page, or (`site`) a `/*` URL to expand into its pages with map. */
export interface ExtractItemPayload {
  url: string;
  order: number;
  site?: boolean;
}

export interface ExtractHandlerOptions {
  scrape: (body: unknown, context: ScrapeContext) => Promise<ScrapeDocument>;
  map: (body: unknown, context: { team?: string; signal?: AbortSignal }) => Promise<{ links: { url: string }[] }>;
  billing?: JobBilling;
}

/** The prompt the json format gets: the client's system prompt (if any) before its prompt. */
export function extractionPrompt(request: ExtractRequest): string | undefined {
  const parts = [request.systemPrompt?.trim(), request.prompt?.trim()].filter(Boolean);
  return parts.length ? parts.join('\n\n') : undefined;
}

/**
 * The `extract` job kind: each page is scraped through the pipeline with the `json` format (the configured
 * OpenAI-compatible model, the client's schema and prompt, validated like any json format); a `/*` item first maps
 * the site and adds its pages. Results are per page; GET /v2/extract/{id} merges them.
 */
export function createExtractHandler(options: ExtractHandlerOptions): WorkHandler {
  return async (item, { job, signal }) => {
    const request = job.params as ExtractRequest;
    const payload = item.payload as ExtractItemPayload;
    if (payload.site) {
      const { links } = await options.map(
        { url: payload.url, limit: EXTRACT_SITE_PAGES, includeSubdomains: false },
        { team: job.team, signal },
      );
      const discovered: WorkItemInput[] = links.slice(0, EXTRACT_SITE_PAGES).map((link, i) => ({
        key: link.url,
        payload: {
          url: link.url,
          order: payload.order + (i + 1) / (EXTRACT_SITE_PAGES + 1),
        } satisfies ExtractItemPayload,
      }));
      return { discovered };
    }
    if (options.billing && !(await options.billing.reserve(job, item)))
      return failed(job, payload, 'INSUFFICIENT_CREDITS', 'Insufficient credits to scrape more pages');
    const json = {
      type: 'json',
      ...(request.schema ? { schema: request.schema } : {}),
      ...(extractionPrompt(request) ? { prompt: extractionPrompt(request) } : {}),
    };
    try {
      const doc = await options.scrape(
        { ...request.scrapeOptions, url: payload.url, formats: [json] },
        { team: job.team, signal },
      );
      const credits = typeof doc.metadata.creditsUsed === 'number' ? doc.metadata.creditsUsed : 1;
      await options.billing?.settle(job, item, credits);
      const result: PageExtraction = { url: payload.url, order: payload.order, data: doc.json ?? null };
      return { result, credits };
    } catch (error) {
      await options.billing?.settle(job, item, 0);
      if (signal.aborted) throw error;
      if (isScrapeError(error)) return failed(job, payload, error.code ?? `HTTP_${error.status}`, error.error);
      return failed(job, payload, 'EXTRACT_FAILED', (error as Error).message ?? String(error));
    }
  };
}

function failed(_job: JobRecord, payload: ExtractItemPayload, code: string, message: string) {
  return { error: { code, message, url: payload.url } };
}
