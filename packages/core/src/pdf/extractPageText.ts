// MuPDF structured text → horizontal text segments with their fonts and boxes: the raw material of layout.
import type { Page, PDFObject, PDFPage } from 'mupdf';
import { refineGlyphs } from './refineGlyphs.js';

/** A run of text on one baseline with no wide gap inside: a table cell, a line of a column, a heading. */
export interface Segment {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Dominant font size in points. */
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** External links over parts of the text, as [start, end) into `text`. */
  links?: { start: number; end: number; uri: string }[];
  /** Where the text after a list marker starts (set when a bullet and its text were separate segments). */
  textX0?: number;
  /** The PDF put a space after the last glyph (matters for joining lines in Korean). */
  trailingSpace?: boolean;
  /** An image placement standing in the text flow (text is empty). */
  figure?: boolean;
  /** Text not running left to right (rotated margin labels, vertical writing). */
  rotated?: boolean;
  source: 'native_text' | 'ocr';
  /** OCR confidence 0..1 (null for native text). */
  confidence: number | null;
}

export interface PageText {
  pageNumber: number;
  width: number;
  height: number;
  segments: Segment[];
  /** Image placements, [x0, y0, x1, y1] in points. */
  images: [number, number, number, number][];
  /** Non-space characters of the text layer. */
  charCount: number;
  /** Share of characters that decode to nothing readable (U+FFFD, private use, controls). */
  garbageRatio: number;
  source: 'native_text' | 'ocr';
  status: 'ok' | 'partial' | 'failed';
  ocrConfidence: number | null;
}

/**
 * A gap wider than this many ems splits a line into segments: table cells and column gutters are wider, word spaces far
 * narrower.
 */
const SEGMENT_GAP_EM = 1.2;
/** A gap wider than this many ems between spans is a missing space (PDFs that position words without space glyphs). */
const IMPLICIT_SPACE_EM = 0.2;
/** Spans on baselines closer than this many ems are on one line (sub/superscripts excepted). */
const BASELINE_EM = 0.35;
/** Images smaller than this share of the page are bullets and rules: not even part of a figure. */
const MIN_IMAGE_AREA = 0.0005;
/** MuPDF's JSON rounds to integers; coordinates scaled by this keep a tenth of a point. */
const JSON_SCALE = 10;
/** A line this much taller than wide, with a few characters, runs vertically (rotated margin stamps). */
const ROTATED_ASPECT = 2.5;
/** How deep into form XObjects, and how many XObjects, we look for images. */
const MAX_RESOURCE_DEPTH = 2;
const MAX_XOBJECTS = 64;
const MONO_NAME = /mono|courier|consol|code|menlo/i;
const BOLD_NAME = /bold|black|heavy|semibold|demi/i;
const ITALIC_NAME = /italic|oblique/i;

interface JsonLine {
  wmode: number;
  bbox: { x: number; y: number; w: number; h: number };
  font: { name: string; family: string; weight: string; style: string; size: number };
  x: number;
  y: number;
  text: string;
}
interface JsonBlock {
  type: string;
  bbox: { x: number; y: number; w: number; h: number };
  lines?: JsonLine[];
}

interface Builder {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  baseline: number;
  /** size → char count, for the dominant size. */
  sizes: Map<number, number>;
  boldChars: number;
  italicChars: number;
  monoChars: number;
  chars: number;
  /** Spans as [start offset in text, x0, x1], to map link rectangles onto text. */
  spans: [number, number, number][];
  rotated: boolean;
}

/**
 * One page's structured text, from MuPDF's JSON (its fastest way out of the wasm heap) with one span per style run;
 * spans on one baseline are merged into segments, split where the gap is wider than a word space.
 */
export function extractPageText(page: Page, pageNumber: number, imageCache?: Map<number, boolean>): PageText {
  const [bx0, by0, bx1, by1] = page.getBounds();
  const width = bx1 - bx0;
  const height = by1 - by0;
  const links = page
    .getLinks()
    .filter((l) => l.isExternal())
    .map((l) => {
      const [x0, y0, x1, y1] = l.getBounds();
      return { rect: [x0 - bx0, y0 - by0, x1 - bx0, y1 - by0], uri: l.getURI() };
    })
    .filter((l) => /^(https?|mailto|ftp):/i.test(l.uri));
  // Asking MuPDF for image blocks makes it load every image; only pages that have images pay for that.
  const stext = page.toStructuredText(
    pageHasImages(page, imageCache)
      ? 'preserve-whitespace,preserve-spans,preserve-images'
      : 'preserve-whitespace,preserve-spans',
  );
  let json: { blocks: JsonBlock[] };
  try {
    json = JSON.parse(stext.asJSON(JSON_SCALE));
  } finally {
    stext.destroy();
  }
  const segments: Segment[] = [];
  const images: [number, number, number, number][] = [];
  let charCount = 0;
  let garbage = 0;
  let cur: Builder | null = null;
  const flush = () => {
    if (cur && cur.text.trim().length > 0) segments.push(finishSegment(cur, links));
    cur = null;
  };
  for (const block of json.blocks) {
    if (block.type === 'image') {
      const b = block.bbox;
      const box: [number, number, number, number] = [
        b.x / JSON_SCALE - bx0,
        b.y / JSON_SCALE - by0,
        (b.x + b.w) / JSON_SCALE - bx0,
        (b.y + b.h) / JSON_SCALE - by0,
      ];
      if (((box[2] - box[0]) * (box[3] - box[1])) / (width * height) >= MIN_IMAGE_AREA) images.push(box);
      continue;
    }
    for (const line of block.lines ?? []) {
      const raw = line.text;
      const text = raw.replace(/^[ \t\u00a0]+/, '');
      // Count visible and unreadable characters in one pass (this loop runs for every span of every page).
      let visibleCount = 0;
      let garbageCount = 0;
      for (let k = 0; k < text.length; k++) {
        const c = text.charCodeAt(k);
        if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0) continue;
        visibleCount++;
        if (c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff) || c < 32) garbageCount++;
      }
      if (visibleCount === 0) {
        if (cur && raw.length > 0) cur.text += cur.text.endsWith(' ') ? '' : ' ';
        continue;
      }
      charCount += visibleCount;
      garbage += garbageCount;
      const size = line.font.size / JSON_SCALE;
      const em = size > 0 ? size : 10;
      const x0 = line.bbox.x / JSON_SCALE - bx0;
      const y0 = line.bbox.y / JSON_SCALE - by0;
      const x1 = (line.bbox.x + line.bbox.w) / JSON_SCALE - bx0;
      const y1 = (line.bbox.y + line.bbox.h) / JSON_SCALE - by0;
      const baseline = line.y / JSON_SCALE - by0;
      const rotated = line.wmode !== 0 || (y1 - y0 > ROTATED_ASPECT * (x1 - x0) && visibleCount >= 4);
      const gap = cur ? x0 - cur.x1 : 0;
      const sameLine =
        cur &&
        !rotated &&
        !cur.rotated &&
        Math.abs(baseline - cur.baseline) <= BASELINE_EM * em &&
        gap > -em &&
        gap <= SEGMENT_GAP_EM * em;
      if (!sameLine) {
        flush();
        cur = {
          text: '',
          x0,
          y0,
          x1,
          y1,
          baseline,
          sizes: new Map(),
          boldChars: 0,
          italicChars: 0,
          monoChars: 0,
          chars: 0,
          spans: [],
          rotated,
        };
      } else if (cur && !cur.text.endsWith(' ') && (gap > IMPLICIT_SPACE_EM * em || text.length < raw.length)) {
        cur.text += ' ';
      }
      const b = cur!;
      b.spans.push([b.text.length, x0, x1]);
      b.text += text;
      b.x0 = Math.min(b.x0, x0);
      b.y0 = Math.min(b.y0, y0);
      b.x1 = Math.max(b.x1, x1);
      b.y1 = Math.max(b.y1, y1);
      const n = visibleCount;
      const rounded = Math.round(size * 2) / 2;
      b.sizes.set(rounded, (b.sizes.get(rounded) ?? 0) + n);
      b.chars += n;
      const f = line.font;
      if (f.weight === 'bold' || BOLD_NAME.test(f.name)) b.boldChars += n;
      if (f.style === 'italic' || ITALIC_NAME.test(f.name)) b.italicChars += n;
      if (f.family === 'monospace' || MONO_NAME.test(f.name)) b.monoChars += n;
    }
    // MuPDF blocks are separate flows: never merge the last span of one block with the next block.
    flush();
  }
  flush();
  return {
    pageNumber,
    width,
    height,
    segments,
    images,
    charCount,
    garbageRatio: charCount === 0 ? 0 : garbage / charCount,
    source: 'native_text',
    status: 'ok',
    ocrConfidence: null,
  };
}

/**
 * Image XObjects a page draws, directly or through forms (MAX_RESOURCE_DEPTH deep); non-PDF pages are assumed to.
 * Pages usually share one resource dictionary: the answer is cached by its object number.
 */
function pageHasImages(page: Page, cache?: Map<number, boolean>): boolean {
  if (!('getObject' in page)) return true;
  try {
    const resources = (page as PDFPage).getObject().getInheritable('Resources');
    const key = resources.isIndirect() ? resources.asIndirect() : 0;
    const known = key ? cache?.get(key) : undefined;
    if (known !== undefined) return known;
    const found = hasImage(resources, 0);
    if (key) cache?.set(key, found);
    return found;
  } catch {
    return true;
  }
}

function hasImage(resources: PDFObject, depth: number): boolean {
  if (!resources || resources.isNull()) return false;
  const xobjects = resources.get('XObject');
  if (!xobjects || !xobjects.isDictionary()) return false;
  let found = false;
  let seen = 0;
  xobjects.forEach((value) => {
    if (found || ++seen > MAX_XOBJECTS) return;
    const x = value.resolve();
    const subtype = x.get('Subtype');
    if (subtype.isName() && subtype.asName() === 'Image') found = true;
    else if (depth < MAX_RESOURCE_DEPTH && subtype.isName() && subtype.asName() === 'Form')
      found = hasImage(x.get('Resources'), depth + 1);
  });
  // Pages with more XObjects than we look at are assumed to have images.
  return found || seen > MAX_XOBJECTS;
}

function finishSegment(b: Builder, links: { rect: number[]; uri: string }[]): Segment {
  let size = 0;
  let best = -1;
  for (const [s, n] of b.sizes) {
    if (n > best) {
      best = n;
      size = s;
    }
  }
  refineGlyphs(b, size || 10);
  const trailingSpace = /\s$/.test(b.text);
  // Soft hyphens are invisible unless a line breaks there; joinLines handles the line-end ones.
  const text = rtlOrder(b)
    .replace(/\u00ad(?!$)/g, '')
    .trimEnd();
  const seg: Segment = {
    text,
    x0: b.x0,
    y0: b.y0,
    x1: b.x1,
    y1: b.y1,
    size,
    bold: b.boldChars >= b.chars * 0.6,
    italic: b.italicChars >= b.chars * 0.6,
    mono: b.monoChars >= b.chars * 0.6,
    source: 'native_text',
    confidence: null,
  };
  if (b.rotated) seg.rotated = true;
  if (trailingSpace) seg.trailingSpace = true;
  if (links.length > 0 && text === b.text.trimEnd()) {
    const midY = (b.y0 + b.y1) / 2;
    for (const link of links) {
      const [lx0, ly0, lx1, ly1] = link.rect;
      if (midY < ly0 || midY > ly1 || lx1 < b.x0 || lx0 > b.x1) continue;
      const start = charAt(b, text, lx0, false);
      const end = charAt(b, text, lx1, true);
      let s = start;
      let e = end;
      // Snap to word boundaries: link rectangles are drawn loosely around the words.
      while (s > 0 && /\S/.test(text[s - 1]) && /\S/.test(text[s])) s--;
      while (e < text.length && /\S/.test(text[e]) && /\S/.test(text[e - 1] ?? ' ')) e++;
      while (s < e && text[s] === ' ') s++;
      while (e > s && text[e - 1] === ' ') e--;
      if (e > s) (seg.links ??= []).push({ start: s, end: e, uri: link.uri });
    }
    seg.links?.sort((a, c) => a.start - c.start);
  }
  // TeX sets double quotes as two single ones: ‘‘ and ’’ read as “ and ” (not inside linked text, whose offsets count).
  if (!seg.links && /‘‘|’’/.test(seg.text)) seg.text = seg.text.replace(/‘‘/g, '“').replace(/’’/g, '”');
  return seg;
}

/**
 * MuPDF gives the spans of a line left to right; a right-to-left line (Arabic, Hebrew) reads its spans right to
 * left, so embedded Latin runs ("R و Python") land where they belong.
 */
function rtlOrder(b: Builder): string {
  if (b.spans.length < 2) return b.text;
  let rtl = 0;
  let ltr = 0;
  for (let i = 0; i < b.text.length; i++) {
    const c = b.text.charCodeAt(i);
    if ((c >= 0x0590 && c <= 0x08ff) || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff)) rtl++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff))
      ltr++;
  }
  if (rtl <= ltr) return b.text;
  const pieces = b.spans.map(([offset, x0], i) => ({
    x0,
    text: b.text.slice(offset, i + 1 < b.spans.length ? b.spans[i + 1][0] : undefined).trim(),
  }));
  b.spans = [];
  return pieces
    .sort((p, q) => q.x0 - p.x0)
    .map((p) => p.text)
    .filter(Boolean)
    .join(' ');
}

/** Character offset at page x, assuming the glyphs of each span are evenly spread over its box. */
function charAt(b: Builder, text: string, x: number, end: boolean): number {
  for (let i = 0; i < b.spans.length; i++) {
    const [offset, x0, x1] = b.spans[i];
    const next = i + 1 < b.spans.length ? b.spans[i + 1][0] : text.length;
    if (x > x1 + 0.5 && i + 1 < b.spans.length) continue;
    if (x <= x0) return offset;
    const len = Math.max(0, Math.min(next, text.length) - offset);
    const at = offset + Math.min(len, (end ? Math.ceil : Math.floor)(((x - x0) / Math.max(0.01, x1 - x0)) * len));
    return Math.min(text.length, at);
  }
  return text.length;
}
