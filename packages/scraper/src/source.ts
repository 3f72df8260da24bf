import type { BrandingFacts } from '@scrape/browser';

/** A screenshot taken with the fetch (browser engine); kept with its Source. */
export interface SourceScreenshot {
  bytes: Uint8Array;
  mimeType: string;
  fullPage?: boolean;
  width?: number;
  height?: number;
}

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
 * What an engine fetched, before any transform. The page cache stores Sources (never Documents), so one fetch serves
 * any later mix of formats and options. Structurally the same as @scrape/cache's `Source`.
 */
export interface Source {
  /** The URL as requested (normalised href of the client's `url`). */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  /** HTTP status of the final response. */
  status: number;
  /** Response headers of the final response, names lower-cased, repeated values joined with ", ". */
  headers: Record<string, string>;
  /** The Content-Type header as sent (parameters included), or a sniffed type when the server sent none. */
  contentType: string;
  /** The response body, content-encoding (gzip/br/deflate) already removed, charset untouched. */
  body: Uint8Array;
  screenshot?: SourceScreenshot;
  /** Outputs of `actions` (browser engine). */
  actions?: SourceActions;
  /** Computed-style facts for the `branding` format (browser engine, when asked). Not kept by the page cache. */
  branding?: BrandingFacts;
  /** The proxy tier the fetch went through (`metadata.proxyUsed`); absent: `basic`. Not kept by the page cache. */
  proxyUsed?: 'basic' | 'enhanced';
  /** Something the client should know about how the page was fetched (`warning`). Not kept by the page cache. */
  warning?: string;
  /** Which engine fetched it (`fetch`, `browser`...): `metadata.engine`. */
  engine: string;
  /** Epoch milliseconds of the fetch. */
  fetchedAt: number;
}
