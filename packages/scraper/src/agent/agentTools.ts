import type { AgentTool } from './agentTypes.js';
import type { AgentToolsOptions } from './tools/agentToolsOptions.js';
import { mapTool } from './tools/mapTool.js';
import { pageCodeTool } from './tools/pageCodeTool.js';
import { scrapeTool } from './tools/scrapeTool.js';
import { searchTool } from './tools/searchTool.js';

/**
 * The agent's tools: the service's own operations, one file each under tools/. `scrape` (markdown, links, summary)
 * and, when the host has them, `search` (web search through the service's search), `map` (a site's URLs) and
 * `page_code` (Playwright code on a page in an interact session).
 */
export function createAgentTools(options: AgentToolsOptions): AgentTool[] {
  const { pageCode, map, search } = options;
  return [
    scrapeTool(options),
    ...(search ? [searchTool(search, options)] : []),
    ...(map ? [mapTool(map, options)] : []),
    ...(pageCode ? [pageCodeTool(pageCode, options)] : []),
  ];
}
