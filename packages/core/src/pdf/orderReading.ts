// Reading order: split a page into columns where a clear gutter runs down it, recursively (XY-cut style, but
// a column cut is tried first and full-width lines such as titles and wide figures cut across the columns).
import { cellBands } from './cellBands.js';
import type { Segment } from './extractPageText.js';
import { findCardGrid } from './findCardGrid.js';
import { SENTENCE_END } from './layoutLines.js';
import { notesUnderColumns } from './notesUnderColumns.js';
import { rowsAcrossGutter } from './rowsAcrossGutter.js';

/** A gutter must be at least this many ems of the body size wide. */
const MIN_GUTTER_EM = 0.5;
/** Segments wider than this share of the region are spanning lines, not column lines. */
const WIDE_SHARE = 0.6;
/** A gutter may be crossed by this share of the segments (centred titles, a stray label) and still count. */
const GUTTER_CROSSING_SHARE = 0.04;
/** A column has at least this many lines on each side, else the "gutter" is just a gap in a row. */
const MIN_COLUMN_LINES = 3;
/** Column text is prose: lines fill most of the column and are long; table cells are short. */
const MIN_COLUMN_FILL = 0.65;
/** Share of a column's characters that sit in full lines. */
const MIN_FULL_CHARS = 0.4;
const MIN_COLUMN_CHARS = 14;
/** Recursion depth of the cuts. */
const MAX_DEPTH = 6;
/** An empty horizontal gap this many ems tall may separate a full-width stretch from a column stretch. */
const MIN_CUT_GAP_EM = 0.8;
/** Gutters hug neither edge of the region. */
const EDGE_MARGIN = 0.12;
/** Gutter candidates tried per region (widest first), and how many columns deep a side may itself hold columns. */
const MAX_GUTTER_TRIES = 4;
const MAX_NESTED_COLUMNS = 3;

/** Order segments into leaves: each leaf is one column stretch, its segments sorted top to bottom, left to right. */
export function orderReading(segments: Segment[], bodySize: number): Segment[][] {
  const leaves: Segment[][] = [];
  split(segments, bodySize, leaves, 0);
  return leaves;
}

function split(segs: Segment[], bodySize: number, out: Segment[][], depth: number): void {
  if (segs.length === 0) return;
  // A grid of cards reads card by card, row by row (their short columns show no gutter; their rows align like a
  // table's). Looked for across the whole page only, not inside its columns and stretches (cost).
  const grid = depth === 0 ? findCardGrid(segs, bodySize) : null;
  if (grid) {
    split(grid.before, bodySize, out, depth + 1);
    for (const card of grid.cards) out.push(sortRows(card));
    split(grid.after, bodySize, out, depth + 1);
    return;
  }
  const gutter = depth < MAX_DEPTH ? findGutter(segs, bodySize) : null;
  if (!gutter) {
    // No gutter runs the region's full height (a title or a closing paragraph crosses it): cut across first, at
    // empty horizontal gaps, and read each stretch on its own when one of them has columns.
    const stretches = depth < MAX_DEPTH ? horizontalStretches(segs, bodySize) : [];
    if (stretches.length > 1) {
      for (const stretch of stretches) split(stretch, bodySize, out, depth + 1);
      return;
    }
    out.push(sortRows(segs));
    return;
  }
  // Columns over a full-width table (or under one): the table's cell gaps may line up with the gutter, but its
  // rows belong together; cut across first where a table stretch meets column text (rows of short cells on both
  // sides of the gutter, then tables of three cells a row set apart by an empty gap).
  if (depth < MAX_DEPTH && splitCellBands(segs, gutter, bodySize, out, depth)) return;
  const apart = depth < MAX_DEPTH ? horizontalStretches(segs, bodySize, true) : [];
  if (apart.length > 1) {
    for (const stretch of apart) split(stretch, bodySize, out, depth + 1);
    return;
  }
  const [g0, g1] = gutter;
  // A grid of cards reads row by row: a gap across the whole region, clearly taller than any gap inside the columns,
  // cuts first (a paragraph gap that happens to line up in two columns of an article is no taller than the others).
  const gridRows = depth < MAX_DEPTH ? cardRows(segs, (g0 + g1) / 2, bodySize) : [];
  if (gridRows.length > 1) {
    splitCardRows(gridRows, gutter, bodySize, out, depth);
    return;
  }
  splitAtGutter(segs, gutter, bodySize, out, depth);
}

/** Stage `cellBands` in the cut: reads each stretch of the region on its own; false when nothing was cut. */
function splitCellBands(
  segs: Segment[],
  gutter: [number, number],
  bodySize: number,
  out: Segment[][],
  depth: number,
): boolean {
  const bands = cellBands(segs, gutter, bodySize, { groupRows, readsAsColumns: columnsOf(bodySize, gutter) });
  if (!bands) return false;
  // Text between bands keeps the region's gutter when it is too short to show one of its own (three lines a column
  // under a table).
  for (const piece of bands)
    if (piece.band || findGutter(piece.segs, bodySize)) split(piece.segs, bodySize, out, depth + 1);
    else splitAtGutter(piece.segs, gutter, bodySize, out, depth + 1);
  return true;
}

/**
 * A piece of a region reads as columns: it has a gutter, and its sides are not the wrapped cells of table rows. Lines
 * across the region's gutter (a title over short columns) are left out of the search: in columns only a few lines
 * tall such a title is too large a share of the lines for a gutter to be found through it.
 */
function columnsOf(bodySize: number, [r0, r1]: [number, number]): (segs: Segment[]) => boolean {
  return (piece) => {
    const segs = piece.filter((s) => !(s.x0 < r0 && s.x1 > r1));
    const gutter = findGutter(segs, bodySize);
    if (!gutter) return false;
    const [g0, g1] = gutter;
    // (Lines that cross the gutter, a title or a full-width paragraph, belong to neither side.)
    const side = segs.filter((s) => !(s.x0 < g0 && s.x1 > g1));
    const left = side.filter((s) => (s.x0 + s.x1) / 2 < (g0 + g1) / 2);
    const right = side.filter((s) => (s.x0 + s.x1) / 2 >= (g0 + g1) / 2);
    return !rowsAcrossGutter(left, right, bodySize);
  };
}

/**
 * A row of cards is too short to show a gutter of its own: it reads left card, then right card, at the region's
 * gutter (a full-width band, such as an intro, is split on its own).
 */
function splitCardRows(
  gridRows: Segment[][],
  [g0, g1]: [number, number],
  bodySize: number,
  out: Segment[][],
  depth: number,
): void {
  for (const band of gridRows) {
    const crossed = band.some((s) => s.x0 < g0 && s.x1 > g1);
    const left = band.filter((s) => (s.x0 + s.x1) / 2 < (g0 + g1) / 2);
    const right = band.filter((s) => (s.x0 + s.x1) / 2 >= (g0 + g1) / 2);
    if (crossed) split(band, bodySize, out, depth + 1);
    // A table whose cells wrap, set apart from the text above and below it, is such a band too: its rows line up
    // across the gutter (cards start their lines at unrelated heights), and it stays one leaf, as in splitAtGutter.
    else if (rowsAcrossGutter(left, right, bodySize)) out.push(sortRows(band));
    else for (const side of [left, right]) split(side, bodySize, out, depth + 1);
  }
}

/** The region read around its gutter: sections between lines that span it, each left column then right column. */
function splitAtGutter(
  segs: Segment[],
  gutter: [number, number],
  bodySize: number,
  out: Segment[][],
  depth: number,
): void {
  const [g0, g1] = gutter;
  const spanning = segs.filter((s) => s.x0 < g0 && s.x1 > g1).sort((a, b) => a.y0 - b.y0);
  const rest = segs.filter((s) => !(s.x0 < g0 && s.x1 > g1));
  // Spanning lines cut the page into horizontal sections; each section reads left column then right column.
  // Consecutive spanning lines with no column text between them (a wide title, a wide paragraph) stay one leaf.
  let from = -Infinity;
  let pendingSpan: Segment[] = [];
  const section = (until: number) => rest.filter((s) => (s.y0 + s.y1) / 2 >= from && (s.y0 + s.y1) / 2 < until);
  const emitSection = (inSection: Segment[]) => {
    const mid = (g0 + g1) / 2;
    const sides = notesUnderColumns(
      inSection.filter((s) => (s.x0 + s.x1) / 2 < mid),
      inSection.filter((s) => (s.x0 + s.x1) / 2 >= mid),
      bodySize,
    );
    // Table rows whose cells wrap stay one leaf: the table is found in its rows, not read column by column.
    if (rowsAcrossGutter(sides.left, sides.right, bodySize)) {
      out.push(sortRows(inSection));
      return;
    }
    split(sides.left, bodySize, out, depth + 1);
    split(sides.right, bodySize, out, depth + 1);
    if (sides.notes.length) out.push(sortRows(sides.notes));
  };
  for (const s of spanning) {
    const until = (s.y0 + s.y1) / 2;
    const inSection = section(until);
    if (inSection.length > 0) {
      if (pendingSpan.length) out.push(sortRows(pendingSpan));
      pendingSpan = [];
      emitSection(inSection);
    }
    pendingSpan.push(s);
    from = until;
  }
  if (pendingSpan.length) out.push(sortRows(pendingSpan));
  emitSection(section(Infinity));
}

/**
 * Cuts the region at empty horizontal gaps into stretches, then joins neighbours back unless one side has columns the
 * other lacks: returns one stretch per change between column and full-width layout, or [] when nothing changes.
 */
function horizontalStretches(segs: Segment[], bodySize: number, tablesApart = false): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.y0 - b.y0);
  const bands: Segment[][] = [];
  let band: Segment[] = [];
  let bottom = -Infinity;
  for (const s of sorted) {
    if (band.length && s.y0 - bottom >= MIN_CUT_GAP_EM * bodySize) {
      bands.push(band);
      band = [];
    }
    band.push(s);
    bottom = Math.max(bottom, s.y1);
  }
  if (band.length) bands.push(band);
  if (bands.length < 2) return [];
  const tables = tablesApart ? bands.map((b) => tableLike(b)) : bands.map(() => false);
  if (tablesApart && !tables.some(Boolean)) return [];
  // Most regions without a gutter are plain single-column text: no stretch of it has columns either.
  const bandColumns = bands.map((b, i) => !tables[i] && findGutter(b, bodySize) !== null);
  if (!bandColumns.some(Boolean)) return [];
  const groups: { segs: Segment[]; columns: boolean; table: boolean }[] = [];
  for (const [i, b] of bands.entries()) {
    const last = groups[groups.length - 1];
    if (last) {
      const joined = [...last.segs, ...b];
      const columns = !tables[i] && !last.table && findGutter(joined, bodySize) !== null;
      if (columns || (!last.columns && !bandColumns[i])) {
        last.segs = joined;
        last.columns = columns;
        last.table ||= tables[i];
        continue;
      }
    }
    groups.push({ segs: b, columns: bandColumns[i], table: tables[i] });
  }
  return groups.length > 1 && groups.some((g) => g.columns) ? groups.map((g) => g.segs) : [];
}

/** A table stretch: most rows hold three cells or more, and its cells are short against the stretch's width. */
const TABLE_ROW_CELLS = 3;
const TABLE_CELL_SHARE = 0.2;

function tableLike(band: Segment[]): boolean {
  const rows = groupRows(band);
  if (rows.length < 2) return false;
  const cellRows = rows.filter((r) => r.length >= TABLE_ROW_CELLS).length;
  if (cellRows * 2 < rows.length) return false;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const s of band) {
    x0 = Math.min(x0, s.x0);
    x1 = Math.max(x1, s.x1);
  }
  const widths = band.map((s) => s.x1 - s.x0).sort((a, b) => a - b);
  return widths[Math.floor(widths.length / 2)] < (x1 - x0) * TABLE_CELL_SHARE;
}

/** Gap across the whole region, in times the tallest gap inside a column, that separates rows of cards. */
const CARD_ROW_GAP = 1.5;

/**
 * The gaps that cut rows of cards stand at least this many ems taller than the band gaps left uncut. Rows of cards
 * share one gap; the padded rows of a table whose cells wrap stand apart by gaps that differ by a pixel's snapping
 * (0.7 pt): a threshold falling inside them cut the table at its taller row gaps, and the rows read as cards.
 */
const CARD_GAP_STEP_EM = 0.25;

/**
 * The smallest gap at or above `need` that stands `step` clear of every gap below it (the cut gaps and the uncut ones
 * fall into two groups), or Infinity when none does.
 */
function clearOfUncut(gaps: number[], need: number, step: number): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  let below = -Infinity;
  for (const g of sorted) {
    if (g >= need && g - below >= step) return g;
    below = g;
  }
  return Infinity;
}

/** Horizontal bands of a region with columns, cut at full-width gaps taller than every gap inside a column. */
function cardRows(segs: Segment[], mid: number, bodySize: number): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.y0 - b.y0);
  const bands: Segment[][] = [];
  const gaps: number[] = [];
  let band: Segment[] = [];
  let bottom = -Infinity;
  for (const s of sorted) {
    if (band.length && s.y0 - bottom >= MIN_CUT_GAP_EM * bodySize) {
      bands.push(band);
      gaps.push(s.y0 - bottom);
      band = [];
    }
    band.push(s);
    bottom = Math.max(bottom, s.y1);
  }
  if (band.length) bands.push(band);
  if (bands.length < 2) return [];
  // The tallest gap between consecutive lines inside one column of one band.
  let inner = 0;
  for (const b of bands)
    for (const side of [b.filter((s) => (s.x0 + s.x1) / 2 < mid), b.filter((s) => (s.x0 + s.x1) / 2 >= mid)]) {
      let last = -Infinity;
      for (const s of side) {
        if (last > -Infinity) inner = Math.max(inner, s.y0 - last);
        last = Math.max(last, s.y1);
      }
    }
  const need = clearOfUncut(gaps, Math.max(CARD_ROW_GAP * inner, inner + bodySize), CARD_GAP_STEP_EM * bodySize);
  const out: Segment[][] = [bands[0]];
  gaps.forEach((g, i) => {
    if (g >= need) out.push(bands[i + 1]);
    else out[out.length - 1] = out[out.length - 1].concat(bands[i + 1]);
  });
  // Every row of cards has text on both sides of the gutter (a full-width intro above the cards reaches both).
  const twoSided = (b: Segment[]) => b.some((s) => s.x0 < mid) && b.some((s) => s.x1 > mid);
  return out.length > 1 && out.every(twoSided) ? out : [];
}

function findGutter(segs: Segment[], bodySize: number, nested = 0): [number, number] | null {
  let rx0 = Infinity;
  let rx1 = -Infinity;
  for (const s of segs) {
    if (s.x0 < rx0) rx0 = s.x0;
    if (s.x1 > rx1) rx1 = s.x1;
  }
  const width = rx1 - rx0;
  if (width <= 0 || segs.length < MIN_COLUMN_LINES * 2) return null;
  const narrow = segs.filter((s) => s.x1 - s.x0 < width * WIDE_SHARE);
  if (narrow.length < MIN_COLUMN_LINES * 2) return null;
  // Coverage of every 1-point slice of the region by narrow segments.
  const bins = Math.ceil(width) + 1;
  // (Counted as +1 where a segment starts and -1 where it ends, summed left to right: one pass over the bins
  // instead of one per segment and point; this runs for every region and every side tried.)
  const cover = new Uint16Array(bins);
  for (const s of narrow) {
    const a = Math.max(0, Math.floor(s.x0 - rx0));
    const b = Math.min(bins - 1, Math.ceil(s.x1 - rx0));
    if (a >= b) continue;
    cover[a]++;
    cover[b]--;
  }
  for (let x = 1; x < bins; x++) cover[x] += cover[x - 1];
  const allowed = Math.floor(narrow.length * GUTTER_CROSSING_SHARE);
  const minGutter = Math.max(4, MIN_GUTTER_EM * bodySize);
  const candidates: [number, number][] = [];
  let x = Math.floor(width * EDGE_MARGIN);
  const end = Math.ceil(width * (1 - EDGE_MARGIN));
  while (x < end) {
    if (cover[x] > allowed) {
      x++;
      continue;
    }
    let y = x;
    while (y < bins && cover[y] <= allowed) y++;
    if (y - x >= minGutter) candidates.push([x, y]);
    x = y;
  }
  // Widest gutter first. With three or more columns one side of a gutter holds several columns: it counts when it
  // has a gutter of its own (its lines are too short for one column of that width).
  candidates.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  const sideOk = (side: Segment[]) =>
    columnLike(side) || (nested < MAX_NESTED_COLUMNS && findGutter(side, bodySize, nested + 1) !== null);
  for (const [c0, c1] of candidates.slice(0, MAX_GUTTER_TRIES)) {
    const g0 = rx0 + c0;
    const g1 = rx0 + c1;
    const left = segs.filter((s) => s.x1 <= g0 + 1);
    const right = segs.filter((s) => s.x0 >= g1 - 1);
    if (sideOk(left) && sideOk(right)) return [g0, g1];
  }
  // Edges right after an empty channel were judged above as that channel.
  const tried = candidates.map(([, c1]) => rx0 + c1);
  return alignedGutter(segs, narrow, rx0, width, bodySize, sideOk, tried);
}

/** Lines of a column may run this many ems past the left edge of the next column's lines (a tight gutter). */
const OVERFLOW_EM = 1.5;

/**
 * A gutter too tight for an empty channel: the left column's ragged or overflowing lines end at, or a little past,
 * the place where the next column's lines all start. The shared left edge of several lines marks the column; the
 * returned gutter runs from that edge to the farthest overflow allowed, so overflowing lines stay in their column
 * and only lines that reach well into the next column count as spanning.
 */
function alignedGutter(
  segs: Segment[],
  narrow: Segment[],
  rx0: number,
  width: number,
  bodySize: number,
  sideOk: (side: Segment[]) => boolean,
  tried: number[],
): [number, number] | null {
  const starts = new Map<number, number>();
  for (const s of narrow) starts.set(Math.round(s.x0), (starts.get(Math.round(s.x0)) ?? 0) + 1);
  const lo = rx0 + width * EDGE_MARGIN;
  const hi = rx0 + width * (1 - EDGE_MARGIN);
  const edges: [number, number][] = [];
  for (const x of starts.keys()) {
    if (x < lo || x > hi || tried.some((t) => Math.abs(t - x) <= 2)) continue;
    const n = (starts.get(x - 1) ?? 0) + (starts.get(x) ?? 0) + (starts.get(x + 1) ?? 0);
    if (n >= MIN_COLUMN_LINES) edges.push([x, n]);
  }
  edges.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const slack = OVERFLOW_EM * bodySize;
  const allowed = Math.floor(narrow.length * GUTTER_CROSSING_SHARE);
  for (const [x] of edges.slice(0, MAX_GUTTER_TRIES)) {
    const edge = x - 1;
    const left = segs.filter((s) => s.x0 < edge && s.x1 <= edge + slack);
    const right = segs.filter((s) => s.x0 >= edge);
    const crossing = narrow.filter((s) => s.x0 < edge && s.x1 > edge + slack).length;
    if (crossing <= allowed && sideOk(left) && sideOk(right)) return [edge, edge + slack];
  }
  return null;
}

function columnLike(segs: Segment[]): boolean {
  const text = segs.filter((s) => !s.figure);
  if (text.length < MIN_COLUMN_LINES) return false;
  // The column's extent without outliers (a page number in the margin must not widen it).
  // (Typed arrays sort numbers without a comparator call: this runs for every side of every gutter tried.)
  const x0s = new Float64Array(text.length);
  const x1s = new Float64Array(text.length);
  for (let i = 0; i < text.length; i++) {
    x0s[i] = text[i].x0;
    x1s[i] = text[i].x1;
  }
  x0s.sort();
  x1s.sort();
  const x0 = x0s[Math.floor(x0s.length * 0.1)];
  const x1 = x1s[Math.ceil(x1s.length * 0.9) - 1];
  const width = x1 - x0;
  if (width <= 0) return false;
  // Prose fills its column: enough full lines, carrying much of the side's text (a table or figure inside the
  // column may add short cells, which must not veto the column).
  const full = text.filter((s) => (s.x1 - s.x0) / width >= MIN_COLUMN_FILL && s.text.length >= MIN_COLUMN_CHARS);
  const chars = text.reduce((n, s) => n + s.text.length, 0);
  const fullChars = full.reduce((n, s) => n + s.text.length, 0);
  if (fullChars < chars * MIN_FULL_CHARS) return false;
  if (full.length >= MIN_COLUMN_LINES) return true;
  if (full.length !== MIN_COLUMN_LINES - 1) return false;
  // A column only three lines tall (over a table, under a title) ends its paragraph in a short last line: the
  // lines above it fill the column.
  if (text.length === MIN_COLUMN_LINES) {
    const last = text.reduce((a, b) => (b.y0 > a.y0 ? b : a));
    return !full.includes(last);
  }
  return shortProseColumn(text, full);
}

/**
 * A short column of prose counted by printed rows, not segments: a note mark set as a superscript splits its line
 * into pieces ("rivet", "1", "."), so a three-line column under a title came to five segments and was no column (its
 * lines were read across the gutter, interleaved with the other column's). Two full rows, and every other row ends a
 * sentence (a paragraph's short last line) or is the column's last.
 */
function shortProseColumn(text: Segment[], full: Segment[]): boolean {
  const rows = groupRows(text);
  if (rows.length < MIN_COLUMN_LINES) return false;
  return rows.every((row, i) => {
    if (i === rows.length - 1 || row.some((s) => full.includes(s))) return true;
    return SENTENCE_END.test(row[row.length - 1].text.trim());
  });
}

/**
 * Top to bottom by rows (segments overlapping vertically by half their height share a row), left to right inside a row.
 */
export function sortRows(segs: Segment[]): Segment[] {
  return groupRows(segs).flat();
}

export function groupRows(segs: Segment[]): Segment[][] {
  const sorted = [...segs].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Segment[][] = [];
  let row: Segment[] = [];
  let rowY0 = 0;
  let rowY1 = 0;
  for (const s of sorted) {
    const h = Math.min(s.y1 - s.y0, rowY1 - rowY0);
    const overlap = Math.min(s.y1, rowY1) - Math.max(s.y0, rowY0);
    if (row.length > 0 && overlap >= h * 0.5) {
      row.push(s);
      rowY0 = Math.min(rowY0, s.y0);
      rowY1 = Math.max(rowY1, s.y1);
    } else {
      if (row.length) rows.push(row.sort((a, b) => a.x0 - b.x0));
      row = [s];
      rowY0 = s.y0;
      rowY1 = s.y1;
    }
  }
  if (row.length) rows.push(row.sort((a, b) => a.x0 - b.x0));
  return rows;
}
