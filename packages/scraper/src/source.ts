import type { BrandingFacts } from '@scrape/browser';
import type { Source as StoredSource } from '@scrape/cache';

/** An image or PDF an action produced (browser engine), as bytes until the document step turns it into a URL. */
export interface SourceArtifact {
  bytes: Uint8Array;
  mimeType: string;
  width?: number;
  height?: number;
}

/** What the page actions produced, in action order (spec §2.3); never cached (actions forbid storing). */
export interface SourceActions {
  screenshots: SourceArtifact[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: SourceArtifact[];
}

/**
 * What an engine fetched, before any transform: the page cache's `Source` (url, finalUrl, status, headers,
 * contentType, body, screenshot, engine, fetchedAt) plus what only a live fetch has and the cache never keeps.
 */
export interface Source extends StoredSource {
  /** Outputs of `actions` (browser engine). */
  actions?: SourceActions;
  /** Computed-style facts for the `branding` format (browser engine, when asked). Not kept by the page cache. */
  branding?: BrandingFacts;
  /** The proxy tier the fetch went through (`metadata.proxyUsed`); absent: `basic`. Not kept by the page cache. */
  proxyUsed?: 'basic' | 'enhanced';
  /** Something the client should know about how the page was fetched (`warning`). Not kept by the page cache. */
  warning?: string;
}
