import type { ScrapeRequest } from '../contract/scrapeRequest.js';

/**
 * Request fields the Firecrawl SDK 4.42 types allow that switch features of the Firecrawl cloud this server does not
 * have. They are accepted (a client that sets them keeps working) and named in `warning`, never silently dropped.
 */
export function cloudOnlyWarnings(request: ScrapeRequest): string[] {
  const ignored: string[] = [];
  if (request.fastMode === true) ignored.push('fastMode');
  if (request.useMock !== undefined) ignored.push('useMock');
  if (request.domainTools === true) ignored.push('domainTools');
  if (request.toolDetail !== undefined) ignored.push('toolDetail');
  if (ignored.length === 0) return [];
  const list = ignored.map((name) => `\`${name}\``).join(', ');
  return [
    `${list} ${ignored.length === 1 ? 'is a Firecrawl cloud option' : 'are Firecrawl cloud options'} that this ` +
      `server ignores.`,
  ];
}
