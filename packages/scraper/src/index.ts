// The public face of @scrape/scraper: createScraper() for in-process use (docs/embedding.md), its typed errors and
// the v2 request contract. What the other packages of this repository (the HTTP service, the benchmarks) need from
// the inside is in `./internal.ts` (`@scrape/scraper/internal`), which makes no promise to anyone else.

/** Starts a scraper: `scrape`, `parse`, `search`, `crawl`, `batch`, `map`, `openapi`, `ready`, `close`. */
export { createScraper } from './createScraper.js';
/** The scraper createScraper returns, its options, the per-call context and what it answers. */
export type { Scraper, ScraperOptions } from './createScraper.js';
export type { ScrapeContext, ScrapeDocument } from './types.js';
/** The logger the scraper reports to, the artifact reader and the pool statistics. */
export type { ScraperLogger } from './types.js';
export type { ScraperArtifacts, ScraperStats } from './createScraper.js';

/** Every failure of a scrape: the spec's HTTP `status`, `error` string and optional `code`/`details`. */
export { ScrapeError } from './errors.js';
/** True when a value is a ScrapeError. */
export { isScrapeError } from './errors.js';
/** The registry of ScrapeError constructors, one a code (spec §5), to match or throw the same errors. */
export { errors } from './errors.js';

/** Validates a `POST /v2/scrape` body against the contract (spec §2), as `scrape()` does. */
export { parseScrapeRequest } from './contract/parseScrapeRequest.js';
/** One problem parseScrapeRequest found. */
export type { ValidationIssue } from './contract/parseScrapeRequest.js';
/** A scrape request after validation (defaults filled) and as written by a caller. */
export type { ScrapeRequest, ScrapeRequestInput } from './contract/scrapeRequest.js';
/** The names of the output formats. */
export type { FormatType } from './contract/formats.js';
/** One browser action of a scrape request. */
export type { Action } from './contract/actions.js';

/** The argument of `Scraper.parse` (an uploaded file), and what `search` and `map` answer. */
export type { Upload } from './parse/detectUpload.js';
export type { SearchResponse, SearchResultItem } from './search/createSearch.js';
export type { MapLink } from './crawl/mapSite.js';

/** Screenshots and action outputs: how an artifact is named, and the function that mints its URL. */
export type { ArtifactUrl, ArtifactRef } from './steps/publishArtifacts.js';
/** Seams for ScraperOptions: a custom engine, what engines return, and a custom source cache. */
export type { Engine, Engines } from './engines/engine.js';
export type { Source } from './source.js';
export type { SourceCache } from './sourceCache.js';
/** ScraperOptions' proxy and LLM settings. */
export type { ProxySettings } from './engines/planProxyAttempts.js';
export type { LlmOptions } from './llm/llmConfig.js';

/**
 * createScraper()'s options from the environment (every variable, its type, default and meaning: docs/self-hosting.md);
 * throws one ConfigError listing every problem. The whole configuration module is `@scrape/scraper/config`.
 */
export { scraperOptionsFromEnv, ConfigError } from './config/index.js';
