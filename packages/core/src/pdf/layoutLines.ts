// Shared by every step of buildBlocks.ts (see there for the order): the block a leaf is cut into (LayoutBlock), a
// printed line read from its segments (toLine: box, dominant size and style, markdown text, right-to-left order)
// and a block's box and confidences from its lines (blockFrom). Pure functions, no state.
import type { Segment } from './extractPageText.js';
import type { PdfBox, TextStyle } from './pdfBox.js';

export type LayoutKind = 'paragraph' | 'list_item' | 'table' | 'code' | 'figure' | 'caption';

export interface LayoutBlock extends PdfBox, TextStyle {
  kind: LayoutKind;
  /** Inline markdown of the block (paragraphs, list items, captions), code lines joined by newlines. */
  text: string;
  /** Table cells, header row first. */
  cells?: string[][];
  /**
   * [rowspan, colspan] per cell when the table has structure a pipe table cannot hold (row spans, a title row over
   * every column); [0, 0] marks a covered cell. Rendered as an HTML table.
   */
  cellSpans?: [number, number][][];
  /** `-` or `1.` style marker of a list item. */
  marker?: string;
  lines: number;
  source: 'native_text' | 'ocr';
  /** Mean OCR confidence of its segments (null for native text). */
  ocrConfidence: number | null;
  /** How sure the heuristics are of the block's type, 0..1. */
  layoutConfidence: number;
}

/** Size change, in points, that starts a new block (headings against body text). */
export const SIZE_STEP = 0.6;

export const CAPTION =
  /^(figure|fig\.|table|tab\.|chart|listing|exhibit|example|abbildung|tabelle)\s*[\dIVX]+[a-z]?\s*[.:\-–—]/i;
export const SENTENCE_END = /[.!?:;。！？)"”’]$/;

export interface Line extends PdfBox, TextStyle {
  segs: Segment[];
  text: string;
  mono: boolean;
  trailingSpace: boolean;
}

/** Inline markdown of a segment: its text with external links as `[text](url)`. */
export function segmentMarkdown(seg: Segment): string {
  if (!seg.links?.length) return seg.text;
  let out = '';
  let at = 0;
  for (const l of seg.links) {
    if (l.start < at) continue;
    out +=
      seg.text.slice(at, l.start) +
      `[${seg.text.slice(l.start, l.end)}](${l.uri.replace(/[()\s]/g, encodeURIComponent)})`;
    at = l.end;
  }
  return out + seg.text.slice(at);
}

/** A right-to-left letter (the ranges isRtl counts). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

function isRtl(segs: Segment[]): boolean {
  if (segs.length < 2) return false;
  // Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, their presentation forms) against Latin, Greek and
  // Cyrillic ones, counted only when the row has one of the former (this runs for every row of every leaf).
  if (!segs.some((s) => RTL_LETTER.test(s.text))) return false;
  let rtl = 0;
  let ltr = 0;
  for (const s of segs)
    for (let i = 0; i < s.text.length; i++) {
      const c = s.text.charCodeAt(i);
      if ((c >= 0x0590 && c <= 0x08ff) || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff)) rtl++;
      else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff))
        ltr++;
    }
  return rtl > ltr;
}

export function toLine(segs: Segment[]): Line {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let chars = 0;
  let bold = 0;
  let italic = 0;
  let mono = 0;
  const sizes = new Map<number, number>();
  for (const s of segs) {
    x0 = Math.min(x0, s.x0);
    y0 = Math.min(y0, s.y0);
    x1 = Math.max(x1, s.x1);
    y1 = Math.max(y1, s.y1);
    const n = s.text.length;
    chars += n;
    if (s.bold) bold += n;
    if (s.italic) italic += n;
    if (s.mono) mono += n;
    sizes.set(s.size, (sizes.get(s.size) ?? 0) + n);
  }
  let size = 0;
  let best = -1;
  for (const [s, n] of sizes) if (n > best) [best, size] = [n, s];
  return {
    segs,
    // Right-to-left rows read their segments from the right.
    text: (isRtl(segs) ? [...segs].reverse() : segs).map(segmentMarkdown).join(' '),
    x0,
    y0,
    x1,
    y1,
    size,
    bold: bold >= chars * 0.6,
    italic: italic >= chars * 0.6,
    mono: mono >= chars * 0.6,
    trailingSpace: !!segs[segs.length - 1].trailingSpace,
  };
}

export function confidenceOf(segs: Segment[]): number | null {
  const ocr = segs.filter((s) => s.confidence !== null);
  if (ocr.length === 0) return null;
  return ocr.reduce((n, s) => n + (s.confidence ?? 0), 0) / ocr.length;
}

export function blockFrom(kind: LayoutKind, lines: Line[], text: string, layoutConfidence: number): LayoutBlock {
  // (Loops rather than spread arrays and a flattened copy: this runs for every block of every page.)
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let bold = true;
  let italic = true;
  let ocr = 0;
  let confidence = 0;
  for (const l of lines) {
    x0 = Math.min(x0, l.x0);
    y0 = Math.min(y0, l.y0);
    x1 = Math.max(x1, l.x1);
    y1 = Math.max(y1, l.y1);
    bold &&= l.bold;
    italic &&= l.italic;
    for (const s of l.segs)
      if (s.confidence !== null) {
        ocr++;
        confidence += s.confidence;
      }
  }
  return {
    kind,
    text,
    lines: lines.length,
    x0,
    y0,
    x1,
    y1,
    size: lines[0].size,
    bold,
    italic,
    source: lines.some((l) => l.segs.some((s) => s.source === 'ocr')) ? 'ocr' : 'native_text',
    ocrConfidence: ocr === 0 ? null : confidence / ocr,
    layoutConfidence,
  };
}
