import type { BrowserPoolStats } from '@scrape/browser';
import type { Artifact, ArtifactInfo } from '@scrape/cache';
import { buildOpenApiDocument } from './contract/buildOpenApiDocument.js';
import { resolveStoreHome } from './createLazyStores.js';
import { buildPipelineDeps } from './create/buildPipelineDeps.js';
import { createScraperEngines } from './create/createScraperEngines.js';
import { createScraperResources } from './create/createScraperResources.js';
import { parseWith, scrapeWith } from './create/scrapeAndParse.js';
import { createJobRuntime, type JobRuntime } from './crawl/createJobRuntime.js';
import type { MapLink } from './crawl/mapSite.js';
import type { WebhookSender } from './crawl/createWebhookSender.js';
import type { BrowserEngine } from './engines/createBrowserEngine.js';
import type { ProfileStore } from './interact/profileStore.js';
import type { Upload } from './parse/detectUpload.js';
import type { PdfWorkerPoolStats } from './pdf/createPdfWorkerPool.js';
import type { ScraperOptions } from './scraperOptions.js';
import { runSearch, type SearchResponse } from './search/createSearch.js';
import { DEFAULT_TEAM } from './steps/changeTracking.js';
import type { ScrapeContext, ScrapeDocument } from './types.js';

export type { ScraperOptions } from './scraperOptions.js';

export interface Scraper {
  /** Validates `request` against the v2 contract and scrapes; throws ScrapeError for every failure. */
  scrape(request: unknown, context?: ScrapeContext): Promise<ScrapeDocument>;
  /**
   * POST /v2/parse: converts an uploaded file (PDF, DOCX, XLSX, CSV, PPTX, HTML, text, markdown, images) with the
   * scrape options `options` (formats, PDF parsers, redactPII, LLM formats...). Nothing is cached or kept.
   */
  parse(upload: Upload, options: unknown, context?: Pick<ScrapeContext, 'signal' | 'team'>): Promise<ScrapeDocument>;
  /** POST /v2/search: results from the provider (or the local index), scraped with `scrapeOptions` when given. */
  search(request: unknown, context?: Pick<ScrapeContext, 'signal' | 'team'>): Promise<SearchResponse>;
  /** The OpenAPI document generated from the same schemas. */
  openapi(): Record<string, unknown>;
  /** In-process reads of artifacts (screenshots) by id, for whoever serves them at signed URLs. */
  readonly artifacts: ScraperArtifacts;
  /**
   * The document of a recent scrape by its `metadata.scrapeId`, for the team that made it (GET /v2/scrape/{id});
   * null when unknown, expired (24 h), made by another team, or never kept (zero data retention, lockdown,
   * storeInCache false, no stores).
   */
  getScrape?(scrapeId: string, context?: { team?: string }): Promise<ScrapeDocument | null>;
  /** Saved browser profiles (spec §2.5), for interact sessions to share with scrapes; null without stores. */
  readonly profiles?: ProfileStore | null;
  /**
   * Opens the stores now instead of on the first scrape that needs them; rejects (503 ScrapeError with the reason)
   * when they cannot be opened, e.g. Redis unreachable. A server calls it at start-up to fail fast.
   */
  ready(): Promise<void>;
  /** Crawls a site (the body of `POST /v2/crawl`) as a job run in this process; yields documents as pages land. */
  crawl(body: unknown, context?: { team?: string; signal?: AbortSignal }): AsyncIterable<ScrapeDocument>;
  /** Scrapes many URLs (the body of `POST /v2/batch/scrape`) as a job run in this process. */
  batch(body: unknown, context?: { team?: string; signal?: AbortSignal }): AsyncIterable<ScrapeDocument>;
  /** A site's URLs from its sitemaps and start page (the body of `POST /v2/map`). */
  map(body: unknown, context?: { team?: string; signal?: AbortSignal }): Promise<{ links: MapLink[] }>;
  /** The job store, workers and webhooks behind crawl and batch (for the HTTP service and `scrape-worker`). */
  readonly jobs: JobRuntime;
  /** Engine and worker counters for metrics (cheap, read-only; nothing is started to answer it). */
  stats?(): ScraperStats;
  /** Releases engines and stores. */
  close(): Promise<void>;
}

export interface ScraperStats {
  /** The Chromium pool, null before the first render started it (or without the built-in browser engine). */
  browser: BrowserPoolStats | null;
  pdf: PdfWorkerPoolStats;
  webhooks: ReturnType<WebhookSender['stats']>;
}

/** Artifacts by id: null when unknown, expired, malformed, or when the scraper has no stores (`cache: false`). */
export interface ScraperArtifacts {
  getArtifact(id: string): Promise<Artifact | null>;
  /** The artifact's type, size and expiry without its bytes. */
  statArtifact(id: string): Promise<ArtifactInfo | null>;
}

/**
 * The in-process scraper: the same contract as `POST /v2/scrape`, without HTTP. Its steps (create/): the engines,
 * the resources it owns, the pipeline deps; then scrape and parse run the pipeline, crawl and batch the job runtime.
 */
export function createScraper(options: ScraperOptions = {}): Scraper {
  const engines = createScraperEngines(options);
  const resources = createScraperResources(options);
  const deps = buildPipelineDeps(options, engines, resources);
  const parts = { options, deps, resources };
  const { stores, profiles, pdf, searchIndex } = resources;
  let openapi: Record<string, unknown> | undefined;
  let closing: Promise<void> | undefined;
  const scraper: Scraper = {
    scrape: (body, context = {}) => scrapeWith(parts, body, context),
    parse: (upload, parseOptions, context = {}) => parseWith(parts, upload, parseOptions, context),
    search: async (body, context = {}) =>
      runSearch(
        body,
        { provider: resources.searchProvider, index: searchIndex, scrape: (b, c) => scraper.scrape(b, c) },
        context,
      ),
    openapi() {
      openapi ??= buildOpenApiDocument();
      return openapi;
    },
    profiles,
    async getScrape(scrapeId, context = {}) {
      if (!stores) return null;
      const json = await stores.use((s) => s.results.getResult(context.team ?? DEFAULT_TEAM, scrapeId));
      return json === null ? null : (JSON.parse(json) as ScrapeDocument);
    },
    artifacts: {
      getArtifact: async (id) => (stores ? stores.use((s) => s.artifacts.getArtifact(id)) : null),
      statArtifact: async (id) => (stores ? stores.use((s) => s.artifacts.statArtifact(id)) : null),
    },
    async ready() {
      await stores?.get();
    },
    crawl: (body, context) => jobRuntime.crawl(body, context),
    batch: (body, context) => jobRuntime.batch(body, context),
    map: (body, context) => jobRuntime.map(body, context),
    get jobs() {
      return jobRuntime;
    },
    stats: () => ({
      browser: (engines.browser as Partial<BrowserEngine> | undefined)?.stats?.() ?? null,
      pdf: pdf.stats(),
      webhooks: jobRuntime.webhooks.stats(),
    }),
    // Closing twice (a test's dispose after an explicit close) must not close the engines' agents twice.
    close() {
      closing ??= (async () => {
        await jobRuntime.close();
        await Promise.all([
          engines.fetch.close(),
          engines.browser?.close(),
          stores?.close(),
          pdf.close(),
          resources.closeOcr(),
          profiles?.close(),
          searchIndex?.close(),
          resources.cpu?.close(),
        ]);
      })();
      return closing;
    },
  };
  const jobRuntime = createJobRuntime({
    home: resolveStoreHome(options),
    jobs: options.jobs,
    engine: engines.fetch,
    ssrf: {
      allowPrivateUrls: options.allowPrivateUrls ?? false,
      allowAddress: options.allowAddress,
      lookup: options.lookup,
    },
    scrape: (body, context) => scraper.scrape(body, context),
    webhookSecret: options.webhookSecret || undefined,
    jobLeaseMs: options.jobLeaseMs,
    jobsRedisKeyPrefix: options.jobsRedisKeyPrefix,
    llm: deps.llm ?? { missing: ['SCRAPE_LLM_BASE_URL', 'SCRAPE_LLM_MODEL'] },
    search: (body, context) => scraper.search(body, context),
    logger: options.logger,
  });
  return scraper;
}
