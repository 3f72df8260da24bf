import { extractLinks, findBaseUrl, parseHtml } from '@scrape/core';
import type { ScrapeDocument } from '../createScraper.js';

/** Every link of the page's HTML, resolved against its final URL and <base href>. */
export function pageLinks(doc: ScrapeDocument): string[] {
  if (typeof doc.rawHtml !== 'string' || doc.rawHtml.length === 0) return [];
  const url = typeof doc.metadata.url === 'string' ? doc.metadata.url : String(doc.metadata.sourceURL ?? '');
  try {
    const document = parseHtml(doc.rawHtml);
    return extractLinks(document, { url, baseUrl: findBaseUrl(document, url) });
  } catch {
    return [];
  }
}

