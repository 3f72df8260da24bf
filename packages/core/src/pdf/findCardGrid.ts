// A grid of cards (feature boxes, team members, product tiles): a heading line over a few lines of text each, set in
// rows and columns. Short cards leave no column gutter tall enough to find, and their lines share rows across the
// grid like table cells, so without this they read as a table or row by row across the cards. A table's cells are
// short values under one header row; a card starts with its own heading (bold or larger than its text) and holds
// a few words of running text.
import type { Segment } from './extractPageText.js';

/** A horizontal gap this many ems tall separates rows of cards (and the text above and below the grid). */
const BAND_GAP_EM = 0.8;
/** Space between the columns of the grid, at least this many ems wide (or 4 points). */
const MIN_GAP_EM = 0.5;
/** Size step, in points, that makes a line a heading against the text under it. */
const HEADING_STEP = 0.6;
/** A card holds at most this many lines under its heading (longer blocks are columns of running text). */
const MAX_CARD_LINES = 8;
/** Share of the grid's filled cells that must read as cards, and the fewest cards a grid holds. */
const CARD_SHARE = 0.8;
const MIN_CARDS = 4;
/** Card text is words: at most this share of its characters are digits (table cells are often numbers). */
const MAX_DIGIT_SHARE = 0.2;

export interface CardGrid {
  /** Segments above and below the grid, still to be ordered. */
  before: Segment[];
  after: Segment[];
  /** The cards, row by row and left to right inside a row. */
  cards: Segment[][];
}

type Gap = [number, number];

/** Finds the first run of two or more bands whose cells read as cards, or null. */
export function findCardGrid(segs: Segment[], bodySize: number): CardGrid | null {
  if (!headingsSideBySide(segs, bodySize)) return null;
  const minGap = Math.max(4, MIN_GAP_EM * bodySize);
  const [lo, hi] = extent(segs);
  const bands = cutBands(segs, bodySize, minGap, lo, hi);
  if (bands.length < 2) return null;
  const free = bands.map((b) => freeGaps(b, lo, hi, minGap));
  const spans = bands.map(extent);
  for (let i = 0; i + 1 < bands.length; i++) {
    if (interior(free[i], spans[i][0], spans[i][1]).length === 0) continue;
    // Extend the run while the bands keep a common gap with text of the run on both sides.
    let gaps = free[i];
    let [x0, x1] = spans[i];
    let best: { end: number; gaps: Gap[] } | null = null;
    for (let j = i + 1; j < bands.length; j++) {
      const next = intersect(gaps, free[j], minGap);
      const inner = interior(next, Math.min(x0, spans[j][0]), Math.max(x1, spans[j][1]));
      if (inner.length === 0) break;
      gaps = next;
      [x0, x1] = [Math.min(x0, spans[j][0]), Math.max(x1, spans[j][1])];
      best = { end: j + 1, gaps: inner };
    }
    if (!best) continue;
    const cards = cardsOf(bands.slice(i, best.end), best.gaps);
    if (cards) return { before: bands.slice(0, i).flat(), after: bands.slice(best.end).flat(), cards };
    // A later run may start at this run's last band, not inside it.
    i = best.end - 2;
  }
  return null;
}

function extent(segs: Segment[]): [number, number] {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const s of segs) {
    x0 = Math.min(x0, s.x0);
    x1 = Math.max(x1, s.x1);
  }
  return [x0, x1];
}

/**
 * Cuts the region into bands at horizontal gaps of at least BAND_GAP_EM; a band is cut again where lines that leave
 * a gutter free meet lines across it (an intro or a closing paragraph set close to the cards).
 */
function cutBands(segs: Segment[], bodySize: number, minGap: number, lo: number, hi: number): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.y0 - b.y0);
  const bands: Segment[][] = [];
  let band: Segment[] = [];
  let bottom = -Infinity;
  for (const s of sorted) {
    if (band.length && s.y0 - bottom >= BAND_GAP_EM * bodySize) {
      bands.push(...refine(band, minGap, lo, hi));
      band = [];
    }
    band.push(s);
    bottom = Math.max(bottom, s.y1);
  }
  if (band.length) bands.push(...refine(band, minGap, lo, hi));
  return bands;
}

/** Splits a band into stretches of lines that keep a gutter free and stretches of lines across them. */
function refine(band: Segment[], minGap: number, lo: number, hi: number): Segment[][] {
  const rows = lineRows(band);
  if (rows.length < 2) return [band];
  const free = rows.map((r) => freeGaps(r, lo, hi, minGap));
  const spans = rows.map(extent);
  const gapped = rows.map((_, k) => interior(free[k], spans[k][0], spans[k][1]).length > 0);
  const out: Segment[][] = [];
  let k = 0;
  while (k < rows.length) {
    let first = k;
    while (first < rows.length && !gapped[first]) first++;
    if (first > k) out.push(rows.slice(k, first).flat());
    if (first === rows.length) break;
    let gaps = free[first];
    let [x0, x1] = spans[first];
    let end = first + 1;
    for (; end < rows.length; end++) {
      const next = intersect(gaps, free[end], minGap);
      const [a, b] = [Math.min(x0, spans[end][0]), Math.max(x1, spans[end][1])];
      if (interior(next, a, b).length === 0) break;
      [gaps, x0, x1] = [next, a, b];
    }
    out.push(rows.slice(first, end).flat());
    k = end;
  }
  return out;
}

/** Segments sharing a line (overlapping vertically by half the smaller height), top to bottom. */
function lineRows(segs: Segment[]): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Segment[][] = [];
  let y0 = 0;
  let y1 = 0;
  for (const s of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.min(s.y1, y1) - Math.max(s.y0, y0) >= 0.5 * Math.min(s.y1 - s.y0, y1 - y0)) {
      row.push(s);
      y0 = Math.min(y0, s.y0);
      y1 = Math.max(y1, s.y1);
    } else {
      rows.push([s]);
      [y0, y1] = [s.y0, s.y1];
    }
  }
  return rows;
}

/** Horizontal stretches of [lo, hi] that no segment of the band covers, at least `minGap` wide. */
function freeGaps(band: Segment[], lo: number, hi: number, minGap: number): Gap[] {
  const spans = band.map((s): Gap => [s.x0, s.x1]).sort((a, b) => a[0] - b[0]);
  const out: Gap[] = [];
  let at = lo;
  for (const [a, b] of spans) {
    if (a - at >= minGap) out.push([at, a]);
    at = Math.max(at, b);
  }
  if (hi - at >= minGap) out.push([at, hi]);
  return out;
}

function intersect(a: Gap[], b: Gap[], minGap: number): Gap[] {
  const out: Gap[] = [];
  for (const [a0, a1] of a)
    for (const [b0, b1] of b) {
      const x0 = Math.max(a0, b0);
      const x1 = Math.min(a1, b1);
      if (x1 - x0 >= minGap) out.push([x0, x1]);
    }
  return out;
}

/** The gaps with text on both sides (the text spanning x0..x1): the grid's column gutters. */
function interior(gaps: Gap[], x0: number, x1: number): Gap[] {
  return gaps.filter(([a, b]) => a > x0 && b < x1);
}

/** The cells of the run, row by row; null unless nearly all of them are cards. */
function cardsOf(bands: Segment[][], gutters: Gap[]): Segment[][] | null {
  const cuts = gutters.map(([a, b]) => (a + b) / 2).sort((p, q) => p - q);
  const cells: Segment[][] = [];
  for (const band of bands) {
    const row: Segment[][] = cuts.map(() => []).concat([[]]);
    for (const s of band) {
      const mid = (s.x0 + s.x1) / 2;
      let c = 0;
      while (c < cuts.length && mid > cuts[c]) c++;
      row[c].push(s);
    }
    cells.push(...row.filter((c) => c.length > 0));
  }
  const cards = cells.filter(isCard).length;
  return cards >= MIN_CARDS && cards >= cells.length * CARD_SHARE ? cells : null;
}

/** A heading line (bold against its text, or larger) over one to MAX_CARD_LINES lines of words. */
function isCard(cell: Segment[]): boolean {
  const sorted = [...cell].sort((a, b) => a.y0 - b.y0);
  const top = sorted[0];
  const inHead = (s: Segment) => Math.min(s.y1, top.y1) - Math.max(s.y0, top.y0) >= 0.5 * (s.y1 - s.y0);
  const head = sorted.filter(inHead);
  const text = sorted.filter((s) => !inHead(s));
  if (text.length === 0 || rowCount(text) > MAX_CARD_LINES) return false;
  const headSize = Math.min(...head.map((s) => s.size));
  const textSize = Math.max(...text.map((s) => s.size));
  const bolder = head.every((s) => s.bold) && !text.every((s) => s.bold);
  if (!bolder && headSize < textSize + HEADING_STEP) return false;
  const words = text.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
  const chars = text.reduce((n, s) => n + s.text.length, 0);
  const digits = text.reduce((n, s) => n + (s.text.match(/\d/g)?.length ?? 0), 0);
  return words >= 3 && digits <= chars * MAX_DIGIT_SHARE;
}

function rowCount(sorted: Segment[]): number {
  let rows = 0;
  let bottom = -Infinity;
  for (const s of sorted) {
    if (s.y0 >= bottom - 0.5 * (s.y1 - s.y0)) rows++;
    bottom = Math.max(bottom, s.y1);
  }
  return rows;
}

/**
 * The cheap test first (most pages have no cards): two rows each hold two heading-like lines side by side (bold or
 * larger than the page's usual size), as the headings of neighbouring cards do (a table's bold header is one row).
 */
function headingsSideBySide(segs: Segment[], bodySize: number): boolean {
  const heads = segs.filter((s) => s.bold || s.size >= bodySize + HEADING_STEP);
  if (heads.length < MIN_CARDS) return false;
  heads.sort((a, b) => a.y0 - b.y0);
  let rows = 0;
  let lastRow = -Infinity;
  for (let i = 0; i < heads.length; i++)
    for (let j = i + 1; j < heads.length && heads[j].y0 < heads[i].y1; j++) {
      const [a, b] = [heads[i], heads[j]];
      const sameLine = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
      if (sameLine && (a.x1 < b.x0 || b.x1 < a.x0) && a.y0 >= lastRow) {
        lastRow = Math.max(a.y1, b.y1);
        if (++rows >= 2) return true;
      }
    }
  return false;
}
