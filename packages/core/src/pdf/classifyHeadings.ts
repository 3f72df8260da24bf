// Headings from font statistics of the whole document: the body size is the most used size; lines clearly
// bigger, or bold where bold is rare, are headings; heading sizes ranked biggest first give the levels.
import type { LayoutBlock } from './buildBlocks.js';

export interface Heading {
  type: 'title' | 'section_header';
  /** Markdown level 1..6 (the title is 1, sections start at 2). */
  level: number;
}

/** A heading is at least this much bigger than body text, or bold. */
const HEADING_SIZE_RATIO = 1.06;
/** The title is this much bigger than body text and sits on the first page. */
const TITLE_SIZE_RATIO = 1.4;
/** When more than this share of body text is bold, bold says nothing about headings. */
const MAX_BOLD_SHARE = 0.35;
/** Italic is a heading style only where running text is rarely italic, and only for one short line. */
const MAX_ITALIC_SHARE = 0.15;
const MAX_HEADING_CHARS = 160;
const MAX_BOLD_HEADING_CHARS = 90;
const MAX_HEADING_LINES = 3;
/** Heading sizes closer than this (points) are one level. */
const LEVEL_SIZE_STEP = 0.75;
/** Deeper size ranks are folded into this markdown level: documents rarely nest deeper, font sizes often vary more. */
const MAX_LEVEL = 4;
/** "Chapter 3." style headings sit above the numbered sections (3.1 → level 3). */
const CHAPTER = /^(chapter|part|appendix|kapitel|chapitre|capítulo)\s+([\dIVXLC]+|[A-Z])\b/i;
const NUMBERED_HEADING = /^((?:\d+\.)*\d+|[A-Z]|[IVX]{1,5})\.?\s+\S/;

/** Font size that carries most of the running text. */
export function bodyFontSize(blocks: LayoutBlock[]): number {
  const weight = new Map<number, number>();
  for (const b of blocks) {
    if (b.kind !== 'paragraph' && b.kind !== 'list_item') continue;
    weight.set(b.size, (weight.get(b.size) ?? 0) + b.text.length);
  }
  let size = 10;
  let best = -1;
  for (const [s, n] of weight) if (n > best) [best, size] = [n, s];
  return size;
}

/** Which styles say "heading" in this document: bold and italic only where running text rarely uses them. */
interface HeadingStyles {
  boldMeans: boolean;
  italicMeans: boolean;
}

function headingStyles(all: LayoutBlock[], bodySize: number): HeadingStyles {
  let chars = 0;
  let boldChars = 0;
  let italicChars = 0;
  for (const b of all) {
    if (b.kind !== 'paragraph' || Math.abs(b.size - bodySize) > 0.6) continue;
    chars += b.text.length;
    if (b.bold) boldChars += b.text.length;
    if (b.italic) italicChars += b.text.length;
  }
  return {
    boldMeans: chars === 0 || boldChars / chars <= MAX_BOLD_SHARE,
    italicMeans: chars === 0 || italicChars / chars <= MAX_ITALIC_SHARE,
  };
}

/** A short paragraph that is bigger than the body, or bold or italic where those styles mark headings. */
function isHeadingCandidate(b: LayoutBlock, bodySize: number, styles: HeadingStyles): boolean {
  if (b.kind !== 'paragraph' || b.lines > MAX_HEADING_LINES) return false;
  const text = b.text.trim();
  if (text.length === 0 || text.length > MAX_HEADING_CHARS || !/\p{L}/u.test(text)) return false;
  if (/[,;]$/.test(text) || (/\.$/.test(text) && !NUMBERED_HEADING.test(text) && text.length > 40)) return false;
  const bigger = b.size >= bodySize * HEADING_SIZE_RATIO;
  // Bold (or italic) smaller than the body is a table header or a label in a figure, not a heading.
  const bodyOrBigger = b.size >= bodySize * 0.95;
  const bold = styles.boldMeans && b.bold && bodyOrBigger && text.length <= MAX_BOLD_HEADING_CHARS && b.lines <= 2;
  const italic =
    styles.italicMeans &&
    b.italic &&
    bodyOrBigger &&
    b.lines === 1 &&
    text.length <= MAX_BOLD_HEADING_CHARS &&
    !/[.:]$/.test(text);
  return bigger || bold || italic;
}

export function classifyHeadings(pages: LayoutBlock[][], bodySize: number): Map<LayoutBlock, Heading> {
  const all = pages.flat();
  const styles = headingStyles(all, bodySize);
  const candidates = all.filter((b) => isHeadingCandidate(b, bodySize, styles));
  const result = new Map<LayoutBlock, Heading>();
  if (candidates.length === 0) return result;
  // The title: the biggest text on the first page, clearly bigger than the body.
  const first = pages.find((p) => p.length > 0) ?? [];
  const maxSize = Math.max(...candidates.map((b) => b.size));
  const title = first.find(
    (b) => candidates.includes(b) && b.size === maxSize && b.size >= bodySize * TITLE_SIZE_RATIO,
  );
  if (title) result.set(title, { type: 'title', level: 1 });
  const sizes = [...new Set(candidates.filter((b) => b !== title).map((b) => b.size))].sort((a, b) => b - a);
  const levels: number[] = [];
  for (const s of sizes) {
    if (levels.length && levels[levels.length - 1] - s < LEVEL_SIZE_STEP) levels.push(levels[levels.length - 1]);
    else levels.push(s);
  }
  const distinct = [...new Set(levels)];
  for (const b of candidates) {
    if (b === title) continue;
    const numbered = NUMBERED_HEADING.exec(b.text.trim());
    let level: number;
    if (CHAPTER.test(b.text.trim())) level = 2;
    else if (numbered && /^\d/.test(numbered[1])) level = 1 + numbered[1].split('.').filter(Boolean).length;
    else level = 2 + distinct.indexOf(levels[sizes.indexOf(b.size)]);
    result.set(b, { type: 'section_header', level: Math.min(MAX_LEVEL, Math.max(2, level)) });
  }
  return result;
}
