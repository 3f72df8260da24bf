import type { JobRecord, JobStore, WorkHandler, WorkItemInput } from '@scrape/jobs';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import type { BatchRequest, CrawlRequest } from './crawlRequest.js';
import { createCrawlScope, type CrawlScope } from './crawlScope.js';
import type { FetchRaw } from './fetchRaw.js';
import { readSitemaps } from './readSitemaps.js';
import { readPageFacts } from './pageLinks.js';
import type { RulesFor } from './robotsRules.js';
import type { JobBilling } from './jobBilling.js';
import { scrapePage } from './scrapeBilledPage.js';
import { withSlots } from './withSlots.js';

export type { JobBilling } from './jobBilling.js';

/**
 * Longest politeness wait honoured from robots.txt Crawl-delay (a site asking for an hour per page is not crawlable).
 */
const CRAWL_DELAY_CAP_MS = 60_000;
/** Links taken from one page (a page listing a million links must not flood the frontier in one commit). */
const LINKS_PER_PAGE_MAX = 5_000;
const SCOPES_CACHED = 256;

export const ROBOTS_BLOCKED = 'ROBOTS_BLOCKED';

/** A crawl item's payload. */
export interface CrawlItemPayload {
  url: string;
  depth: number;
  /** The start URL: it also reads the sitemaps. */
  root?: boolean;
}

export interface JobHandlersOptions {
  store: JobStore;
  scrape: (body: unknown, context: ScrapeContext) => Promise<ScrapeDocument>;
  fetchRaw: FetchRaw;
  robots: RulesFor;
  billing?: JobBilling;
}

/**
 * The scrape body of one crawled page. Links are discovered on the whole page (navigation included), not only in the
 * main content the links format reads: the page's raw HTML is asked for too and dropped again unless the client
 * wants it (`wantsRaw`).
 */
function crawlPageBody(request: CrawlRequest, url: string): { body: Record<string, unknown>; wantsRaw: boolean } {
  const formats = Array.isArray(request.scrapeOptions.formats)
    ? (request.scrapeOptions.formats as unknown[])
    : ['markdown'];
  const wantsRaw = formats.some((f) => f === 'rawHtml' || (f as { type?: unknown } | null)?.type === 'rawHtml');
  const body = { ...request.scrapeOptions, url, formats: wantsRaw ? formats : [...formats, 'rawHtml'] };
  return { body, wantsRaw };
}

/** The handlers of the `crawl` and `batch` job kinds: every page through the scrape pipeline. */
export function createJobHandlers(options: JobHandlersOptions): { crawl: WorkHandler; batch: WorkHandler } {
  const { store, billing } = options;
  const scopes = new Map<string, CrawlScope>();

  const scopeOf = (job: JobRecord): CrawlScope => {
    let scope = scopes.get(job.id);
    if (!scope) {
      scope = createCrawlScope(job.params as CrawlRequest);
      if (scopes.size >= SCOPES_CACHED) scopes.delete(scopes.keys().next().value!);
      scopes.set(job.id, scope);
    }
    return scope;
  };

  const crawl: WorkHandler = async (item, { job, signal }) => {
    const request = job.params as CrawlRequest;
    const payload = item.payload as CrawlItemPayload;
    const scope = scopeOf(job);
    const rules = request.ignoreRobotsTxt ? null : await options.robots(payload.url, request.robotsUserAgent, signal);
    const discovered: WorkItemInput[] = [];
    const discover = (url: string, depth: number) => {
      if (request.maxDiscoveryDepth !== null && depth > request.maxDiscoveryDepth) return;
      if (!scope.allows(url)) return;
      const key = scope.keyOf(url);
      if (key) discovered.push({ key, payload: { url, depth } satisfies CrawlItemPayload });
    };
    if (payload.root && request.sitemap !== 'skip') {
      const fromSitemaps = await readSitemaps({
        fetchRaw: options.fetchRaw,
        startUrl: request.url,
        robotsSitemaps: rules?.sitemaps(),
        maxUrls: request.limit,
        signal,
      });
      for (const url of fromSitemaps) discover(url, 0);
    }
    if (rules && !rules.isAllowed(payload.url)) {
      return { error: { code: ROBOTS_BLOCKED, message: 'Blocked by robots.txt', url: payload.url }, discovered };
    }
    // Per-host politeness across processes: one page of the host at a time, this long after the previous one ended.
    const gapMs = Math.max(request.delayMs, Math.min(CRAWL_DELAY_CAP_MS, rules?.crawlDelayMs() ?? 0));
    const polite = { host: new URL(payload.url).host, gapMs };
    const { body, wantsRaw } = crawlPageBody(request, payload.url);
    const scraped = await withSlots(store, billing, job, request.maxConcurrency, polite, signal, () =>
      scrapePage(options, job, item, body, signal),
    );
    if (!scraped.doc) return { ...scraped.outcome, discovered };
    const doc = scraped.doc;
    const facts = readPageFacts(doc);
    if (!wantsRaw) delete doc.rawHtml;
    if (request.sitemap !== 'only')
      for (const link of facts.links.slice(0, LINKS_PER_PAGE_MAX)) discover(link, payload.depth + 1);
    const credits = typeof doc.metadata.creditsUsed === 'number' ? doc.metadata.creditsUsed : 1;
    return { result: doc, discovered, credits, aliases: aliasesOf(scope, item.key, doc, facts.canonical) };
  };

  const batch: WorkHandler = async (item, { job, signal }) => {
    const request = job.params as BatchRequest;
    const url = (item.payload as { url: string }).url;
    const scraped = await withSlots(store, billing, job, request.maxConcurrency, null, signal, () =>
      scrapePage(options, job, item, { ...request.scrapeOptions, url }, signal),
    );
    if (!scraped.doc) return scraped.outcome ?? {};
    const credits = typeof scraped.doc.metadata.creditsUsed === 'number' ? scraped.doc.metadata.creditsUsed : 1;
    return { result: scraped.doc, credits };
  };

  return { crawl, batch };
}

/**
 * Other keys of this page: where a redirect landed, and its canonical URL when that differs only in the query
 * string (tracking parameters). A canonical pointing at another path is not trusted: sites that point every page at
 * their home page would otherwise lose all but one.
 */
function aliasesOf(scope: CrawlScope, key: string, doc: ScrapeDocument, canonical: string | null): string[] {
  const aliases = new Set<string>();
  const finalUrl = typeof doc.metadata.url === 'string' ? doc.metadata.url : null;
  if (finalUrl && scope.allows(finalUrl)) {
    const finalKey = scope.keyOf(finalUrl);
    if (finalKey && finalKey !== key) aliases.add(finalKey);
  }
  if (canonical && finalUrl && URL.canParse(finalUrl)) {
    const c = new URL(canonical);
    const f = new URL(finalUrl);
    const canonicalKey = scope.keyOf(canonical);
    if (c.host === f.host && c.pathname === f.pathname && canonicalKey && canonicalKey !== key)
      aliases.add(canonicalKey);
  }
  return [...aliases];
}
