// CONTRACT STUB (owned by the core-html helper).
/** Page metadata: well-known keys plus every other <meta> under its own name; repeated keys become arrays. */
export interface PageMetadata {
  title?: string | string[];
  description?: string | string[];
  keywords?: string | string[];
  language?: string | string[] | null;
  favicon?: string;
  ogLocaleAlternate?: string[];
  [key: string]: unknown;
}
