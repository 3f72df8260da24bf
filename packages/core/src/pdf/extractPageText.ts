// MuPDF structured text → horizontal text segments with their fonts and boxes: the raw material of layout.
import type { Page } from 'mupdf';

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

/** A gap wider than this many ems splits a line into segments: table cells and column gutters are wider, word spaces far narrower. */
const SEGMENT_GAP_EM = 1.2;
/** A gap wider than this many ems between glyphs is a missing space (PDFs that position words without space glyphs). */
const IMPLICIT_SPACE_EM = 0.25;
/** Images smaller than this share of the page are bullets, rules and logos, not figures. */
const MIN_FIGURE_AREA = 0.015;
const BOLD_NAME = /bold|black|heavy|semibold|demi|extrab/i;
const ITALIC_NAME = /italic|oblique/i;
const MONO_NAME = /mono|courier|consol|code|menlo/i;

interface FontInfo {
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

interface Builder {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  lastX1: number;
  pendingSpace: boolean;
  /** size → char count, for the dominant size. */
  sizes: Map<number, number>;
  boldChars: number;
  italicChars: number;
  monoChars: number;
  chars: number;
  /** x centre of every char of `text` (only when the page has links). */
  xs: number[] | null;
}

function isGarbage(code: number): boolean {
  return code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff) || (code < 0x20 && code !== 9);
}

/** Walk one page's structured text (per-char positions are kept only on pages with links, to map link rectangles to text). */
export function extractPageText(page: Page, pageNumber: number): PageText {
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
  const withLinks = links.length > 0;
  const fonts = new Map<number, FontInfo>();
  const segments: Segment[] = [];
  const images: [number, number, number, number][] = [];
  let charCount = 0;
  let garbage = 0;
  let cur: Builder | null = null;
  let lineY0 = 0;
  let lineY1 = 0;
  let lineRotated = false;

  const flush = () => {
    if (cur && cur.text.trim().length > 0) segments.push(finishSegment(cur, lineRotated, links));
    cur = null;
  };

  const stext = page.toStructuredText('preserve-whitespace,preserve-images');
  try {
    stext.walk({
      onImageBlock(bbox) {
        const area = ((bbox[2] - bbox[0]) * (bbox[3] - bbox[1])) / (width * height);
        if (area >= MIN_FIGURE_AREA) images.push([bbox[0] - bx0, bbox[1] - by0, bbox[2] - bx0, bbox[3] - by0]);
      },
      beginLine(bbox, _wmode, dir) {
        flush();
        lineY0 = bbox[1] - by0;
        lineY1 = bbox[3] - by0;
        lineRotated = Math.abs(dir[1]) > 0.2 || dir[0] < 0;
      },
      onChar(c, _origin, font, size, quad) {
        const code = c.charCodeAt(0);
        if (c === ' ' || c === '\t' || c === '\u00a0') {
          if (cur) cur.pendingSpace = true;
          return;
        }
        charCount++;
        if (isGarbage(code)) garbage++;
        let info = fonts.get(font.pointer);
        if (!info) {
          const name = font.getName();
          info = {
            bold: font.isBold() || BOLD_NAME.test(name),
            italic: font.isItalic() || ITALIC_NAME.test(name),
            mono: font.isMono() || MONO_NAME.test(name),
          };
          fonts.set(font.pointer, info);
        }
        const cx0 = Math.min(quad[0], quad[4]) - bx0;
        const cx1 = Math.max(quad[2], quad[6]) - bx0;
        const em = size > 0 ? size : 10;
        if (cur && !lineRotated && cx0 - cur.lastX1 > SEGMENT_GAP_EM * em) flush();
        if (!cur) {
          cur = {
            text: '',
            x0: cx0,
            y0: lineY0,
            x1: cx1,
            y1: lineY1,
            lastX1: cx1,
            pendingSpace: false,
            sizes: new Map(),
            boldChars: 0,
            italicChars: 0,
            monoChars: 0,
            chars: 0,
            xs: withLinks ? [] : null,
          };
        } else if (cur.pendingSpace || cx0 - cur.lastX1 > IMPLICIT_SPACE_EM * em) {
          cur.text += ' ';
          cur.xs?.push((cur.lastX1 + cx0) / 2);
        }
        cur.pendingSpace = false;
        cur.text += c;
        cur.xs?.push((cx0 + cx1) / 2);
        if (cx0 < cur.x0) cur.x0 = cx0;
        if (cx1 > cur.x1) cur.x1 = cx1;
        cur.lastX1 = Math.max(cur.lastX1, cx1);
        const rounded = Math.round(size * 2) / 2;
        cur.sizes.set(rounded, (cur.sizes.get(rounded) ?? 0) + 1);
        cur.chars++;
        if (info.bold) cur.boldChars++;
        if (info.italic) cur.italicChars++;
        if (info.mono) cur.monoChars++;
      },
      endLine() {
        flush();
      },
    });
  } finally {
    stext.destroy();
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

function finishSegment(b: Builder, rotated: boolean, links: { rect: number[]; uri: string }[]): Segment {
  let size = 0;
  let best = -1;
  for (const [s, n] of b.sizes) {
    if (n > best) {
      best = n;
      size = s;
    }
  }
  const text = b.text.replace(/\u00ad(?=\S)/g, '');
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
  if (rotated) seg.rotated = true;
  if (b.pendingSpace) seg.trailingSpace = true;
  if (b.xs && text === b.text) {
    const midY = (b.y0 + b.y1) / 2;
    for (const link of links) {
      const [lx0, ly0, lx1, ly1] = link.rect;
      if (midY < ly0 || midY > ly1) continue;
      let start = -1;
      let end = -1;
      for (let i = 0; i < b.xs.length; i++) {
        const inside = b.xs[i] >= lx0 && b.xs[i] <= lx1;
        if (inside && start < 0) start = i;
        if (inside) end = i + 1;
      }
      while (start >= 0 && start < end && text[start] === ' ') start++;
      while (end > start && text[end - 1] === ' ') end--;
      if (start >= 0 && end > start) (seg.links ??= []).push({ start, end, uri: link.uri });
    }
    seg.links?.sort((a, b2) => a.start - b2.start);
  }
  return seg;
}
