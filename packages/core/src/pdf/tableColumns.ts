// Table step 1 (after findTable.ts has fixed a run of rows): the column geometry. tableColumns finds the columns as
// whitespace channels (nearly) every full row leaves empty, physicalCells drops each printed row's segments into
// them, labelSpan finds the columns a spanning label heads. Input: rows of segments; output: [x0, x1] intervals and
// per-row cell texts, not yet joined across lines (tableCells.ts does that).
import type { Segment } from './extractPageText.js';
import { segmentMarkdown } from './layoutLines.js';

/**
 * Gutters between table columns: at least this wide (ems), crossed by at most this share of rows (spanning headers).
 */
const TABLE_GUTTER_EM = 0.5;
const TABLE_GUTTER_CROSSING = 0.2;

const MAX_TABLE_COLUMNS = 40;

/** Column intervals of a run of rows: whitespace channels that (nearly) every row leaves empty. */
export function tableColumns(run: Segment[][], bodySize: number): [number, number][] | null {
  const x0 = Math.min(...run.flat().map((s) => s.x0));
  const x1 = Math.max(...run.flat().map((s) => s.x1));
  const width = Math.ceil(x1 - x0) + 1;
  if (width <= 1) return null;
  // cover[x]: how many rows have text at x (a row counts once even where its segments overlap). Rows of one cell
  // (section labels across the columns, further lines of multi-line cells) neither make nor block a gutter.
  const cover = new Uint16Array(width);
  const multi = run.filter((row) => row.length >= 2);
  for (const row of multi) markRowRuns(cover, row, x0);
  for (let x = 1; x < width; x++) cover[x] += cover[x - 1];
  const allowed = Math.floor(multi.length * TABLE_GUTTER_CROSSING);
  const minGutter = Math.max(2, TABLE_GUTTER_EM * bodySize);
  const cols: [number, number][] = [];
  let colStart = 0;
  let x = 0;
  while (x < width) {
    if (cover[x] > allowed) {
      x++;
      continue;
    }
    let y = x;
    while (y < width && cover[y] <= allowed) y++;
    if (y - x >= minGutter && x > 0 && y < width) {
      // A sparse column (filled in few rows) inside the low-cover stretch: its cells lie wholly within it.
      const inner = sparseColumn(multi, x0 + x, x0 + y, minGutter);
      cols.push([x0 + colStart, x0 + x]);
      if (inner) cols.push(inner);
      colStart = y;
    }
    x = y;
  }
  cols.push([x0 + colStart, x1]);
  return cols.length <= MAX_TABLE_COLUMNS ? cols : null;
}

/**
 * The extent of the segments lying wholly inside a low-cover stretch [a, b) of a table, when a gutter at least
 * `minGutter` wide is left on both sides: a column filled in too few rows to stand out, not text crossing a gutter.
 * It must hold cells of two rows, one of them below the first two (group labels centred over a gutter between their
 * sub-columns sit in the header rows only).
 */
function sparseColumn(rows: Segment[][], a: number, b: number, minGutter: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  let filled = 0;
  let below = false;
  rows.forEach((row, r) => {
    const inside = row.filter((s) => s.x0 >= a && s.x1 <= b);
    if (inside.length === 0) return;
    filled++;
    if (r >= 2) below = true;
    for (const s of inside) {
      lo = Math.min(lo, s.x0);
      hi = Math.max(hi, s.x1);
    }
  });
  if (filled < 2 || !below) return null;
  return lo - a >= minGutter && b - hi >= minGutter ? [lo, hi] : null;
}

/**
 * Marks the points a row's text covers, each point once however many of the row's segments overlap there, as +1 where
 * a covered stretch starts and -1 where it ends (`cover` summed left to right afterwards gives how many rows cover each
 * point; point 0 is page x `x0`). One pass over the row's merged stretches instead of one per segment and point.
 */
export function markRowRuns(cover: Uint16Array, row: Segment[], x0: number): void {
  const width = cover.length;
  const spans: [number, number][] = [];
  for (const s of row) {
    const a = Math.max(0, Math.floor(s.x0 - x0));
    const b = Math.min(width, Math.ceil(s.x1 - x0));
    if (a < b) spans.push([a, b]);
  }
  spans.sort((p, q) => p[0] - q[0]);
  const mark = (a: number, b: number) => {
    cover[a]++;
    if (b < width) cover[b]--;
  };
  let [a, b] = spans[0] ?? [0, 0];
  for (const [c, d] of spans.slice(1)) {
    if (c <= b) b = Math.max(b, d);
    else {
      mark(a, b);
      [a, b] = [c, d];
    }
  }
  if (a < b) mark(a, b);
}

/** Each printed row's text per column (a row's segments joined by column; cells not yet joined across lines). */
export function physicalCells(run: Segment[][], cols: [number, number][]): string[][] {
  return run.map((r) => {
    const cellTexts: string[] = cols.map(() => '');
    for (const s of r) {
      // A one-cell row across a gutter (a section label) belongs to the column it starts in.
      const x = r.length === 1 && crossesGutter(cols, s) ? s.x0 : (s.x0 + s.x1) / 2;
      let c = cols.findIndex(([a, b]) => x >= a && x <= b);
      if (c < 0) c = nearestColumn(cols, x);
      cellTexts[c] = cellTexts[c] ? `${cellTexts[c]} ${segmentMarkdown(s)}` : segmentMarkdown(s);
    }
    return cellTexts;
  });
}

/**
 * The columns a spanning label heads: the run of columns whose joint extent holds the label and whose centre is
 * nearest the label's (group labels are centred over, or start at, their span).
 */
export function labelSpan(cols: [number, number][], s: Segment): [number, number] {
  const em = s.size || 10;
  const cx = (s.x0 + s.x1) / 2;
  // Narrowest span first: a label centred over two middle columns is often centred over the whole table too.
  for (let width = 0; width < cols.length; width++)
    for (let a = 0; a + width < cols.length; a++) {
      const b = a + width;
      if (cols[a][0] - em > s.x0 || cols[b][1] + em < s.x1) continue;
      if (Math.abs(cx - (cols[a][0] + cols[b][1]) / 2) <= em || Math.abs(s.x0 - cols[a][0]) <= em / 2) return [a, b];
    }
  const c = nearestColumn(cols, cx);
  return [c, c];
}

/** The segment reaches over a gutter between two columns. */
function crossesGutter(cols: [number, number][], s: Segment): boolean {
  return cols.some(([, b], i) => i + 1 < cols.length && s.x0 < b && s.x1 > cols[i + 1][0]);
}

export function nearestColumn(cols: [number, number][], x: number): number {
  let best = 0;
  let dist = Infinity;
  cols.forEach(([a, b], i) => {
    const d = x < a ? a - x : x - b;
    if (d < dist) [dist, best] = [d, i];
  });
  return best;
}
