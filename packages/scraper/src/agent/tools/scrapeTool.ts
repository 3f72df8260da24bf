import type { AgentTool } from '../agentTypes.js';
import type { AgentToolsOptions } from './agentToolsOptions.js';
import { checkUrl, toolError } from './toolInput.js';

/** Formats the scrape tool offers the model: text it can read (images and binaries are no use to it). */
const SCRAPE_TOOL_FORMATS = ['markdown', 'links', 'summary'] as const;
/** Links listed back to the model per page. */
const MAX_LINKS_TOLD = 100;

/**
 * `scrape`: one page as markdown (default), links (the first hundred) and/or a summary, under its URL and title;
 * other formats are refused (the model cannot read images or binaries).
 */
export function scrapeTool(options: AgentToolsOptions): AgentTool {
  return {
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
        throw toolError(error);
      }
      const parts = [`URL: ${String(doc.metadata.url ?? url)}`, `Title: ${String(doc.metadata.title ?? '')}`];
      if (typeof doc.summary === 'string') parts.push(`Summary:\n${doc.summary}`);
      if (typeof doc.markdown === 'string') parts.push(`Content:\n${doc.markdown}`);
      if (Array.isArray(doc.links)) parts.push(`Links:\n${doc.links.slice(0, MAX_LINKS_TOLD).join('\n')}`);
      const text = parts.join('\n\n');
      return { text, artifact: { kind: typeof doc.markdown === 'string' ? 'markdown' : 'text', content: text } };
    },
  };
}
