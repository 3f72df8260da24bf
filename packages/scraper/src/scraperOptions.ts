import type { BrowserPoolOptions } from '@scrape/browser';
import type { Clock } from '@scrape/cache';
import type { JobStore } from '@scrape/jobs';
import type { Engine } from './engines/engine.js';
import type { ProxySettings } from './engines/planProxyAttempts.js';
import type { LlmOptions } from './llm/llmConfig.js';
import type { TesseractOcrOptions } from './ocr/createTesseractOcr.js';
import type { SourceCache } from './sourceCache.js';
import type { AllowAddress, ResolveHost } from './ssrf/addressPolicy.js';
import type { ArtifactUrl } from './steps/publishArtifacts.js';
import type { ScraperLogger } from './types.js';

/** The options of `createScraper` (kept apart so its steps in create/ can read them without an import cycle). */
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
