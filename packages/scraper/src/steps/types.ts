// The shapes the pipeline's steps pass to each other. They live in one file that imports no step, so the steps can
// name each other's results without importing each other (which made type-only import cycles).
import type { PageMetadata, PdfPage } from '@scrape/core';
import type { AttributeValues, Menu, PdfPageBlocks, Product } from '@scrape/core/internal';
import type { ContentKind } from '../content/classifyContent.js';
import type { Branding } from '../branding/shapeBranding.js';

/** The page turned into text forms. Fields are absent when the content kind has no such form (binary). */
export interface Content {
  kind: ContentKind;
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  metadata: PageMetadata;
  /** Only when the product / menu format was asked (read before cleaning, on the same parse). */
  product?: Product | null;
  menu?: Menu;
  /** PDFs with the `pages` / `blocks` parser options (spec §2.6, §2.7). */
  pages?: PdfPage[];
  blocks?: PdfPageBlocks[];
  /** What transforming this content costs when it is not the flat per-scrape credit (PDFs: 1 per parsed page). */
  creditsUsed?: number;
  /** Something the client should know about the content (e.g. PDF pages that could not be read). */
  warning?: string;
}

/** The format fields of a Document (spec §2.6) rendered by this step. */
export interface FormatFields {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  rawBase64?: string;
  links?: string[];
  /** Every image URL of the page (the `images` format). */
  images?: string[];
  /** The `attributes` format: values per requested selector. */
  attributes?: AttributeValues[];
  /** Filled by the artifacts step: a URL valid 24 h (or a data: URI under zero data retention). */
  screenshot?: string;
  /** Filled by the artifacts step when `actions` were sent (spec §2.6 `actions`). */
  actions?: ArtifactFields['actions'];
  /** Filled by the change-tracking step (after post-processing, so it compares the markdown the client gets). */
  changeTracking?: ChangeTrackingField;
  /** Read from the page by the core (spec §2.11, §2.12). */
  product?: Product | null;
  menu?: Menu;
  /** Computed from the rendered page (spec §2.10); null when no rendered page was available. */
  branding?: Branding | null;
  /** Filled by the media step: URLs valid 1 hour (null with a warning when the page has no usable media). */
  audio?: string | null;
  video?: string | null;
  /** Filled by the LLM step (null when the model could not give one; `warning` says why). */
  summary?: string | null;
  json?: unknown;
  answer?: string | null;
  highlights?: string | null;
  /** PDF parser options `pages` / `blocks` (spec §2.6, §2.7). */
  pages?: PdfPage[];
  blocks?: PdfPageBlocks[];
  /** LLM extraction issues (spec §2.6). */
  warning?: string;
}

/** `data.changeTracking` (spec §2.9). `diff` is present only in `git-diff` mode. */
export interface ChangeTrackingField {
  previousScrapeAt: string | null;
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  visibility: 'visible' | 'hidden';
  diff?: string | null;
  /** Only in `json` mode: changed keys with their previous and current values (see changeTrackingJson.ts). */
  json?: Record<string, { previous: unknown; current: unknown }> | null;
}

export interface TransformMemo {
  get(key: string): Content | undefined;
  set(key: string, content: Content): void;
  readonly bytes: number;
}

/** The document fields the artifacts step (publishArtifacts) fills (spec §2.6). */
export interface ArtifactFields {
  screenshot?: string;
  actions?: {
    screenshots: string[];
    scrapes: { url: string; html: string }[];
    javascriptReturns: { type: string; value: unknown }[];
    pdfs: string[];
  };
}
