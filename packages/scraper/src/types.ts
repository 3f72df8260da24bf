// The shapes the scrape pipeline and createScraper share. They live here, not in createScraper.ts, so that the
// pipeline's steps can name them without importing the module that imports the pipeline (a type-only cycle).
import type { RetainedPage } from '@scrape/browser';
import type { ArtifactUrl } from './steps/publishArtifacts.js';
import type { CreditBudget } from './steps/plan.js';

export interface ScraperLogger {
  info: (o: object, msg?: string) => void;
  warn: (o: object, msg?: string) => void;
  error: (o: object, msg?: string) => void;
}

export interface ScrapeContext {
  /** Aborts the scrape (client went away, server shutting down). */
  signal?: AbortSignal;
  /** Account / team the scrape is billed to (history and profiles are per team). */
  team?: string;
  /** This scrape's artifact URLs (wins over `ScraperOptions.artifactUrl`), e.g. signed links on the request's host. */
  artifactUrl?: ArtifactUrl;
  /**
   * Keep the browser page for an interact session: called with the render's page (paused, its context open) when the
   * browser served the scrape, possibly more than once (a retried attempt's page: close the earlier one). Never for
   * zero data retention or lockdown. The receiver owns the page and must close it, also when the scrape fails.
   */
  onRetainedPage?: (page: RetainedPage) => void;
  /**
   * The account's budget for work billed by size (PDF pages, 1 credit each): called with the most the scrape could
   * cost, it reserves what the balance allows and answers how many credits the scrape may spend; a PDF is then
   * parsed up to that many pages (a 402 when none). Absent: unlimited.
   */
  creditBudget?: CreditBudget;
}

/** The v2 Document (spec §2.6): only requested formats, metadata always. */
export type ScrapeDocument = Record<string, unknown> & { metadata: Record<string, unknown> };
