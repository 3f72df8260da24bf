import pLimit from 'p-limit';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import { isHttpUrl } from '../contract/scrapeRequest.js';
import { TIMEOUT_DEFAULT_MS, TIMEOUT_MIN_MS } from '../contract/limits.js';
import { isScrapeError } from '../errors.js';
import type { LocalSearchIndex } from './createLocalSearchIndex.js';
import type { ProviderResult, SearchProvider } from './createSearxngProvider.js';
import { CATEGORY_FILTERS, TBS_TIME_RANGES, hostMatches } from './searchCategories.js';
import { searchErrors } from './searchErrors.js';
import {
  parseSearchRequest,
  SEARCH_CATEGORIES,
  SEARCH_SOURCES,
  type SearchCategory,
  type SearchRequest,
  type SearchSource,
} from './searchRequest.js';

/** Results scraped at once per search (each may hold a browser page). */
const SCRAPE_CONCURRENCY = 5;
/** The provider gets at most this share of the search timeout, so scrapes keep time to run. */
const PROVIDER_SHARE = 0.5;
/** Search credits: this many results cost one credit (scrapes are billed on top, as scrapes). */
export const RESULTS_PER_CREDIT = 10;

export type SearchResultItem = Record<string, unknown>;

export interface SearchResponse {
  data: { web?: SearchResultItem[]; news?: SearchResultItem[]; images?: SearchResultItem[] };
  warning?: string;
  creditsUsed: number;
}

export interface SearchDeps {
  provider?: SearchProvider;
  index?: LocalSearchIndex;
  scrape(body: unknown, context: ScrapeContext): Promise<ScrapeDocument>;
}

/** What `credits` a search body may cost at most: the search itself plus, with scrapeOptions, a scrape per result. */
export function expectedSearchCredits(body: unknown): number {
  const b = body as { limit?: unknown; scrapeOptions?: unknown } | null;
  const limit = typeof b?.limit === 'number' && b.limit > 0 ? Math.min(Math.floor(b.limit), 100) : 5;
  return Math.ceil(limit / RESULTS_PER_CREDIT) + (b?.scrapeOptions ? limit : 0);
}

/**
 * POST /v2/search: web, news and images from the provider (SearXNG), or web results from the service's own index
 * of pages it scraped when no provider is configured (with a warning). With `scrapeOptions` the web and news
 * results are scraped through the normal pipeline in parallel within the timeout; a result that fails keeps its
 * search fields and says why in `metadata.error`/`metadata.code`.
 */
export async function runSearch(
  body: unknown,
  deps: SearchDeps,
  context: Pick<ScrapeContext, 'signal' | 'team'> = {},
): Promise<SearchResponse> {
  const request = parseSearchRequest(body);
  const started = Date.now();
  const deadline = AbortSignal.any([AbortSignal.timeout(request.timeout), ...(context.signal ? [context.signal] : [])]);
  const warnings: string[] = [];

  const asked = request.sources.map((s) => String(s));
  const sources = SEARCH_SOURCES.filter((s) => asked.includes(s));
  const unknownSources = asked.filter((s) => !(SEARCH_SOURCES as readonly string[]).includes(s));
  if (unknownSources.length)
    warnings.push(`Sources not available on this service were skipped: ${unknownSources.join(', ')}.`);
  if (sources.length === 0) throw searchErrors.noSource(asked);
  const categories = request.categories
    .map(String)
    .filter((c): c is SearchCategory => (SEARCH_CATEGORIES as readonly string[]).includes(c));
  const unknownCategories = request.categories
    .map(String)
    .filter((c) => !(SEARCH_CATEGORIES as readonly string[]).includes(c));
  if (unknownCategories.length)
    warnings.push(`Categories not available on this service were ignored: ${unknownCategories.join(', ')}.`);

  const domainOk = (url: string) => {
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return !request.ignoreInvalidURLs && request.includeDomains.length === 0;
    }
    if (request.includeDomains.length && !request.includeDomains.some((d) => hostMatches(host, d))) return false;
    return !request.excludeDomains.some((d) => hostMatches(host, d));
  };
  const urlOk = (url: string) => (request.ignoreInvalidURLs ? isHttpUrl(url) : true) && domainOk(url);

  let found: { web?: SearchResultItem[]; news?: SearchResultItem[]; images?: SearchResultItem[] };
  if (deps.provider) {
    found = await searchProvider(deps.provider, request, sources, categories, urlOk, deadline, warnings);
  } else {
    found = searchIndex(deps.index, request, sources, categories, urlOk, warnings);
  }

  let scrapeCredits = 0;
  if (request.scrapeOptions) {
    const limit = pLimit(SCRAPE_CONCURRENCY);
    const scrapeOne = async (item: SearchResultItem): Promise<SearchResultItem> => {
      const url = String(item.url ?? '');
      const left = request.timeout - (Date.now() - started);
      const asked =
        typeof request.scrapeOptions?.timeout === 'number' ? request.scrapeOptions.timeout : TIMEOUT_DEFAULT_MS;
      const timeout = Math.min(asked, left);
      if (timeout < TIMEOUT_MIN_MS)
        return failed(item, 'SEARCH_TIMEOUT', 'The search timeout left no time to scrape this result');
      try {
        const doc = await deps.scrape(
          { ...request.scrapeOptions, url, timeout },
          { signal: context.signal, team: context.team },
        );
        const used = doc.metadata.creditsUsed;
        scrapeCredits += typeof used === 'number' ? used : 1;
        return { ...item, ...doc, metadata: doc.metadata };
      } catch (error) {
        if (isScrapeError(error)) return failed(item, error.code ?? `HTTP_${error.status}`, error.error);
        return failed(item, 'UNKNOWN_ERROR', 'The result could not be scraped');
      }
    };
    const scrapeAll = (items?: SearchResultItem[]) =>
      items ? Promise.all(items.map((item) => limit(() => scrapeOne(item)))) : undefined;
    const [web, news] = await Promise.all([scrapeAll(found.web), scrapeAll(found.news)]);
    found = { ...found, ...(web ? { web } : {}), ...(news ? { news } : {}) };
    const failures = [...(web ?? []), ...(news ?? [])].filter(
      (r) => (r.metadata as { error?: unknown } | undefined)?.error,
    ).length;
    if (failures) warnings.push(`${failures} result(s) could not be scraped; see metadata.error on each.`);
  }

  const total = (found.web?.length ?? 0) + (found.news?.length ?? 0) + (found.images?.length ?? 0);
  const response: SearchResponse = {
    data: found,
    creditsUsed: Math.max(1, Math.ceil(total / RESULTS_PER_CREDIT)) + scrapeCredits,
  };
  if (warnings.length) response.warning = warnings.join(' ');
  return response;
}

function failed(item: SearchResultItem, code: string, error: string): SearchResultItem {
  return { ...item, metadata: { sourceURL: item.url, error, code } };
}

async function searchProvider(
  provider: SearchProvider,
  request: SearchRequest,
  sources: SearchSource[],
  categories: SearchCategory[],
  urlOk: (url: string) => boolean,
  deadline: AbortSignal,
  warnings: string[],
): Promise<SearchResponse['data']> {
  const providerTimeout = Math.max(1_000, Math.floor(request.timeout * PROVIDER_SHARE));
  const signal = AbortSignal.any([deadline, AbortSignal.timeout(providerTimeout)]);
  let timeRange: 'day' | 'week' | 'month' | 'year' | undefined;
  if (request.tbs) {
    const tbs = request.tbs.trim();
    // Own keys only: tbs is user input ("constructor" must be unsupported, not Object.prototype.constructor).
    timeRange = Object.hasOwn(TBS_TIME_RANGES, tbs) ? TBS_TIME_RANGES[tbs] : undefined;
    if (!timeRange)
      warnings.push(`tbs "${request.tbs}" is not supported by the provider (qdr:h/d/w/m/y are) and was ignored.`);
  }
  if (request.location || request.country)
    warnings.push('location and country are not applied by the SearXNG provider.');
  // One domain asked for: the provider can narrow the query itself; the results are filtered here in every case.
  const siteTerm = request.includeDomains.length === 1 ? ` site:${request.includeDomains[0].replace(/^\*\./, '')}` : '';
  const base = { wanted: request.limit, timeRange, signal, timeoutMs: providerTimeout };
  const byUrl = (r: ProviderResult) => urlOk(r.url);

  type Job = { source: SearchSource; run: () => Promise<SearchResultItem[]> };
  const jobs: Job[] = [];
  for (const source of sources) {
    if (source === 'web' && categories.length) {
      jobs.push({
        source,
        run: async () => {
          // One provider query per category; results interleaved so every category is represented within limit.
          const lists = await Promise.all(
            categories.map(async (category) => {
              const filter = CATEGORY_FILTERS[category];
              const keep = (r: ProviderResult) =>
                byUrl(r) &&
                (!filter.domains || filter.domains.some((d) => hostMatches(safeHost(r.url), d))) &&
                (!filter.urlPattern || filter.urlPattern.test(r.url));
              const query = [request.query, filter.queryTerms].filter(Boolean).join(' ') + siteTerm;
              const { results } = await provider.search({ ...base, query, category: 'general', keep });
              return results.map((r) => ({ ...webItem(r), category }));
            }),
          );
          return interleave(lists, request.limit);
        },
      });
    } else {
      const category = source === 'web' ? 'general' : source;
      jobs.push({
        source,
        run: async () => {
          const { results } = await provider.search({
            ...base,
            query: request.query + siteTerm,
            category,
            keep: byUrl,
          });
          return results.map(source === 'web' ? webItem : source === 'news' ? newsItem : imageItem);
        },
      });
    }
  }
  const settled = await Promise.allSettled(jobs.map((j) => j.run()));
  const data: SearchResponse['data'] = {};
  const failures: unknown[] = [];
  settled.forEach((outcome, i) => {
    const source = jobs[i].source;
    if (outcome.status === 'fulfilled')
      data[source] = outcome.value.slice(0, request.limit).map((item, p) => ({ ...item, position: p + 1 }));
    else failures.push(outcome.reason);
  });
  // Every source failed: the provider's error is the answer. Some did: partial results with a warning.
  if (failures.length === jobs.length) throw failures[0];
  for (let i = 0; i < settled.length; i++) {
    const outcome = settled[i];
    if (outcome.status === 'rejected') {
      const reason =
        (outcome.reason as { error?: string; message?: string }).error ?? (outcome.reason as Error).message;
      warnings.push(`The ${jobs[i].source} search failed (${reason}); results of the other sources are returned.`);
    }
  }
  return data;
}

function searchIndex(
  index: LocalSearchIndex | undefined,
  request: SearchRequest,
  sources: SearchSource[],
  categories: SearchCategory[],
  urlOk: (url: string) => boolean,
  warnings: string[],
): SearchResponse['data'] {
  if (!index || index.size() === 0) throw searchErrors.noProvider();
  const unavailable = sources.filter((s) => s !== 'web');
  if (unavailable.length)
    warnings.push(
      `No search provider is configured (SCRAPE_SEARXNG_URL), so ${unavailable.join(' and ')} results are not ` +
        `available.`,
    );
  if (!sources.includes('web')) return {};
  const keep = (url: string) =>
    urlOk(url) &&
    (categories.length === 0 ||
      categories.some((c) => {
        const f = CATEGORY_FILTERS[c];
        return (
          (!f.domains || f.domains.some((d) => hostMatches(safeHost(url), d))) &&
          (!f.urlPattern || f.urlPattern.test(url))
        );
      }));
  const hits = index.search(request.query, request.limit, keep);
  warnings.unshift(
    `No search provider is configured (set SCRAPE_SEARXNG_URL to a SearXNG instance): these results come from this ` +
      `service's own index of the ${index.size()} page(s) it has scraped.`,
  );
  return { web: hits.map((h, i) => ({ url: h.url, title: h.title, description: h.description, position: i + 1 })) };
}

function webItem(r: ProviderResult): SearchResultItem {
  return { url: r.url, title: r.title, description: r.content };
}

function newsItem(r: ProviderResult): SearchResultItem {
  return {
    title: r.title,
    url: r.url,
    snippet: r.content,
    ...(r.publishedDate ? { date: r.publishedDate } : {}),
    ...(r.thumbnailUrl || r.imageUrl ? { imageUrl: r.thumbnailUrl ?? r.imageUrl } : {}),
  };
}

function imageItem(r: ProviderResult): SearchResultItem {
  return {
    title: r.title,
    imageUrl: r.imageUrl ?? r.thumbnailUrl,
    ...(r.width ? { imageWidth: r.width, imageHeight: r.height } : {}),
    url: r.url,
  };
}

function interleave<T>(lists: T[][], limit: number): T[] {
  const out: T[] = [];
  for (let i = 0; out.length < limit && lists.some((l) => i < l.length); i++) {
    for (const list of lists) if (i < list.length && out.length < limit) out.push(list[i]);
  }
  return out;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
