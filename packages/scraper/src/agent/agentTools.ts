import type { AgentTool } from './agentTypes.js';

/** Formats the scrape tool offers the model: text it can read (images and binaries are no use to it). */
const SCRAPE_TOOL_FORMATS = ['markdown', 'links', 'summary'] as const;
/** Links listed back to the model per page. */
const MAX_LINKS_TOLD = 100;

export interface AgentToolsOptions {
  /** The service's scrape (`POST /v2/scrape` semantics, billed to the run's team by the caller). */
  scrape(
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ [key: string]: unknown; metadata: Record<string, unknown> }>;
  /** With strictConstrainToURLs: only URLs starting with one of these may be scraped. */
  onlyUnder?: string[];
  /** Credits one scrape costs the run (the service's price of a plain scrape). */
  scrapeCredits?: number;
  /**
   * Interact code on a page: opens `url` in a fresh browser session, runs the Playwright code in the sandbox, closes
   * the session; the JSON text of the outcome. Absent: no such tool.
   */
  pageCode?(url: string, code: string): Promise<string>;
  /** Credits one page_code call costs the run (a browser session's first minute and the render). */
  pageCodeCredits?: number;
  /** The service's map (`POST /v2/map` semantics): a site's URLs, ranked by `search`. Absent: no such tool. */
  map?(
    body: { url: string; search?: string; limit: number },
    signal: AbortSignal,
  ): Promise<{ links: { url: string; title?: string; description?: string }[] }>;
  /**
   * The service's own search (`POST /v2/search` semantics: the configured provider, else the index of pages this
   * service scraped). Absent: no such tool.
   */
  search?(
    body: { query: string; limit: number },
    signal: AbortSignal,
  ): Promise<{ data: { web?: Record<string, unknown>[] }; warning?: string; creditsUsed?: number }>;
}

/** Results one search call returns to the model (one search credit covers ten). */
const SEARCH_TOOL_LIMIT = 10;
/** Characters of a result's description told to the model. */
const SEARCH_DESCRIPTION_MAX = 300;

/** URLs one map call returns to the model. */
const MAP_TOOL_LIMIT = 200;

function checkUrl(url: unknown, onlyUnder: string[] | undefined): string {
  if (typeof url !== 'string') throw new Error('"url" must be a string');
  if (onlyUnder && !onlyUnder.some((prefix) => url.startsWith(prefix))) {
    throw new Error(`this run may only visit the given URLs (strictConstrainToURLs): ${onlyUnder.join(', ')}`);
  }
  return url;
}

/** A tool's failure as the model reads it: the service's message and code. */
function toolError(error: unknown): Error {
  const e = error as { error?: string; code?: string; message?: string };
  return new Error(`${e.error ?? e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}`);
}

/**
 * The agent's tools: the service's own operations. `scrape` (markdown, links, summary) and, when the host has them,
 * `search` (web search through the service's search), `map` (a site's URLs) and `page_code` (Playwright code on a
 * page in an interact session).
 */
export function createAgentTools(options: AgentToolsOptions): AgentTool[] {
  const pageCode = options.pageCode;
  const interactTool: AgentTool[] = pageCode
    ? [
        {
          definition: {
            name: 'page_code',
            description:
              'Open a URL in a real browser and run Playwright JavaScript on it (the body of an async function with ' +
              '`page` in scope; `return` a JSON value). Use it for pages that need clicks, typing or scrolling ' +
              'before their content shows.',
            parameters: {
              type: 'object',
              properties: { url: { type: 'string' }, code: { type: 'string' } },
              required: ['url', 'code'],
            },
          },
          credits: options.pageCodeCredits ?? 2,
          async run(args) {
            const url = checkUrl(args.url, options.onlyUnder);
            if (typeof args.code !== 'string' || args.code.length === 0)
              throw new Error('"code" must be a non-empty string');
            const text = await pageCode(url, args.code);
            return { text, artifact: { kind: 'text', content: text } };
          },
        },
      ]
    : [];
  const map = options.map;
  const mapTool: AgentTool[] = map
    ? [
        {
          definition: {
            name: 'map',
            description:
              "List a website's pages (from its sitemap and links) without reading them; `search` ranks the URLs by " +
              'relevance. Use it to find the right page to scrape.',
            parameters: {
              type: 'object',
              properties: { url: { type: 'string' }, search: { type: 'string' } },
              required: ['url'],
            },
          },
          credits: 1,
          async run(args, signal) {
            const url = checkUrl(args.url, options.onlyUnder);
            const search =
              typeof args.search === 'string' && args.search.trim() ? args.search.slice(0, 500) : undefined;
            let links: { url: string; title?: string }[];
            try {
              ({ links } = await map({ url, ...(search ? { search } : {}), limit: MAP_TOOL_LIMIT }, signal));
            } catch (error) {
              const e = error as { error?: string; code?: string; message?: string };
              throw new Error(`${e.error ?? e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}`);
            }
            const allowed = options.onlyUnder
              ? links.filter((l) => options.onlyUnder!.some((p) => l.url.startsWith(p)))
              : links;
            const text =
              allowed.map((l) => (l.title ? `${l.url} — ${l.title}` : l.url)).join('\n') || '(no pages found)';
            return { text, artifact: { kind: 'text', content: text } };
          },
        },
      ]
    : [];
  const search = options.search;
  const searchTool: AgentTool[] = search
    ? [
        {
          definition: {
            name: 'search',
            description:
              'Search the web for pages about a query; returns up to 10 results (URL, title, description). ' +
              'Use it to find pages when no URL is known, then scrape the best ones.',
            parameters: {
              type: 'object',
              properties: { query: { type: 'string', description: 'What to search for.' } },
              required: ['query'],
            },
          },
          credits: 1,
          async run(args, signal) {
            if (typeof args.query !== 'string' || !args.query.trim()) {
              throw new Error('"query" must be a non-empty string');
            }
            let found: Awaited<ReturnType<NonNullable<AgentToolsOptions['search']>>>;
            try {
              found = await search({ query: args.query.trim().slice(0, 500), limit: SEARCH_TOOL_LIMIT }, signal);
            } catch (error) {
              throw toolError(error);
            }
            type Result = Record<string, unknown> & { url: string };
            const web = (found.data.web ?? []).filter((r): r is Result => typeof r.url === 'string');
            // With strictConstrainToURLs the model is told only of results it may open.
            const under = options.onlyUnder;
            const allowed = under ? web.filter((r) => under.some((p) => r.url.startsWith(p))) : web;
            const lines = allowed.map((r) => {
              const title = typeof r.title === 'string' ? ` — ${r.title}` : '';
              const description =
                typeof r.description === 'string' ? `\n  ${r.description.slice(0, SEARCH_DESCRIPTION_MAX)}` : '';
              return `${r.url}${title}${description}`;
            });
            const text = (lines.join('\n') || '(no results)') + (found.warning ? `\n\nNote: ${found.warning}` : '');
            return { text, artifact: { kind: 'text', content: text } };
          },
        },
      ]
    : [];
  return [
    {
      definition: {
        name: 'scrape',
        description:
          'Fetch one web page and return its content as markdown (default), its links, or a summary. Use it to read ' +
          'pages.',
        parameters: {
          type: 'object',
          properties: {
            url: { type: 'string', description: 'Absolute http(s) URL.' },
            formats: {
              type: 'array',
              items: { type: 'string', enum: [...SCRAPE_TOOL_FORMATS] },
              description: 'Default ["markdown"].',
            },
          },
          required: ['url'],
        },
      },
      credits: options.scrapeCredits ?? 1,
      async run(args, signal) {
        const url = checkUrl(args.url, options.onlyUnder);
        const requested = Array.isArray(args.formats)
          ? args.formats.filter((f): f is string => typeof f === 'string')
          : ['markdown'];
        const bad = requested.filter((f) => !(SCRAPE_TOOL_FORMATS as readonly string[]).includes(f));
        if (bad.length > 0)
          throw new Error(`unsupported formats ${bad.join(', ')}; use ${SCRAPE_TOOL_FORMATS.join(', ')}`);
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
    ...searchTool,
    ...mapTool,
    ...interactTool,
  ];
}
