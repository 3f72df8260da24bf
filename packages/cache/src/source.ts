import { CacheError } from './CacheError.js';
import { decodeRecord, encodeRecord } from './codec.js';

/** A screenshot taken with the fetch; cached with its Source so a hit can answer the `screenshot` format too. */
export interface SourceScreenshot {
  bytes: Uint8Array;
  mimeType: string;
  fullPage?: boolean;
  width?: number;
  height?: number;
}

/**
 * What an engine fetched, before any transform: the unit the page cache stores (never a Document), so one fetch
 * serves any later mix of formats and options.
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
  /** Which engine fetched it (`fetch`, `browser`, `pdf`...), for metadata and debugging. */
  engine: string;
  /** Epoch milliseconds of the fetch, from the injected clock. */
  fetchedAt: number;
}

/**
 * Response headers never stored: cookies belong to the session that received them and must not be replayed to
 * other accounts from the cache.
 */
const UNSTORED_HEADERS = new Set(['set-cookie', 'set-cookie2']);

/**
 * Which fetched Sources the page cache keeps: 2xx pages, and 404/410 (a definite "gone" that lockdown and change
 * tracking can answer). Transient or blocked answers (3xx without a followed target, 401/403, 408, 429, 5xx) are
 * not kept, or a momentary failure would be served for days.
 */
export function shouldStoreSource(source: Pick<Source, 'status'>): boolean {
  return (source.status >= 200 && source.status < 300) || source.status === 404 || source.status === 410;
}

interface SourceMeta {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  engine: string;
  fetchedAt: number;
  screenshot?: Omit<SourceScreenshot, 'bytes'>;
}

/** Throws what `encodeSource` would throw for a Source it cannot store. */
export function checkStorable(source: Source): void {
  if (!Number.isFinite(source.fetchedAt))
    throw new CacheError('invalid_input', 'Source.fetchedAt must be epoch milliseconds');
}

export function encodeSource(source: Source): Uint8Array {
  checkStorable(source);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(source.headers)) {
    const lower = name.toLowerCase();
    if (!UNSTORED_HEADERS.has(lower)) headers[lower] = value;
  }
  const meta: SourceMeta = {
    url: source.url,
    finalUrl: source.finalUrl,
    status: source.status,
    headers,
    contentType: source.contentType,
    engine: source.engine,
    fetchedAt: source.fetchedAt,
  };
  const blobs = [source.body];
  if (source.screenshot) {
    const { bytes, ...rest } = source.screenshot;
    meta.screenshot = rest;
    blobs.push(bytes);
  }
  return encodeRecord(meta as unknown as Record<string, unknown>, blobs);
}

export function decodeSource(bytes: Uint8Array): Source {
  const { meta, blobs } = decodeRecord<SourceMeta>(bytes);
  const { screenshot, ...rest } = meta;
  const source: Source = { ...rest, body: blobs[0] ?? new Uint8Array() };
  if (screenshot && blobs[1]) source.screenshot = { ...screenshot, bytes: blobs[1] };
  return source;
}
