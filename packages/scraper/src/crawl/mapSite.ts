import type { ScrapeContext, ScrapeDocument } from '../types.js';
import { errors } from '../errors.js';
import type { MapRequest } from './crawlRequest.js';
import { createCrawlScope } from './crawlScope.js';
import type { FetchRaw } from './fetchRaw.js';
import { readSitemaps } from './readSitemaps.js';
import { pageLinks } from './pageLinks.js';
import type { RulesFor } from './robotsRules.js';

const MAP_DEFAULT_TIMEOUT_MS = 60_000;

export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}

/**
 * A site's URLs, fast: its sitemaps (unless `sitemap: skip`) and the links of the start page (unless `sitemap: only`),
 * de-duplicated with the crawl's URL keys and kept to the site (and its subdomains with `includeSubdomains`). With
 * `search`, URLs are ranked by how many of the search words they contain (then by shortness), and those without any
 * come last. No page other than the start page is fetched.
 */
export async function mapSite(options: {
  request: MapRequest;
  scrape: (body: unknown, context: ScrapeContext) => Promise<ScrapeDocument>;
  fetchRaw: FetchRaw;
  robots: RulesFor;
  team?: string;
  signal?: AbortSignal;
}): Promise<MapLink[]> {
  const { request } = options;
  const timeout = AbortSignal.timeout(request.timeoutMs ?? MAP_DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const scope = createCrawlScope({
    url: request.url,
    excludePaths: [],
    includePaths: [],
    ignoreQueryParameters: request.ignoreQueryParameters,
    deduplicateSimilarURLs: true,
    crawlEntireDomain: true,
    allowSubdomains: request.includeSubdomains,
    allowExternalLinks: false,
    regexOnFullURL: false,
  });
  const found = new Map<string, MapLink>();
  const add = (url: string, title?: string) => {
    if (found.size >= request.limit * 4 || !scope.allows(url)) return;
    const key = scope.keyOf(url);
    if (key && !found.has(key)) found.set(key, title ? { url, title } : { url });
  };
  add(request.url);
  if (request.sitemap !== 'skip') {
    const rules = await options.robots(request.url, null, signal);
    const urls = await readSitemaps({
      fetchRaw: options.fetchRaw,
      startUrl: request.url,
      robotsSitemaps: rules.sitemaps(),
      maxUrls: request.limit * 4,
      signal,
    });
    for (const url of urls) add(url);
  }
  if (request.sitemap !== 'only') {
    try {
      const doc = await options.scrape(
        { url: request.url, formats: ['rawHtml'], timeout: Math.min(request.timeoutMs ?? 30_000, 30_000) },
        { team: options.team, signal },
      );
      for (const link of pageLinks(doc)) add(link);
    } catch (error) {
      if (timeout.aborted && found.size <= 1)
        throw errors.timeout({ timeoutMs: request.timeoutMs ?? MAP_DEFAULT_TIMEOUT_MS });
      // Sitemap URLs alone still answer; a start page that fails with nothing else found is the error.
      if (found.size <= 1) throw error;
    }
  }
  let links = [...found.values()];
  if (request.search) links = rankBySearch(links, request.search);
  return links.slice(0, request.limit);
}

/** Search words found in the URL (case-insensitive); ties go to the shorter (more general) URL. Stable otherwise. */
export function rankBySearch(links: MapLink[], search: string): MapLink[] {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 32);
  if (words.length === 0) return links;
  const scored = links.map((link, index) => {
    const haystack = decodeSafely(link.url).toLowerCase();
    const score = words.reduce((n, w) => n + (haystack.includes(w) ? 1 : 0), 0);
    return { link, index, score };
  });
  scored.sort(
    (a, b) => b.score - a.score || (b.score > 0 ? a.link.url.length - b.link.url.length : 0) || a.index - b.index,
  );
  return scored.map((s) => s.link);
}

function decodeSafely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
