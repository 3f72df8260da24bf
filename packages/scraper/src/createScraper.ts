// CONTRACT STUB (owned by the scraper helper, who fills it; @scrape/http codes against this shape).
export interface ScraperOptions {
  /** Turn the SSRF guard off (local use and tests). Default: env SCRAPE_ALLOW_PRIVATE_URLS === '1'. */
  allowPrivateUrls?: boolean;
  /** Where the embedded stores live. Default: env SCRAPE_DATA_DIR or ./.scrape-data */
  dataDir?: string;
  /** Structured logger (pino-compatible subset). */
  logger?: { info: (o: object, msg?: string) => void; warn: (o: object, msg?: string) => void; error: (o: object, msg?: string) => void };
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

export function createScraper(_options: ScraperOptions = {}): Scraper {
  throw new Error('createScraper: not implemented yet');
}
