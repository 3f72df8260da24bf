import { parseScrapeRequest } from './contract/parseScrapeRequest.js';
import { buildOpenApiDocument } from './contract/buildOpenApiDocument.js';
import { createHttpEngine } from './engines/createHttpEngine.js';
import { createBrowserEngine } from './engines/createBrowserEngine.js';
import type { ProxySettings } from './engines/planProxyAttempts.js';
import type { ArtifactUrl } from './steps/publishArtifacts.js';
import type { BrowserPoolOptions, BrowserPoolStats } from '@scrape/browser';
import type { BrowserEngine } from './engines/createBrowserEngine.js';
import type { PdfWorkerPoolStats } from './pdf/createPdfWorkerPool.js';
import type { WebhookSender } from './crawl/createWebhookSender.js';
import type { Engine } from './engines/engine.js';
import { errors, isScrapeError } from './errors.js';
import { TIMEOUT_DEFAULT_MS } from './contract/limits.js';
import { runPipeline } from './pipeline.js';
import { systemClock, type Artifact, type ArtifactInfo, type Clock } from '@scrape/cache';
import { createLazyStores, resolveStoreHome, type LazyStores } from './createLazyStores.js';
import type { PipelineDeps } from './pipelineDeps.js';
import { sourceCacheFromStores, type SourceCache } from './sourceCache.js';
import { createTransformMemo } from './steps/transformMemo.js';
import type { AllowAddress, ResolveHost } from './ssrf/addressPolicy.js';
import type { LlmOptions } from './llm/llmConfig.js';
import { createLlmProvider } from './llm/llmProvider.js';
import { createPdfWorkerPool } from './pdf/createPdfWorkerPool.js';
import { createHomeProfileStore, type ProfileStore } from './interact/profileStore.js';
import { createTesseractOcr, type TesseractOcr, type TesseractOcrOptions } from './ocr/createTesseractOcr.js';
import type { ScrapeRequest } from './contract/scrapeRequest.js';
import { DEFAULT_TEAM } from './steps/changeTracking.js';
import type { Upload } from './parse/detectUpload.js';
import { join } from 'node:path';
import { createLocalSearchIndex, type LocalSearchIndex } from './search/createLocalSearchIndex.js';
import { createSearxngProvider } from './search/createSearxngProvider.js';
import { runSearch, type SearchResponse } from './search/createSearch.js';
import { finishUploadDocument, prepareUpload } from './parse/parseUpload.js';
import type { JobStore } from '@scrape/jobs';
import { createJobRuntime, type JobRuntime } from './crawl/createJobRuntime.js';
import type { MapLink } from './crawl/mapSite.js';

/** A document larger than this (a huge page in several formats) is answered but not kept for GET /v2/scrape/{id}. */
const RESULT_MAX_CHARS = 16 * 1024 * 1024;
import { createCpuWorkerPool } from './cpu/createCpuWorkerPool.js';
import { runWithCpu } from './cpu/cpuContext.js';
import { afterAnswer } from './steps/afterAnswer.js';
import type { ScrapeContext, ScrapeDocument, ScraperLogger } from './types.js';

export interface ScraperOptions {
  /**
   * Turn the SSRF guard off (local use and tests). Default false. The library reads no environment variable: the
   * service's settings come from `scraperOptionsFromEnv()` (see config/envSchema.ts for every variable).
   */
  allowPrivateUrls?: boolean;
  /** With the guard on, also allow these addresses (e.g. one local test server by port). */
  allowAddress?: AllowAddress;
  /** Host-name resolver of the HTTP engine (default: the system resolver); its answers still pass the SSRF guard. */
  lookup?: ResolveHost;
  /** Where the embedded stores live. Default ./.scrape-data (the service: SCRAPE_DATA_DIR). */
  dataDir?: string;
  /**
   * Put the page cache, change history and artifacts in Redis instead (several processes share them; the service:
   * REDIS_URL). When set it wins over `dataDir`.
   */
  redisUrl?: string;
  /** Prefix of every Redis key (default `scrape:cache:`): one Redis can host several services or test runs. */
  redisKeyPrefix?: string;
  /** The clock of cache ages, fetch times and history (tests move a manual clock instead of sleeping). */
  clock?: Clock;
  /** Memory for transformed cached pages, so a hit skips the transform (default TRANSFORM_MEMO_MAX_BYTES; 0: off). */
  transformMemoBytes?: number;
  /** Structured logger (pino-compatible subset). */
  logger?: ScraperLogger;
  /**
   * The page cache. Absent (default): @scrape/cache's stores in the home above, opened on first use and closed by
   * `close()`. A SourceCache: that page cache (and no change history: changeTracking answers 501).
   * `false`: no cache at all; maxAge/storeInCache fetch fresh, minAge/lockdown/changeTracking answer 501.
   */
  cache?: SourceCache | false;
  /**
   * Engines to use: `fetch` replaces the built-in HTTP engine; `browser` replaces the built-in Chromium engine (which
   * serves screenshot/actions/waitFor/mobile and client-rendered pages), `false` turns it off (those options answer
   * 501).
   */
  engines?: { fetch?: Engine; browser?: Engine | false };
  /**
   * The built-in browser engine's pool: Chromium path (default /usr/bin/chromium), concurrency, idle time, ad lists.
   */
  browser?: BrowserPoolOptions;
  /**
   * Upstream HTTP proxies per `proxy` tier (the service: SCRAPE_PROXY_BASIC, SCRAPE_PROXY_ENHANCED). Without `basic`
   * fetches go direct; without `enhanced`, `proxy: "enhanced"` is a 400 and `auto` never escalates.
   */
  proxies?: ProxySettings;
  /**
   * The URL a stored screenshot or action output gets in the document. Default `artifact://<id>` (read it back with
   * `scraper.artifacts.getArtifact(id)`); the HTTP service passes signed links to its artifact route per request.
   */
  artifactUrl?: ArtifactUrl;
  /** Largest page body accepted (bytes, after decompression). Default MAX_RESPONSE_BYTES (50 MB). */
  maxResponseBytes?: number;
  /** Redirect hops followed. Default MAX_REDIRECTS (10). */
  maxRedirects?: number;
  /** Default User-Agent of the HTTP engine (a request's `headers` still override it). */
  userAgent?: string;
  /**
   * The OpenAI-compatible server for summary, json, question, highlights, onlyCleanContent and changeTracking json
   * mode (the service: SCRAPE_LLM_*, see docs/llm.md); `false` turns it off. Without a base URL and model those
   * formats answer 400.
   */
  llm?: Partial<LlmOptions> | false;
  /**
   * PDF parsing (spec §2.2): `workers` parse threads (default up to 2) and the tesseract OCR engine's options; one
   * OCR engine per scraper, its workers started on the first page that needs OCR. `ocr: false`: no OCR (auto mode
   * then fails scanned pages with 503, ocr mode always does).
   */
  pdf?: { workers?: number; ocr?: TesseractOcrOptions | false };
  /**
   * POST /v2/search. `searxngUrl`: the SearXNG instance (the service: SCRAPE_SEARXNG_URL). Without one, web search
   * answers from the local index of scraped pages (`localIndex: false` turns that index off). The index is saved
   * under the embedded data dir; with Redis it is kept in memory per process.
   */
  search?: { searxngUrl?: string; localIndex?: boolean };
  /**
   * The job store of crawl and batch (default: @scrape/jobs in the same home as the cache: BullMQ on Redis or LMDB in
   * the data directory, opened on first use).
   */
  jobs?: JobStore;
  /** The default job store's lease: a dead worker's items are taken over after this long (SCRAPE_JOB_LEASE_MS). */
  jobLeaseMs?: number;
  /** The default job store's Redis key prefix (SCRAPE_JOBS_REDIS_PREFIX; default `<redisKeyPrefix>jobs:`). */
  jobsRedisKeyPrefix?: string;
  /** Key of the webhook signature (`X-Firecrawl-Signature`; the service: SCRAPE_WEBHOOK_SECRET). Absent: unsigned. */
  webhookSecret?: string;
  /**
   * Threads for the CPU-heavy page transforms (HTML processing, PII redaction), so a hostile page can neither block
   * the event loop nor outlive its scrape's timeout. Default up to 2 threads (the service: SCRAPE_TRANSFORM_THREADS,
   * where `0` runs them in-process, which gives up both guarantees). `false`: run them in-process.
   */
  transformThreads?: { workers?: number } | false;
  /** The ffmpeg binary of the audio and video formats (default `ffmpeg` on PATH; the service: SCRAPE_FFMPEG_PATH). */
  ffmpegPath?: string;
}

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

/** The in-process scraper: the same contract as `POST /v2/scrape`, without HTTP. */
export function createScraper(options: ScraperOptions = {}): Scraper {
  const allowPrivateUrls = options.allowPrivateUrls ?? false;
  const fetchEngine =
    options.engines?.fetch ??
    createHttpEngine({
      allowPrivateUrls,
      allowAddress: options.allowAddress,
      lookup: options.lookup,
      maxResponseBytes: options.maxResponseBytes,
      maxRedirects: options.maxRedirects,
      userAgent: options.userAgent,
    });
  // One Chromium pool per scraper; it starts on the first render that needs it, not here.
  const browserEngine =
    options.engines?.browser === false
      ? undefined
      : (options.engines?.browser ??
        createBrowserEngine({
          allowPrivateUrls,
          allowAddress: options.allowAddress,
          lookup: options.lookup,
          poolOptions: options.browser,
        }));
  const clock = options.clock ?? systemClock;
  // Default: the service's own stores. An injected SourceCache or `false` means the caller decides (no stores opened).
  const stores: LazyStores | null =
    options.cache === undefined
      ? createLazyStores(resolveStoreHome(options), {
          clock: options.clock,
          // The page is already answered; what is lost is only its cached copy (logged without the URL).
          onWriteError: (err) =>
            options.logger?.warn({ err }, 'page cache write failed after the answer; the page stays uncached'),
        })
      : null;
  const profiles = stores ? createHomeProfileStore(stores.home) : null;
  // One OCR engine per scraper, made on the first PDF that may need it; the parse threads ask it for pages over
  // messages.
  let ocr: TesseractOcr | undefined;
  const ocrOptions = options.pdf?.ocr;
  const pdf = createPdfWorkerPool({
    workers: options.pdf?.workers,
    ocr: ocrOptions === false ? undefined : () => (ocr ??= createTesseractOcr(ocrOptions)),
  });
  const home = resolveStoreHome(options);
  const searxngUrl = options.search?.searxngUrl?.trim() || undefined;
  const searchProvider = searxngUrl ? createSearxngProvider({ baseUrl: searxngUrl }) : undefined;
  // Beside the cache in the embedded home; in memory per process with Redis (or with an injected cache).
  const searchIndex: LocalSearchIndex | undefined =
    options.search?.localIndex === false
      ? undefined
      : createLocalSearchIndex({
          path: stores && home.kind === 'embedded' ? join(home.dataDir, 'search', 'index.json') : undefined,
          logger: options.logger,
        });
  const threads = options.transformThreads ?? {};
  const cpu = threads === false ? undefined : createCpuWorkerPool({ workers: threads.workers });
  const deps: PipelineDeps = {
    engines: { fetch: fetchEngine, browser: browserEngine },
    pdf,
    ocr: () => (ocrOptions === false ? undefined : (ocr ??= createTesseractOcr(ocrOptions))),
    cache: stores ? sourceCacheFromStores(stores) : options.cache || undefined,
    history: stores
      ? {
          compareWithHistory: (input) => stores.use((s) => s.history.compareWithHistory(input)),
          entries: (team, url, tag) => stores.use((s) => s.history.entries(team, url, tag)),
        }
      : undefined,
    llm: createLlmProvider(options.llm),
    artifacts: stores ? { putArtifact: (input) => stores.use((s) => s.artifacts.putArtifact(input)) } : undefined,
    clock,
    ssrf: { allowPrivateUrls, allowAddress: options.allowAddress },
    transformMemo:
      options.cache !== false && options.transformMemoBytes !== 0
        ? createTransformMemo(options.transformMemoBytes)
        : undefined,
    proxies: options.proxies ?? {},
    profiles: profiles ?? undefined,
    searchIndex,
    ffmpegPath: options.ffmpegPath,
  };
  let openapi: Record<string, unknown> | undefined;
  let closing: Promise<void> | undefined;

  /**
   * Keeps the document for GET /v2/scrape/{id}, unless the request keeps nothing; a store failure costs the scrape
   * nothing.
   */
  async function keepResult(request: ScrapeRequest, document: ScrapeDocument, team: string | undefined): Promise<void> {
    const scrapeId = document.metadata.scrapeId;
    if (
      !stores ||
      typeof scrapeId !== 'string' ||
      request.zeroDataRetention ||
      request.lockdown ||
      !request.storeInCache
    )
      return;
    const json = JSON.stringify(document);
    if (json.length > RESULT_MAX_CHARS) return;
    await stores
      .use((s) => s.results.putResult({ team: team ?? DEFAULT_TEAM, scrapeId, json }))
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'could not keep the scrape result for GET /v2/scrape/{id}');
      });
  }

  /** One deadline for the whole job (fetch or conversion, transforms) with the caller's signal on top. */
  async function withDeadline<T>(
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
    logUrl?: string,
  ): Promise<T> {
    if (callerSignal?.aborted) throw errors.aborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      return await untilAborted(work(controller.signal), controller.signal);
    } catch (error) {
      if (timedOut) throw errors.timeout({ timeoutMs });
      if (callerSignal?.aborted) throw errors.aborted();
      if (isScrapeError(error)) throw error;
      options.logger?.error({ err: error, scrapeUrl: logUrl }, 'scrape failed unexpectedly');
      throw errors.internal();
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  const scraper: Scraper = {
    async scrape(body, context = {}) {
      const request = parseScrapeRequest(body);
      const answer = afterAnswer();
      try {
        const document = await withDeadline(
          request.timeout,
          context.signal,
          (signal) =>
            // The CPU-heavy transforms run on a thread that ends with the scrape's deadline (see cpu/).
            runWithCpu(cpu ? { pool: cpu, signal } : undefined, () =>
              runPipeline(request, deps, signal, {
                team: context.team,
                onRetainedPage: context.onRetainedPage,
                creditBudget: context.creditBudget,
                logger: options.logger,
                artifactUrl: context.artifactUrl ?? options.artifactUrl,
                answered: answer.settled,
              }),
            ),
          request.zeroDataRetention || request.lockdown ? undefined : request.url,
        );
        await keepResult(request, document, context.team);
        return document;
      } finally {
        answer.settle();
      }
    },
    async parse(upload, parseOptions, context = {}) {
      const timeout = timeoutOf(parseOptions);
      return withDeadline(timeout, context.signal, async (signal) => {
        const prepared = await prepareUpload(upload, parseOptions, {
          ocr: () => (ocrOptions === false ? undefined : (ocr ??= createTesseractOcr(ocrOptions))),
          signal,
        });
        signal.throwIfAborted();
        const doc = await runWithCpu(cpu ? { pool: cpu, signal } : undefined, () =>
          runPipeline(prepared.request, deps, signal, {
            team: context.team,
            logger: options.logger,
            upload: prepared.source,
          }),
        );
        return finishUploadDocument(doc, prepared);
      });
    },
    async search(body, context = {}) {
      return runSearch(
        body,
        { provider: searchProvider, index: searchIndex, scrape: (b, c) => scraper.scrape(b, c) },
        context,
      );
    },
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
      browser: (browserEngine as Partial<BrowserEngine> | undefined)?.stats?.() ?? null,
      pdf: pdf.stats(),
      webhooks: jobRuntime.webhooks.stats(),
    }),
    // Closing twice (a test's dispose after an explicit close) must not close the engines' agents twice.
    close() {
      closing ??= (async () => {
        await jobRuntime.close();
        await Promise.all([
          fetchEngine.close(),
          browserEngine?.close(),
          stores?.close(),
          pdf.close(),
          ocr?.close(),
          profiles?.close(),
          searchIndex?.close(),
          cpu?.close(),
        ]);
      })();
      return closing;
    },
  };
  const jobRuntime = createJobRuntime({
    home: resolveStoreHome(options),
    jobs: options.jobs,
    engine: fetchEngine,
    ssrf: { allowPrivateUrls, allowAddress: options.allowAddress, lookup: options.lookup },
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

/** A parse request's timeout (validated again with the rest of its options); the scrape default otherwise. */
function timeoutOf(options: unknown): number {
  const t = (options as { timeout?: unknown } | null)?.timeout;
  return typeof t === 'number' && Number.isInteger(t) && t >= 1000 && t <= 300_000 ? t : TIMEOUT_DEFAULT_MS;
}

/**
 * Settles when `work` does or as soon as `signal` aborts, so a step that ignores the signal cannot outlive the
 * deadline.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined); // the loser of the race must not become an unhandled rejection
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
