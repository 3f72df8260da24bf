import type { AgentTool } from '../agentTypes.js';
import type { AgentToolsOptions } from './agentToolsOptions.js';
import { checkUrl, toolError } from './toolInput.js';

/** URLs one map call returns to the model. */
const MAP_TOOL_LIMIT = 200;

/**
 * `map`: a site's URLs (with titles) without reading them, ranked by an optional `search`; with
 * strictConstrainToURLs only the URLs the run may open are told.
 */
export function mapTool(map: NonNullable<AgentToolsOptions['map']>, options: AgentToolsOptions): AgentTool {
  return {
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
      const search = typeof args.search === 'string' && args.search.trim() ? args.search.slice(0, 500) : undefined;
      let links: { url: string; title?: string }[];
      try {
        ({ links } = await map({ url, ...(search ? { search } : {}), limit: MAP_TOOL_LIMIT }, signal));
      } catch (error) {
        throw toolError(error);
      }
      const allowed = options.onlyUnder
        ? links.filter((l) => options.onlyUnder!.some((p) => l.url.startsWith(p)))
        : links;
      const text = allowed.map((l) => (l.title ? `${l.url} — ${l.title}` : l.url)).join('\n') || '(no pages found)';
      return { text, artifact: { kind: 'text', content: text } };
    },
  };
}
