// CONTRACT STUB (owned by the core-html helper, who replaces the body; the signature is shared with @scrape/scraper).
import type { PageMetadata } from './metadata.js';

export interface ProcessHtmlInput {
  /** The response body: decoded text, or raw bytes to be decoded by BOM / Content-Type / <meta charset> / sniffing. */
  body: string | Uint8Array;
  /** The page URL (final URL after redirects); relative URLs resolve against <base href> joined onto it. */
  url: string;
  /** The Content-Type header value, if any (its charset parameter is honoured). */
  contentType?: string;
}

export interface ProcessHtmlOptions {
  /** Default true: keep only the main content. */
  onlyMainContent?: boolean;
  /** CSS selectors; keep only matching subtrees (bypasses main-content scoring). */
  includeTags?: string[];
  /** CSS selectors; remove matches (also inside included subtrees). */
  excludeTags?: string[];
  /** Default true: in markdown only, base64 image targets become <Base64-Image-Removed>. */
  removeBase64Images?: boolean;
}

export interface ProcessHtmlResult {
  /** The decoded, unmodified HTML. */
  rawHtml: string;
  /** Cleaned HTML with onlyMainContent/includeTags/excludeTags applied. */
  html: string;
  markdown: string;
  /** Links of the cleaned page: absolute, de-duplicated, first-seen order. */
  links: string[];
  metadata: PageMetadata;
}

export function processHtml(_input: ProcessHtmlInput, _options: ProcessHtmlOptions = {}): ProcessHtmlResult {
  throw new Error('processHtml: not implemented yet');
}
