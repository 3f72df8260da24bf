import type { OcrEngine } from '@scrape/core';
import type { LocalSearchIndex } from './search/createLocalSearchIndex.js';
import type { ArtifactStore, ChangeHistory, Clock } from '@scrape/cache';
import type { Engines } from './engines/engine.js';
import type { ProxySettings } from './engines/planProxyAttempts.js';
import type { SourceCache } from './sourceCache.js';
import type { SsrfOptions } from './ssrf/addressPolicy.js';
import type { TransformMemo } from './steps/types.js';
import type { PdfWorkerPool } from './pdf/createPdfWorkerPool.js';
import type { LlmProvider } from './llm/llmProvider.js';
import type { ProfileStore } from './interact/profileStore.js';

/** What the pipeline's steps may use besides the plan: built once by createScraper. */
export interface PipelineDeps {
  /** The PDF parser threads (and their OCR engine); absent: a PDF with the pdf parser answers 501. */
  pdf?: PdfWorkerPool;
  /** The offline OCR engine, made on first use, for images with the `image` parser; absent or undefined: 503. */
  ocr?: () => OcrEngine | undefined;
  engines: Engines;
  /** Absent: no page cache in this build/config; every scrape is fresh (`cacheState: "miss"`). */
  cache?: SourceCache;
  /** Change history for the `changeTracking` format; absent (`cache: false`): that format answers 501. */
  history?: Pick<ChangeHistory, 'compareWithHistory'> & Partial<Pick<ChangeHistory, 'entries'>>;
  /** The OpenAI-compatible model for summary/json/question/highlights/onlyCleanContent; absent: those answer 400. */
  llm?: LlmProvider;
  /**
   * Expiring artifacts (screenshots) served later by id. Call `putArtifact` only when `plan.cache.retain`; otherwise
   * the bytes must be returned inline (zero data retention). Absent with `cache: false`.
   */
  artifacts?: Pick<ArtifactStore, 'putArtifact'>;
  /** Stamps freshly fetched Sources (`fetchedAt`), so cache ages and history times follow one clock (tests move it). */
  clock?: Clock;
  /** The scraper's SSRF policy, for checks a cache hit needs (a hit never dials an address for the engine to check). */
  ssrf?: Pick<SsrfOptions, 'allowPrivateUrls' | 'allowAddress'>;
  /** Transformed stored copies, so a cache hit need not transform again; absent: every scrape transforms. */
  transformMemo?: TransformMemo;
  /** The operator's proxies per tier (SCRAPE_PROXY_BASIC / SCRAPE_PROXY_ENHANCED); absent: direct, no enhanced tier. */
  proxies?: ProxySettings;
  /** Saved browser profiles (spec §2.5) per team; absent: `profile` answers 501. */
  profiles?: ProfileStore;
  /** The local search index (search without a provider): pages that may be kept are added after their scrape. */
  searchIndex?: Pick<LocalSearchIndex, 'add'>;
  /** The ffmpeg binary of the audio/video formats (default `ffmpeg` on PATH). */
  ffmpegPath?: string;
}
