// MuPDF structured text → horizontal text segments with their fonts and boxes: the raw material of layout.
import type { Page, StructuredText } from 'mupdf';
import { imagePlacements } from './imagePlacements.js';
import { DRAWS_IMAGES, DRAWS_SHADINGS, pageDraws } from './pageDraws.js';
import { attachLoneAccents, LONE_ACCENT } from './loneAccents.js';
import type { PdfBox, TextStyle } from './pdfBox.js';
import { refineGlyphs } from './refineGlyphs.js';
import { isWhiteSpace } from '../text/isWhiteSpace.js';
import { spansJoinIntoLongRun } from './wordsAsSpans.js';

/** A run of text on one baseline with no wide gap inside: a table cell, a line of a column, a heading. */
export interface Segment extends PdfBox, TextStyle {
  text: string;
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
  /**
   * The PDF's own text runs when the segment joins runs set apart by at least half an em (table cells closer than
   * the segment gap): table detection may split the segment there. Absent when the text was rewritten or linked.
   */
  parts?: { text: string; x0: number; x1: number }[];
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
/** A gap of at least this many ems between two runs of one segment may be a table's column gutter (see `parts`). */
const PART_GAP_EM = 0.5;
/** Spans on baselines closer than this many ems are on one line (sub/superscripts excepted). */
const BASELINE_EM = 0.35;
/** Images smaller than this share of the page are bullets and rules: not even part of a figure. */
const MIN_IMAGE_AREA = 0.0005;
/** MuPDF's JSON rounds to integers; coordinates scaled by this keep a tenth of a point. */
const JSON_SCALE = 10;
/** A line this much taller than wide, with a few characters, runs vertically (rotated margin stamps). */
const ROTATED_ASPECT = 2.5;
/** One span per style run, spaces as the PDF draws them. */
const STEXT_OPTIONS = 'preserve-whitespace,preserve-spans';
const MONO_NAME = /mono|courier|consol|code|menlo/i;
const BOLD_NAME = /bold|black|heavy|semibold|demi/i;
const ITALIC_NAME = /italic|oblique/i;

type Box = [number, number, number, number];

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

interface Builder extends PdfBox {
  text: string;
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
  /** The runs of the segment split at gaps of PART_GAP_EM or more; kept on the segment when there are two or more. */
  parts: { text: string; x0: number; x1: number }[];
}

/**
 * One page's structured text, from MuPDF's JSON (its fastest way out of the wasm heap) with one span per style run;
 * spans on one baseline are merged into segments, split where the gap is wider than a word space.
 */
export function extractPageText(page: Page, pageNumber: number, drawCache?: Map<number, number>): PageText {
  const [bx0, by0, bx1, by1] = page.getBounds();
  const width = bx1 - bx0;
  const height = by1 - by0;
  const placed: Box[] = [];
  const { json, stext } = readStructuredText(page, [bx0, by0, bx1, by1], placed, drawCache);
  const links = pageLinks(page, bx0, by0);
  let scan: LineScan;
  try {
    scan = scanBlocks(json.blocks, bx0, by0, links, null);
    // The glyph boxes of the lines are read only for a page that needs them (see GLYPH_SUSPECT), found in the same
    // pass that counts the characters; such a page is scanned again with them.
    if (scan.needsGlyphs || spansJoinIntoLongRun(json.blocks))
      scan = scanBlocks(json.blocks, bx0, by0, links, lineGlyphs(stext));
  } finally {
    stext.destroy();
  }
  placed.push(...scan.images);
  const segments = attachLoneAccents(scan.built).map((b) => finishSegment(b, scan.links));
  const images: [number, number, number, number][] = [];
  for (const [x0, y0, x1, y1] of placed) {
    const box: Box = [x0 - bx0, y0 - by0, x1 - bx0, y1 - by0];
    if (((box[2] - box[0]) * (box[3] - box[1])) / (width * height) >= MIN_IMAGE_AREA) images.push(box);
  }
  const { charCount, garbage } = scan;
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

/** An external link of the page: its rectangle relative to the page box, and its URI. */
interface PageLink {
  rect: number[];
  uri: string;
}

/** The page's external web, mail and FTP links (internal jumps and other schemes are not the text's links). */
function pageLinks(page: Page, bx0: number, by0: number): PageLink[] {
  return page
    .getLinks()
    .filter((l) => l.isExternal())
    .map((l) => {
      const [x0, y0, x1, y1] = l.getBounds();
      return { rect: [x0 - bx0, y0 - by0, x1 - bx0, y1 - by0], uri: l.getURI() };
    })
    .filter((l) => /^(https?|mailto|ftp):/i.test(l.uri));
}

/** A scan of the page's blocks (see scanLine), with their image blocks' boxes; `glyphs` as LineScan has them. */
function scanBlocks(
  blocks: JsonBlock[],
  bx0: number,
  by0: number,
  links: PageLink[],
  glyphs: (GlyphBox[] | null)[] | null,
): LineScan {
  const scan: LineScan = {
    bx0,
    by0,
    links,
    glyphs,
    styles: new Map(),
    built: [],
    cur: null,
    lineIndex: -1,
    charCount: 0,
    garbage: 0,
    needsGlyphs: false,
    lineSuspect: false,
    images: [],
  };
  for (const block of blocks) {
    if (block.type === 'image') {
      const b = block.bbox;
      scan.images.push([b.x / JSON_SCALE, b.y / JSON_SCALE, (b.x + b.w) / JSON_SCALE, (b.y + b.h) / JSON_SCALE]);
      continue;
    }
    for (const line of block.lines ?? []) scanLine(scan, line);
    // MuPDF blocks are separate flows: never merge the last span of one block with the next block.
    flushSegment(scan);
  }
  flushSegment(scan);
  return scan;
}

/**
 * The page's structured text as MuPDF's JSON, and the structured text itself (the caller destroys it), from which
 * the glyph boxes of its lines are read when some line needs them; image placements read from a display list are
 * added to `placed`.
 */
function readStructuredText(
  page: Page,
  bounds: Box,
  placed: Box[],
  drawCache: Map<number, number> | undefined,
): { json: { blocks: JsonBlock[] }; stext: StructuredText } {
  // Asking MuPDF for image blocks makes it load every image: only pages that have images pay for that. MuPDF's text
  // device also renders every shading to an image, which can cost more than the whole extraction: pages that draw
  // shadings read their image placements from a display list instead (see imagePlacements), whose structured text
  // is the same, so the content stream is still interpreted once.
  let stext: StructuredText | undefined;
  const drawn = pageDraws(page, drawCache);
  if (drawn === (DRAWS_IMAGES | DRAWS_SHADINGS)) {
    const list = page.toDisplayList(true);
    try {
      stext = list.toStructuredText(STEXT_OPTIONS);
      placed.push(...imagePlacements(list, bounds));
    } catch {
      // A device error must not lose the page's images (a scan would then never be OCRed): MuPDF's own route.
      stext?.destroy();
      stext = page.toStructuredText(`${STEXT_OPTIONS},preserve-images`);
    } finally {
      list.destroy();
    }
  } else stext = page.toStructuredText(drawn & DRAWS_IMAGES ? `${STEXT_OPTIONS},preserve-images` : STEXT_OPTIONS);
  try {
    return { json: JSON.parse(stext.asJSON(JSON_SCALE)), stext };
  } catch (err) {
    stext.destroy();
    throw err;
  }
}

/** What the scan of a page's lines carries from one line to the next. */
interface LineScan {
  bx0: number;
  by0: number;
  links: PageLink[];
  /** Glyph boxes per line (lineGlyphs), or null when no line needs them. */
  glyphs: (GlyphBox[] | null)[] | null;
  styles: Map<string, { font: JsonLine['font']; style: number }>;
  /** The page's segments, finished after the scan (a lone accent line joins the letter under it first). */
  built: Builder[];
  /** The segment being built. */
  cur: Builder | null;
  /** Index of the current line among all the page's lines (as lineGlyphs lists them). */
  lineIndex: number;
  charCount: number;
  garbage: number;
  /** Some line may need its glyph boxes (GLYPH_SUSPECT or LONE_ACCENT matches it). */
  needsGlyphs: boolean;
  /** The line last counted (countChars) may need them: mayNeedGlyphBoxes is true for it. */
  lineSuspect: boolean;
  /** Image blocks' boxes, page coordinates as MuPDF gives them. */
  images: Box[];
}

/** Ends the segment being built (one with no visible character is dropped). */
function flushSegment(scan: LineScan): void {
  if (scan.cur && scan.cur.chars > 0) scan.built.push(scan.cur);
  scan.cur = null;
}

/** One MuPDF line (a span of one style): counted, then merged into the current segment or starting a new one. */
function scanLine(scan: LineScan, line: JsonLine): void {
  scan.lineIndex++;
  const raw = line.text;
  const c0 = raw.charCodeAt(0);
  const text = c0 === 32 || c0 === 9 || c0 === 0xa0 ? raw.replace(/^[ \t\u00a0]+/, '') : raw;
  const visibleCount = countChars(scan, text);
  // (The leading spaces `text` lacks break a letter run and are no accent: mayNeedGlyphBoxes reads it as `raw`.)
  if (scan.lineSuspect && !scan.needsGlyphs && (GLYPH_SUSPECT.test(raw) || LONE_ACCENT.test(raw)))
    scan.needsGlyphs = true;
  if (visibleCount === 0) {
    const cur = scan.cur;
    if (cur && raw.length > 0) cur.text += cur.text.endsWith(' ') ? '' : ' ';
    return;
  }
  scan.charCount += visibleCount;
  const { bx0, by0 } = scan;
  const size = line.font.size / JSON_SCALE;
  const x0 = line.bbox.x / JSON_SCALE - bx0;
  const y0 = line.bbox.y / JSON_SCALE - by0;
  const x1 = (line.bbox.x + line.bbox.w) / JSON_SCALE - bx0;
  const y1 = (line.bbox.y + line.bbox.h) / JSON_SCALE - by0;
  const baseline = line.y / JSON_SCALE - by0;
  const rotated = line.wmode !== 0 || (y1 - y0 > ROTATED_ASPECT * (x1 - x0) && visibleCount >= 4);
  const em = size > 0 ? size : 10;
  const gap = scan.cur ? x0 - scan.cur.x1 : 0;
  const b = segmentFor(scan, x0, y0, x1, y1, baseline, rotated, em, text.length < raw.length);
  addSpans(scan, b, raw, text, x0, x1);
  addPart(b, text, x0, x1, gap >= PART_GAP_EM * em, gap > IMPLICIT_SPACE_EM * em);
  b.text += text;
  b.x0 = Math.min(b.x0, x0);
  b.y0 = Math.min(b.y0, y0);
  b.x1 = Math.max(b.x1, x1);
  b.y1 = Math.max(b.y1, y1);
  const n = visibleCount;
  const rounded = Math.round(size * 2) / 2;
  b.sizes.set(rounded, (b.sizes.get(rounded) ?? 0) + n);
  b.chars += n;
  const style = fontStyle(line.font, scan.styles);
  if (style & BOLD) b.boldChars += n;
  if (style & ITALIC) b.italicChars += n;
  if (style & MONO) b.monoChars += n;
}

/**
 * The visible characters of `text`, with its unreadable ones added to the scan's count, and whether the line may
 * need its glyph boxes (mayNeedGlyphBoxes, folded into the same pass: this loop runs for every span of every page).
 */
function countChars(scan: Pick<LineScan, 'garbage' | 'lineSuspect'>, text: string): number {
  let visible = 0;
  let run = 0;
  let suspect = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0) {
      run = 0;
      continue;
    }
    visible++;
    if (c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff) || c < 32) scan.garbage++;
    if (isSpacingAccent(c)) suspect = true;
    if (c < 0x41 || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0xa9)) run = 0;
    else if (++run >= LATIN_RUN) suspect = true;
  }
  scan.lineSuspect = suspect;
  return visible;
}

/**
 * The segment a span at this box joins: the current one when it is on the same baseline with no wider gap than a
 * segment split (a space is added for a gap wider than a word space, or leading spaces the span lost), else a new
 * one. `em` is the span's font size (10 when unknown).
 */
function segmentFor(
  scan: LineScan,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  baseline: number,
  rotated: boolean,
  em: number,
  lostLeadingSpace: boolean,
): Builder {
  const cur = scan.cur;
  const gap = cur ? x0 - cur.x1 : 0;
  const sameLine =
    cur &&
    !rotated &&
    !cur.rotated &&
    Math.abs(baseline - cur.baseline) <= BASELINE_EM * em &&
    gap > -em &&
    gap <= SEGMENT_GAP_EM * em;
  if (!sameLine) {
    flushSegment(scan);
    scan.cur = {
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
      parts: [{ text: '', x0, x1 }],
    };
  } else if (cur && !cur.text.endsWith(' ') && (gap > IMPLICIT_SPACE_EM * em || lostLeadingSpace)) {
    cur.text += ' ';
  }
  return scan.cur!;
}

/** Adds the span to the segment's last run, or starts a new run after a gap that may be a column gutter. */
function addPart(b: Builder, text: string, x0: number, x1: number, gutter: boolean, spaced: boolean): void {
  const part = b.parts[b.parts.length - 1];
  if (part.text && gutter) b.parts.push({ text, x0, x1 });
  else {
    part.text += part.text && !part.text.endsWith(' ') && spaced ? ` ${text}` : text;
    part.x1 = Math.max(part.x1, x1);
  }
}

/** Records the span's place in the segment's text: one entry per glyph when the line's glyph boxes were read. */
function addSpans(scan: LineScan, b: Builder, raw: string, text: string, x0: number, x1: number): void {
  const boxes = scan.glyphs?.[scan.lineIndex];
  if (boxes && boxes.map((g) => g.c).join('') === raw) {
    // One span per glyph: refineGlyphs finds narrow word gaps and accents drawn over letters from them.
    let offset = b.text.length - (raw.length - text.length);
    for (const g of boxes) {
      if (offset >= b.text.length) b.spans.push([offset, g.x0 - scan.bx0, g.x1 - scan.bx0]);
      offset += g.c.length;
    }
  } else b.spans.push([b.text.length, x0, x1]);
}

/**
 * A line MuPDF gave with a long run of letters and no space (words placed by moves narrower than MuPDF's space
 * threshold, as TeX sets them), or a spacing accent before a letter (TeX draws accents as glyphs over the letter):
 * its glyphs' own positions are read (and on a page with a line that is one accent: see loneAccents). The run is
 * longer than almost every real word, so ordinary pages never pay (Latin letters only: Arabic stretches words with
 * runs of kashida, and TeX's trouble is with Latin text).
 */
export const GLYPH_SUSPECT = /\p{Script=Latin}{26}|[`\u00b4\u00a8\u02c6\u02dc\u02c7\u02d8\u02da\u02dd]\p{L}/u;

/** The run of Latin letters GLYPH_SUSPECT looks for. */
const LATIN_RUN = 26;

/** A spacing accent of GLYPH_SUSPECT's or LONE_ACCENT's list (or a neighbour of one: a superset is enough). */
function isSpacingAccent(c: number): boolean {
  return c === 0x60 || c === 0xa8 || c === 0xaf || c === 0xb4 || c === 0xb8 || (c >= 0x2c6 && c <= 0x2dd);
}

/**
 * Whether GLYPH_SUSPECT or LONE_ACCENT could match `text`, by a scan of its code units that needs no regular
 * expression (both run on every line of every page; almost no line needs them): the line holds a spacing accent of
 * either list, or LATIN_RUN code units in a row none of which is below "A", ASCII punctuation, a control or a
 * Latin-1 symbol (no Latin letter is). It may answer true where neither matches, never false where one does.
 */
export function mayNeedGlyphBoxes(text: string): boolean {
  const counts = { garbage: 0, lineSuspect: false };
  countChars(counts, text);
  return counts.lineSuspect;
}

interface GlyphBox {
  c: string;
  x0: number;
  x1: number;
}

/** Glyph boxes of every text line of `stext`, in the order asJSON lists the lines. */
function lineGlyphs(stext: StructuredText): (GlyphBox[] | null)[] {
  const lines: (GlyphBox[] | null)[] = [];
  let cur: GlyphBox[] = [];
  stext.walk({
    beginLine: () => {
      cur = [];
    },
    onChar: (c, _origin, _font, _size, q) => {
      cur.push({ c, x0: Math.min(q[0], q[4]), x1: Math.max(q[2], q[6]) });
    },
    endLine: () => {
      lines.push(cur);
    },
  });
  return lines;
}

const BOLD = 1;
const ITALIC = 2;
const MONO = 4;

/**
 * A font's style bits, from MuPDF's flags or its name; remembered per font name (a page repeats a few fonts over
 * thousands of spans) as long as MuPDF reports the same flags for it.
 */
function fontStyle(f: JsonLine['font'], known: Map<string, { font: JsonLine['font']; style: number }>): number {
  const hit = known.get(f.name);
  if (hit && hit.font.weight === f.weight && hit.font.style === f.style && hit.font.family === f.family)
    return hit.style;
  let style = 0;
  if (f.weight === 'bold' || BOLD_NAME.test(f.name)) style |= BOLD;
  if (f.style === 'italic' || ITALIC_NAME.test(f.name)) style |= ITALIC;
  if (f.family === 'monospace' || MONO_NAME.test(f.name)) style |= MONO;
  known.set(f.name, { font: f, style });
  return style;
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
  const trailingSpace = b.text.length > 0 && isWhiteSpace(b.text.charCodeAt(b.text.length - 1));
  // Soft hyphens are invisible unless a line breaks there; joinLines handles the line-end ones.
  const ordered = rtlOrder(b);
  const text = (ordered.includes('\u00ad') ? ordered.replace(/\u00ad(?!$)/g, '') : ordered).trimEnd();
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
    // Every optional field has its slot from the start (in the order they used to be added), so that all of a
    // page's segments share one object shape: layout reads their fields in its hottest loops.
    rotated: b.rotated ? true : undefined,
    trailingSpace: trailingSpace ? true : undefined,
    links: undefined,
    parts: undefined,
    textX0: undefined,
    figure: undefined,
  };
  if (links.length > 0 && text === b.text.trimEnd()) {
    const midY = (b.y0 + b.y1) / 2;
    for (const link of links) {
      const [lx0, ly0, lx1, ly1] = link.rect;
      if (midY < ly0 || midY > ly1 || lx1 < b.x0 || lx0 > b.x1) continue;
      const range = linkRange(b, text, lx0, lx1);
      if (range) {
        seg.links ??= [];
        seg.links.push({ ...range, uri: link.uri });
      }
    }
    seg.links?.sort((a, c) => a.start - c.start);
  }
  // TeX sets double quotes as two single ones: ‘‘ and ’’ read as “ and ” (not inside linked text, whose offsets count).
  if (!seg.links && (seg.text.includes('‘‘') || seg.text.includes('’’')))
    seg.text = seg.text.replace(/‘‘/g, '“').replace(/’’/g, '”');
  const parts = b.parts.length > 1 && !seg.links ? partsSpellingText(b.parts, seg.text) : undefined;
  if (parts) seg.parts = parts;
  return seg;
}

/** The segment's runs, trimmed, only when they still spell its text (no glyph refinement, reordering or soft
 *  hyphens changed it) and none is empty. */
function partsSpellingText(runs: Builder['parts'], text: string): Segment['parts'] {
  const parts = runs.map((p) => ({ ...p, text: p.text.trim() }));
  if (!parts.every((p) => p.text)) return undefined;
  return sameUpToSpaces(parts.map((p) => p.text).join(' '), text) ? parts : undefined;
}

/**
 * Whether `a` and `b` are equal once every run of white space in each is one space: `a.replace(/\s+/g, ' ') ===
 * b.replace(/\s+/g, ' ')` without building either string (this runs for every segment with two or more runs).
 */
export function sameUpToSpaces(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    const sa = isWhiteSpace(ca);
    if (sa !== isWhiteSpace(cb)) return false;
    if (sa) {
      while (i < a.length && isWhiteSpace(a.charCodeAt(i))) i++;
      while (j < b.length && isWhiteSpace(b.charCodeAt(j))) j++;
    } else if (ca !== cb) return false;
    else {
      i++;
      j++;
    }
  }
  return i === a.length && j === b.length;
}

/** The [start, end) of the text under a link from page x `lx0` to `lx1`, snapped to whole words; null if empty. */
function linkRange(b: Builder, text: string, lx0: number, lx1: number): { start: number; end: number } | null {
  let s = charAt(b, text, lx0, false);
  let e = charAt(b, text, lx1, true);
  // Snap to word boundaries: link rectangles are drawn loosely around the words.
  while (s > 0 && /\S/.test(text[s - 1]) && /\S/.test(text[s])) s--;
  while (e < text.length && /\S/.test(text[e]) && /\S/.test(text[e - 1] ?? ' ')) e++;
  while (s < e && text[s] === ' ') s++;
  while (e > s && text[e - 1] === ' ') e--;
  return e > s ? { start: s, end: e } : null;
}

/** A right-to-left letter (the ranges rtlOrder counts). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * MuPDF gives the spans of a line left to right; a right-to-left line (Arabic, Hebrew) reads its spans right to
 * left, so embedded Latin runs ("R و Python") land where they belong.
 */
function rtlOrder(b: Builder): string {
  // (Most segments hold no right-to-left letter: they need no count.)
  if (b.spans.length < 2 || !RTL_LETTER.test(b.text)) return b.text;
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
