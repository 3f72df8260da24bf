import { searchErrors } from './searchErrors.js';

/** Results SearXNG returns per page (its default); more pages are asked for to reach `limit`. */
const PAGE_SIZE = 10;
const MAX_PAGES = 5;
/** A provider answer larger than this is not a search result page. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export interface ProviderResult {
  url: string;
  title: string;
  content: string;
  publishedDate?: string;
  imageUrl?: string;
  thumbnailUrl?: string;
  width?: number;
  height?: number;
}

export interface ProviderQuery {
  query: string;
  category: 'general' | 'news' | 'images';
  /** How many results are wanted after the caller's filtering (more pages are fetched until then or no more). */
  wanted: number;
  keep: (result: ProviderResult) => boolean;
  timeRange?: 'day' | 'week' | 'month' | 'year';
  language?: string;
  signal: AbortSignal;
  /** For the provider-timeout error. */
  timeoutMs: number;
}

export interface SearchProvider {
  readonly name: string;
  search(query: ProviderQuery): Promise<{ results: ProviderResult[]; unresponsiveEngines: string[] }>;
}

/**
 * SearXNG's JSON API (`/search?format=json`): the metasearch engine self-hosters run. Its URL is operator
 * configuration (SCRAPE_SEARXNG_URL), usually on a private network, so it is not subject to the SSRF guard that
 * protects scrapes of user URLs; the result URLs are scraped through that guard.
 */
export function createSearxngProvider(options: { baseUrl: string; fetch?: typeof fetch }): SearchProvider {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : options.baseUrl + '/';
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'searxng',
    async search(q) {
      const gathered: Gathered = { results: [], seen: new Set(), unresponsive: new Set() };
      for (let page = 1; page <= MAX_PAGES && gathered.results.length < q.wanted; page++) {
        const answer = await fetchJson(doFetch, searchUrl(base, q, page), q.signal, q.timeoutMs);
        if (!gatherPage(answer, q, gathered)) break;
      }
      return { results: gathered.results.slice(0, q.wanted), unresponsiveEngines: [...gathered.unresponsive] };
    },
  };
}

/** What the pages read so far gave: the kept results, every URL met, the engines SearXNG said did not answer. */
interface Gathered {
  results: ProviderResult[];
  seen: Set<string>;
  unresponsive: Set<string>;
}

/** The JSON search URL of one result page. */
function searchUrl(base: string, q: ProviderQuery, page: number): URL {
  const url = new URL('search', base);
  url.searchParams.set('q', q.query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('categories', q.category);
  url.searchParams.set('pageno', String(page));
  if (q.timeRange) url.searchParams.set('time_range', q.timeRange);
  if (q.language) url.searchParams.set('language', q.language);
  return url;
}

/** Adds one answer's new results (those `keep` accepts) to `gathered`; false when there is no next page to ask. */
function gatherPage(answer: Record<string, unknown>, q: ProviderQuery, gathered: Gathered): boolean {
  const items = Array.isArray(answer.results) ? (answer.results as Record<string, unknown>[]) : [];
  for (const engine of Array.isArray(answer.unresponsive_engines) ? answer.unresponsive_engines : []) {
    gathered.unresponsive.add(Array.isArray(engine) ? String(engine[0]) : String(engine));
  }
  let fresh = 0;
  for (const item of items) {
    const result = toResult(item);
    if (!result || gathered.seen.has(result.url)) continue;
    gathered.seen.add(result.url);
    fresh++;
    if (q.keep(result)) gathered.results.push(result);
  }
  // A short or repeated page means there is no more.
  return fresh > 0 && items.length >= PAGE_SIZE / 2;
}

async function fetchJson(
  doFetch: typeof fetch,
  url: URL,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await doFetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
  } catch (error) {
    if (signal.aborted) throw searchErrors.providerTimeout(timeoutMs);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw searchErrors.providerUnavailable(cause?.code ?? cause?.message ?? (error as Error).message);
  }
  const text = await readCapped(response, signal, timeoutMs);
  if (!response.ok) {
    // SearXNG answers 403 when the json format is not enabled in its settings.yml.
    const hint =
      response.status === 403 ? 'enable the json format (search.formats in settings.yml)' : text.slice(0, 200);
    throw searchErrors.providerError(response.status, hint);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw searchErrors.providerError(response.status, 'the answer is not SearXNG JSON');
}

async function readCapped(response: Response, signal: AbortSignal, timeoutMs: number): Promise<string> {
  try {
    const reader = response.body?.getReader();
    if (!reader) return '';
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel();
        throw searchErrors.providerError(response.status, `the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if ((error as { name?: string }).name === 'ScrapeError') throw error;
    if (signal.aborted) throw searchErrors.providerTimeout(timeoutMs);
    throw searchErrors.providerUnavailable((error as Error).message);
  }
}

function toResult(item: Record<string, unknown>): ProviderResult | null {
  const url = typeof item.url === 'string' ? item.url : undefined;
  if (!url) return null;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const [width, height] = parseResolution(str(item.resolution) ?? str(item.img_format));
  return {
    url,
    title: str(item.title) ?? '',
    content: str(item.content) ?? '',
    publishedDate: str(item.publishedDate) ?? str(item.pubdate),
    imageUrl: str(item.img_src),
    thumbnailUrl: str(item.thumbnail_src) ?? str(item.thumbnail),
    width,
    height,
  };
}

/** "1920 x 1080" / "1920×1080" → [1920, 1080]. */
function parseResolution(value: string | undefined): [number | undefined, number | undefined] {
  const m = value ? /(\d+)\s*[x×]\s*(\d+)/i.exec(value) : null;
  return m ? [Number(m[1]), Number(m[2])] : [undefined, undefined];
}
