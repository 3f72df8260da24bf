// Stage `wordsAsSpans`: words drawn one text run each, placed by a move narrower than MuPDF's word-space threshold
// (about 0.2 em) with no space glyph between them — HTML set word by word in inline boxes, generators that justify
// by moving each word. MuPDF gives every word as its own span with no space, extraction joins spans closer than
// 0.2 em into one run ("Corbelashlarhalyard"), and the one-span test for TeX-set lines (a run of 26 letters inside
// one span) never sees it, so the line's glyph boxes were not read and refineGlyphs had only word-sized pieces whose
// gaps are all word gaps: nothing to compare them with. Such a page now has its glyph boxes read, and refineGlyphs
// derives the word-gap threshold from the line's own letter gaps, as for TeX lines.

/** The spans' fields this stage reads, in MuPDF's JSON units (coordinates and size scaled alike). */
export interface SpanLine {
  wmode: number;
  bbox: { x: number; y: number; w: number; h: number };
  font: { size: number };
  y: number;
  text: string;
}

/** A run of this many letters made of several spans with no space is no word (as GLYPH_SUSPECT for one span). */
const LONG_RUN = 26;
/** Spans this close (ems) join with no space in extraction (extractPageText's IMPLICIT_SPACE_EM). */
const JOIN_GAP_EM = 0.2;
/**
 * Or this many joins on the page, each a move of at least MOVED_GAP_EM between a letter and a letter: spans of one
 * word split by a change of style touch (gap ~0), words moved apart by a narrow margin do not. Where only some word
 * gaps fall under 0.2 em (the others rounded wider by the device grid, or set with a space), the joined runs stay
 * shorter than LONG_RUN ("newelrafter") and the long-run test never read the glyph boxes.
 */
const MIN_MOVED_JOINS = 3;
const MOVED_GAP_EM = 0.05;
/** Spans on baselines this close (ems) are one line. */
const SAME_BASELINE_EM = 0.35;

const LATIN = /\p{Script=Latin}/u;
/** A Latin letter (ASCII first: nearly every character asked about). */
function isLetter(c: string): boolean {
  const k = c.charCodeAt(0);
  if (k < 128) return (k >= 65 && k <= 90) || (k >= 97 && k <= 122);
  return LATIN.test(c);
}

/** Letters at the start of `text` (all of it when it is letters only). */
function leadingLetters(text: string): number {
  let n = 0;
  while (n < text.length && isLetter(text[n])) n++;
  return n;
}

/** Letters at the end of `text`. */
function trailingLetters(text: string): number {
  let n = 0;
  while (n < text.length && isLetter(text[text.length - 1 - n])) n++;
  return n;
}

/**
 * Whether consecutive spans of one line, each closer to the last than a word space, make a run of LONG_RUN letters
 * with no space, or the page shows MIN_MOVED_JOINS letter-to-letter joins moved apart by MOVED_GAP_EM or more. One
 * pass over the page's spans; letters are only counted for spans that join (rare on pages with space glyphs), so
 * ordinary pages pay a few comparisons per span.
 */
export function spansJoinIntoLongRun(blocks: { lines?: SpanLine[] }[]): boolean {
  // Letters ending the previous span's run, or -1 when not counted yet (the span's own trailing letters).
  const state = { run: -1, moved: 0 };
  let prev: SpanLine | null = null;
  for (const block of blocks)
    for (const line of block.lines ?? []) {
      if (prev && joinsWithoutSpace(prev, line)) {
        if (joinedRunTells(state, prev, line)) return true;
      } else state.run = -1;
      prev = line;
    }
  return false;
}

/** Counts the join of `line` after `prev` into the run; true once the run or the moved joins are enough. */
function joinedRunTells(state: { run: number; moved: number }, prev: SpanLine, line: SpanLine): boolean {
  if (state.run < 0) state.run = trailingLetters(prev.text);
  const lead = leadingLetters(line.text);
  if (state.run + lead >= LONG_RUN) return true;
  if (state.run > 0 && lead > 0 && movedApart(prev, line) && ++state.moved >= MIN_MOVED_JOINS) return true;
  state.run = lead === line.text.length ? state.run + lead : -1;
  return false;
}

/** Whether `span` starts at least MOVED_GAP_EM after `prev` ends (a move, not a change of style inside a word). */
function movedApart(prev: SpanLine, span: SpanLine): boolean {
  return span.bbox.x - (prev.bbox.x + prev.bbox.w) >= MOVED_GAP_EM * (span.font.size || 10);
}

/** Whether `span` follows `prev` on the same horizontal line closer than a word space (joined with no space). */
function joinsWithoutSpace(prev: SpanLine, span: SpanLine): boolean {
  const em = span.font.size || 10;
  const gap = span.bbox.x - (prev.bbox.x + prev.bbox.w);
  return (
    span.wmode === 0 &&
    prev.wmode === 0 &&
    Math.abs(span.y - prev.y) <= SAME_BASELINE_EM * em &&
    gap <= JOIN_GAP_EM * em &&
    gap > -0.5 * em
  );
}
