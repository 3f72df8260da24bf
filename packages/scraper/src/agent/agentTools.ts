import type { AgentTool } from './runAgentJob.js';

/** Formats the scrape tool offers the model: text it can read (images and binaries are no use to it). */
const SCRAPE_TOOL_FORMATS = ['markdown', 'links', 'summary'] as const;
/** Links listed back to the model per page. */
const MAX_LINKS_TOLD = 100;

export interface AgentToolsOptions {
  /** The service's scrape (`POST /v2/scrape` semantics, billed to the run's team by the caller). */
  scrape(body: Record<string, unknown>, signal: AbortSignal): Promise<{ [key: string]: unknown; metadata: Record<string, unknown> }>;
  /** With strictConstrainToURLs: only URLs starting with one of these may be scraped. */
  onlyUnder?: string[];
  /** Credits one scrape costs the run (the service's price of a plain scrape). */
  scrapeCredits?: number;
}

/**
 * The agent's tools: the service's own operations. Today `scrape` (markdown, links, summary); map, search and
 * interact code join here when the service has them as operations a run can call.
 */
export function createAgentTools(options: AgentToolsOptions): AgentTool[] {
  return [
    {
      definition: {
        name: 'scrape',
        description:
          'Fetch one web page and return its content as markdown (default), its links, or a summary. Use it to read pages.',
        parameters: {
          type: 'object',
          properties: {
            url: { type: 'string', description: 'Absolute http(s) URL.' },
            formats: { type: 'array', items: { type: 'string', enum: [...SCRAPE_TOOL_FORMATS] }, description: 'Default ["markdown"].' },
          },
          required: ['url'],
        },
      },
      credits: options.scrapeCredits ?? 1,
      async run(args, signal) {
        if (typeof args.url !== 'string') throw new Error('"url" must be a string');
        const url = args.url;
        if (options.onlyUnder && !options.onlyUnder.some((prefix) => url.startsWith(prefix))) {
          throw new Error(`this run may only visit the given URLs (strictConstrainToURLs): ${options.onlyUnder.join(', ')}`);
        }
        const requested = Array.isArray(args.formats) ? args.formats.filter((f): f is string => typeof f === 'string') : ['markdown'];
        const bad = requested.filter((f) => !(SCRAPE_TOOL_FORMATS as readonly string[]).includes(f));
        if (bad.length > 0) throw new Error(`unsupported formats ${bad.join(', ')}; use ${SCRAPE_TOOL_FORMATS.join(', ')}`);
        const formats = requested.length > 0 ? requested : ['markdown'];
        let doc: Awaited<ReturnType<AgentToolsOptions['scrape']>>;
        try {
          doc = await options.scrape({ url, formats }, signal);
        } catch (error) {
          const e = error as { error?: string; code?: string; message?: string };
          throw new Error(`${e.error ?? e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}`);
        }
        const parts = [`URL: ${String(doc.metadata.url ?? url)}`, `Title: ${String(doc.metadata.title ?? '')}`];
        if (typeof doc.summary === 'string') parts.push(`Summary:\n${doc.summary}`);
        if (typeof doc.markdown === 'string') parts.push(`Content:\n${doc.markdown}`);
        if (Array.isArray(doc.links)) parts.push(`Links:\n${doc.links.slice(0, MAX_LINKS_TOLD).join('\n')}`);
        const text = parts.join('\n\n');
        return { text, artifact: { kind: typeof doc.markdown === 'string' ? 'markdown' : 'text', content: text } };
      },
    },
  ];
}
