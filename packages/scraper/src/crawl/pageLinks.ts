import { extractLinks, findBaseUrl, parseHtml } from '@scrape/core/internal';
import type { ScrapeDocument } from '../types.js';

export interface PageFacts {
  /** Every link of the page's HTML, resolved against its final URL and <base href>. */
  links: string[];
  /** `<link rel="canonical">`, resolved; null when absent or unparsable. */
  canonical: string | null;
}

/** Links and canonical URL of a scraped page, read from its raw HTML (the whole page, navigation included). */
export function readPageFacts(doc: ScrapeDocument): PageFacts {
  if (typeof doc.rawHtml !== 'string' || doc.rawHtml.length === 0) return { links: [], canonical: null };
  const url = typeof doc.metadata.url === 'string' ? doc.metadata.url : String(doc.metadata.sourceURL ?? '');
  try {
    const document = parseHtml(doc.rawHtml);
    const baseUrl = findBaseUrl(document, url);
    const href = document.querySelector('link[rel~="canonical" i][href]')?.getAttribute('href')?.trim();
    let canonical: string | null = null;
    if (href && URL.canParse(href, baseUrl ?? url)) canonical = new URL(href, baseUrl ?? url).href;
    return { links: extractLinks(document, { url, baseUrl }), canonical };
  } catch {
    return { links: [], canonical: null };
  }
}

export function pageLinks(doc: ScrapeDocument): string[] {
  return readPageFacts(doc).links;
}
