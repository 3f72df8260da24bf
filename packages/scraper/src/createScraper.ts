import { parseScrapeRequest } from './contract/parseScrapeRequest.js';
import { buildOpenApiDocument } from './contract/buildOpenApiDocument.js';
import { createHttpEngine } from './engines/createHttpEngine.js';
import type { Engine } from './engines/engine.js';
import { errors, isScrapeError } from './errors.js';
import { runPipeline } from './pipeline.js';
import type { SourceCache } from './sourceCache.js';
import { privateUrlsAllowedByEnv, type AllowAddress, type ResolveHost } from './ssrf/addressPolicy.js';

export interface ScraperLogger {
  info: (o: object, msg?: string) => void;
  warn: (o: object, msg?: string) => void;
  error: (o: object, msg?: string) => void;
}

export interface ScraperOptions {
  /** Turn the SSRF guard off (local use and tests). Default: env SCRAPE_ALLOW_PRIVATE_URLS === '1'. */
  allowPrivateUrls?: boolean;
  /** With the guard on, also allow these addresses (e.g. one local test server by port). */
  allowAddress?: AllowAddress;
  /** Host-name resolver of the HTTP engine (default: the system resolver); its answers still pass the SSRF guard. */
  lookup?: ResolveHost;
  /** Where the embedded stores live. Default: env SCRAPE_DATA_DIR or ./.scrape-data */
  dataDir?: string;
  /** Structured logger (pino-compatible subset). */
  logger?: ScraperLogger;
  /** The page cache. Absent: no cache; maxAge/storeInCache fetch fresh, minAge/lockdown answer 501. */
  cache?: SourceCache;
  /** Engines to use: `fetch` replaces the built-in HTTP engine, `browser` serves screenshot/actions/waitFor/mobile/profile. */
  engines?: { fetch?: Engine; browser?: Engine };
  /** Largest page body accepted (bytes, after decompression). Default MAX_RESPONSE_BYTES (50 MB). */
  maxResponseBytes?: number;
  /** Redirect hops followed. Default MAX_REDIRECTS (10). */
  maxRedirects?: number;
  /** Default User-Agent of the HTTP engine (a request's `headers` still override it). */
  userAgent?: string;
}

export interface ScrapeContext {
  /** Aborts the scrape (client went away, server shutting down). */
  signal?: AbortSignal;
  /** Account / team the scrape is billed to (history and profiles are per team). */
  team?: string;
}

/** The v2 Document (spec §2.6): only requested formats, metadata always. */
export type ScrapeDocument = Record<string, unknown> & { metadata: Record<string, unknown> };

export interface Scraper {
  /** Validates `request` against the v2 contract and scrapes; throws ScrapeError for every failure. */
  scrape(request: unknown, context?: ScrapeContext): Promise<ScrapeDocument>;
  /** The OpenAPI document generated from the same schemas. */
  openapi(): Record<string, unknown>;
  /** Releases engines and stores. */
  close(): Promise<void>;
}

/** The in-process scraper: the same contract as `POST /v2/scrape`, without HTTP. */
export function createScraper(options: ScraperOptions = {}): Scraper {
  const allowPrivateUrls = options.allowPrivateUrls ?? privateUrlsAllowedByEnv();
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
  const deps = { engines: { fetch: fetchEngine, browser: options.engines?.browser }, cache: options.cache };
  let openapi: Record<string, unknown> | undefined;

  return {
    async scrape(body, context = {}) {
      const request = parseScrapeRequest(body);
      if (context.signal?.aborted) throw errors.aborted();
      // One deadline for the whole scrape (fetch, decoding, transforms), and the caller's signal on top.
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`scrape timed out after ${request.timeout} ms`));
      }, request.timeout);
      const onCallerAbort = () => controller.abort(context.signal?.reason);
      context.signal?.addEventListener('abort', onCallerAbort, { once: true });
      try {
        return await untilAborted(runPipeline(request, deps, controller.signal), controller.signal);
      } catch (error) {
        if (timedOut) throw errors.timeout({ timeoutMs: request.timeout });
        if (context.signal?.aborted) throw errors.aborted();
        if (isScrapeError(error)) throw error;
        options.logger?.error(
          { err: error, scrapeUrl: request.zeroDataRetention || request.lockdown ? undefined : request.url },
          'scrape failed unexpectedly',
        );
        throw errors.internal();
      } finally {
        clearTimeout(timer);
        context.signal?.removeEventListener('abort', onCallerAbort);
      }
    },
    openapi() {
      openapi ??= buildOpenApiDocument();
      return openapi;
    },
    async close() {
      await Promise.all([fetchEngine.close(), options.engines?.browser?.close()]);
    },
  };
}

/** Settles when `work` does or as soon as `signal` aborts, so a step that ignores the signal cannot outlive the deadline. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined); // the loser of the race must not become an unhandled rejection
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
