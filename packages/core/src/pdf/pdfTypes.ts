// The public shapes of PDF parsing (spec §2.2 options, §2.6 pages, §2.7 blocks, §2.8 metadata).
import type { OcrEngine } from './OcrEngine.js';

export type PdfParseMode = 'fast' | 'auto' | 'ocr';

/** The `parsers[]` item of spec §2.2, minus `type`. */
export interface ParsePdfOptions {
  /**
   * `fast`: embedded text only; `auto` (default): embedded text, OCR for pages without usable text; `ocr`: OCR every
   * page.
   */
  mode?: PdfParseMode;
  /** 1..10000: parse at most this many pages (from the first). */
  maxPages?: number;
  /** Add per-page markdown (`pages` in the result). */
  pages?: boolean;
  /** Add per-page typed layout blocks (`blocks` in the result). */
  blocks?: boolean;
  /** Join pages with `\n\n---\n\n<!-- page N -->\n\n` (none before page 1). */
  pageMarkers?: boolean;
}

/** What the caller injects: the OCR engine (core never starts workers) and the time budget. */
export interface ParsePdfContext {
  /** Needed for `ocr` mode and for scanned pages in `auto` mode. */
  ocr?: OcrEngine;
  /**
   * Epoch milliseconds (Date.now() clock) by which parsing must be done; past it parsing stops with a `timeout`
   * CoreError.
   */
  deadline?: number;
  /** Aborts parsing between pages and is passed on to the OCR engine. */
  signal?: AbortSignal;
  /**
   * Pages paid for: called once the page count is known, before any page is read, with the pages the parse would read
   * (the document's, capped by maxPages); answers how many it may read (the first ones). Below 1: PDF_NO_CREDITS.
   */
  pageBudget?: (pages: number) => Promise<number>;
}

export type PdfBlockType =
  | 'title'
  | 'section_header'
  | 'text'
  | 'table'
  | 'formula'
  | 'figure'
  | 'caption'
  | 'page_number'
  | 'page_header'
  | 'page_footer';

export interface PdfBlock {
  /** `p<page>.b<index in reading order>`. */
  id: string;
  type: PdfBlockType;
  /**
   * Our own finer label (`paragraph`, `list_item`, `code`, `heading_2`, `table`, ...): no layout model to pass through.
   */
  label: string | null;
  /** `[x0, y0, x1, y1]` normalised 0..1 to the page, top-left origin. */
  bbox: [number, number, number, number] | null;
  /**
   * The markdown fragment the block contributed (running headers/footers: their text, which is not in the markdown).
   */
  content: string;
  /** `[start, end)` into the document markdown, slicing exactly `content`; null for blocks kept out of the markdown. */
  markdownSpan: [number, number] | null;
  /** 0-based position of the block in its page's reading order (the `b` index of the id). */
  readingOrder: number;
  source: 'native_text' | 'ocr';
  confidence: { layout: number | null; ocr: number | null };
}

export interface PdfPageBlocks {
  pageNumber: number;
  /** Page size in px at scale 1 (72 dpi, i.e. PDF points): what MuPDF renders at zoom 1. */
  width: number | null;
  height: number | null;
  status: 'ok' | 'partial' | 'failed';
  items: PdfBlock[];
}

export interface PdfPage {
  pageNumber: number;
  markdown: string;
}

export interface PdfMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  creationDate?: string;
  modificationDate?: string;
  language?: string;
  /** Pages parsed (capped by maxPages). */
  numPages: number;
  /** The true page count. */
  totalPages: number;
  /** Pages that went through OCR. */
  ocrPages: number;
  /** Pages whose text could not be read (see blocks[].status). */
  failedPages: number;
}

export interface ParsePdfResult {
  markdown: string;
  pages?: PdfPage[];
  blocks?: PdfPageBlocks[];
  numPages: number;
  totalPages: number;
  title?: string;
  metadata: PdfMetadata;
}
