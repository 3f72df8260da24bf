import type { JobRecord, JobStore, WorkItemInput } from '@scrape/jobs';
import { errors } from '../errors.js';
import type { LlmProvider } from '../llm/llmProvider.js';
import type { ExtractItemPayload } from './createExtractHandler.js';
import { EXTRACT_SITE_PAGES, parseExtractRequest, SITE_GLOB } from './extractRequest.js';
import { mergeExtractions, type PageExtraction } from './mergeExtractions.js';

/** Pages web search adds to an extract (`enableWebSearch`). */
export const EXTRACT_SEARCH_RESULTS = 5;
const RESULTS_MAX = 1_000;

export interface ExtractJobsOptions {
  jobs: () => Promise<JobStore>;
  llm: LlmProvider;
  search?: (
    body: unknown,
    context: { team?: string; signal?: AbortSignal },
  ) => Promise<{ data: { web?: Record<string, unknown>[] } }>;
}

/** What GET /v2/extract/{id} answers (the SDK's ExtractResponse). */
export interface ExtractStatus {
  success: true;
  id: string;
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  data?: unknown;
  sources?: Record<string, string[]>;
  error?: string;
  warning?: string;
  expiresAt: string;
  creditsUsed: number;
}

/** Creating and reading extract jobs (the work itself is the `extract` handler, run by any job worker). */
export function createExtractJobs(options: ExtractJobsOptions) {
  return {
    async start(
      body: unknown,
      context: { team?: string; state?: Record<string, unknown>; signal?: AbortSignal } = {},
    ): Promise<{ id: string; warning?: string }> {
      const request = parseExtractRequest(body);
      requireLlm(options.llm);
      const warnings: string[] = [];
      const items = itemsOfUrls(request.urls);
      if (request.enableWebSearch) await addSearchResults(request.prompt, options, context, items, warnings);
      if (items.length === 0) {
        throw errors.badRequest(
          'extract found no page to read',
          [{ code: 'custom', path: ['urls'], message: 'no URL given and web search found none' }],
          'EXTRACT_NO_PAGES',
        );
      }
      const store = await options.jobs();
      const job = await store.createJob({
        kind: 'extract',
        team: context.team ?? '',
        params: request,
        items,
        maxItems: items.length * (EXTRACT_SITE_PAGES + 1),
        state: { ...context.state, ...(warnings.length ? { warning: warnings.join(' ') } : {}) },
      });
      return { id: job.id, ...(warnings.length ? { warning: warnings.join(' ') } : {}) };
    },

    /** The job's status; once finished, the pages' extractions merged (and their sources with showSources). */
    async read(id: string, team: string): Promise<ExtractStatus> {
      const store = await options.jobs();
      const job = /^[\w-]{1,128}$/.test(id) ? await store.getJob(id, team) : null;
      if (job?.kind !== 'extract') throw errors.notFound('Extract job not found', 'JOB_NOT_FOUND');
      const base = {
        success: true as const,
        id: job.id,
        expiresAt: new Date(job.expiresAt).toISOString(),
        creditsUsed: job.creditsUsed,
        ...(typeof job.state.warning === 'string' ? { warning: job.state.warning } : {}),
      };
      if (job.status === 'running') return { ...base, status: 'processing' };
      if (job.status === 'cancelled') return { ...base, status: 'cancelled' };
      return readFinished(store, job, base);
    },
  };
}

/** Extract cannot run without an LLM server: refused up front, naming the settings that are missing. */
function requireLlm(llm: LlmProvider): void {
  if (!llm.missing) return;
  throw errors.badRequest(
    `extract needs an OpenAI-compatible LLM server, and none is configured: set ` +
      `${llm.missing.join(' and ')} (and SCRAPE_LLM_API_KEY if the server wants one)`,
    { missing: llm.missing },
    'SCRAPE_LLM_NOT_CONFIGURED',
  );
}

/** One work item per given URL; a URL ending in the site glob asks for pages of that site. */
function itemsOfUrls(urls: readonly string[]): WorkItemInput[] {
  return urls.map((raw, order) => {
    const site = raw.endsWith(SITE_GLOB);
    const url = site ? raw.slice(0, -SITE_GLOB.length) || raw : raw;
    return {
      key: site ? `site:${url}` : url,
      payload: { url, order, ...(site ? { site: true } : {}) } satisfies ExtractItemPayload,
    };
  });
}

/** `enableWebSearch`: the prompt's search results added as items; what could not be done becomes a warning. */
async function addSearchResults(
  prompt: string | undefined,
  options: ExtractJobsOptions,
  context: { team?: string; signal?: AbortSignal },
  items: WorkItemInput[],
  warnings: string[],
): Promise<void> {
  const query = prompt?.trim();
  if (!query || !options.search) {
    warnings.push(
      !query
        ? 'enableWebSearch needs a prompt to search for; no pages were added.'
        : 'Web search is not available here.',
    );
    return;
  }
  try {
    const found = await options.search(
      { query: query.slice(0, 400), limit: EXTRACT_SEARCH_RESULTS },
      { team: context.team, signal: context.signal },
    );
    for (const result of found.data.web ?? []) {
      const url = String(result.url ?? '');
      if (url) items.push({ key: url, payload: { url, order: items.length } satisfies ExtractItemPayload });
    }
  } catch (error) {
    warnings.push(
      `Web search failed (${(error as { error?: string }).error ?? (error as Error).message}); only the ` +
        `given URLs were used.`,
    );
  }
}

type StatusBase = Omit<ExtractStatus, 'status'>;

/** A job that ended: failed (with its error or its first page's), or its pages' extractions merged. */
async function readFinished(store: JobStore, job: JobRecord, base: StatusBase): Promise<ExtractStatus> {
  const request = job.params as { showSources?: boolean };
  const pages = (await store.readResults(job.id, { offset: 0, limit: RESULTS_MAX })) as PageExtraction[];
  if (job.status === 'failed' || pages.length === 0) {
    const [first] = await store.readErrors(job.id, { limit: 1 });
    return {
      ...base,
      status: 'failed',
      error: job.error ?? (first ? `${first.message} (${String(first.url ?? first.key)})` : 'No page could be read'),
    };
  }
  const merged = mergeExtractions(pages);
  return {
    ...base,
    status: 'completed',
    data: merged.data,
    ...(request.showSources ? { sources: merged.sources } : {}),
  };
}
