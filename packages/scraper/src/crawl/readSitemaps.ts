import { XMLParser } from 'fast-xml-parser';
import { isHttpUrl } from '../contract/scrapeRequest.js';
import type { FetchRaw } from './fetchRaw.js';

/** Sitemap files read per crawl or map (an index of indexes cannot make us fetch forever). */
export const SITEMAP_FILES_MAX = 100;
/** Index nesting followed (the protocol allows one level; some sites nest two). */
const SITEMAP_DEPTH_MAX = 3;

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

interface ParsedSitemap {
  urlset?: { url?: { loc?: unknown }[] };
  sitemapindex?: { sitemap?: { loc?: unknown }[] };
}

/**
 * Page URLs from a site's sitemaps: the ones robots.txt names plus `/sitemap.xml`, following sitemap indexes and
 * reading gzip files and plain-text sitemaps, until `maxUrls` page URLs or SITEMAP_FILES_MAX files. XML is parsed by
 * fast-xml-parser (entities decoded, no external entities or DTDs fetched).
 */
export async function readSitemaps(options: {
  fetchRaw: FetchRaw;
  startUrl: string;
  robotsSitemaps?: string[];
  maxUrls: number;
  signal?: AbortSignal;
}): Promise<string[]> {
  const origin = new URL(options.startUrl).origin;
  const queue: { url: string; depth: number }[] = [...(options.robotsSitemaps ?? []), `${origin}/sitemap.xml`].map(
    (url) => ({ url, depth: 0 }),
  );
  const visited = new Set<string>();
  const found = new Set<string>();
  while (queue.length > 0 && visited.size < SITEMAP_FILES_MAX && found.size < options.maxUrls) {
    if (options.signal?.aborted) break;
    const next = queue.shift()!;
    if (visited.has(next.url) || !isHttpUrl(next.url)) continue;
    visited.add(next.url);
    const response = await options.fetchRaw(next.url, options.signal);
    if (!response || response.status < 200 || response.status >= 300) continue;
    const text = response.body.toString('utf8');
    const { pages, sitemaps } = parseSitemap(text);
    for (const page of pages) {
      if (found.size >= options.maxUrls) break;
      if (isHttpUrl(page)) found.add(page);
    }
    if (next.depth < SITEMAP_DEPTH_MAX) for (const child of sitemaps) queue.push({ url: child, depth: next.depth + 1 });
  }
  return [...found];
}

export function parseSitemap(text: string): { pages: string[]; sitemaps: string[] } {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<')) {
    // A text sitemap: one URL per line.
    return {
      pages: trimmed
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length > 0 && l.length < 8_192),
      sitemaps: [],
    };
  }
  let doc: ParsedSitemap;
  try {
    doc = parser.parse(text) as ParsedSitemap;
  } catch {
    return { pages: [], sitemaps: [] };
  }
  const locs = (entries: { loc?: unknown }[] | undefined) =>
    (entries ?? []).map((e) => (typeof e?.loc === 'string' ? e.loc.trim() : '')).filter((l) => l.length > 0);
  return { pages: locs(doc.urlset?.url), sitemaps: locs(doc.sitemapindex?.sitemap) };
}
