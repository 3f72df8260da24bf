/** A screenshot taken with the fetch (browser engine); kept with its Source. */
export interface SourceScreenshot {
  bytes: Uint8Array;
  mimeType: string;
  fullPage?: boolean;
  width?: number;
  height?: number;
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
  /** Which engine fetched it (`fetch`, `browser`...): `metadata.engine`. */
  engine: string;
  /** Epoch milliseconds of the fetch. */
  fetchedAt: number;
}
