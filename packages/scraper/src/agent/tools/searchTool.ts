import type { AgentTool } from '../agentTypes.js';
import type { AgentToolsOptions } from './agentToolsOptions.js';
import { toolError } from './toolInput.js';

/** Results one search call returns to the model (one search credit covers ten). */
const SEARCH_TOOL_LIMIT = 10;
/** Characters of a result's description told to the model. */
const SEARCH_DESCRIPTION_MAX = 300;

/**
 * `search`: the service's own search, up to ten results as URL, title and a clipped description, plus the search's
 * warning; with strictConstrainToURLs only the results the run may open are told.
 */
export function searchTool(search: NonNullable<AgentToolsOptions['search']>, options: AgentToolsOptions): AgentTool {
  return {
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
      let found: Awaited<ReturnType<typeof search>>;
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
  };
}
