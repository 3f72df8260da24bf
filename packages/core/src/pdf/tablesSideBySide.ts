// Two tables printed side by side with a wide gap between them share their rows' heights, so their cells fall into
// one grid. The gap between them is far wider than any gap between the columns of either table, and the shorter
// table leaves the other's last rows alone on their side.
import type { Segment } from './extractPageText.js';

/** The gap between the tables is at least this many times every other gap between columns. */
const GAP_RATIO = 2.5;
/** ... and at least this many ems of the body size. */
const MIN_GAP_EM = 2;
/** Each table has at least this many columns. */
const MIN_COLUMNS = 2;
/** Share of body rows whose cell must be words (a label column) or a figure (a figure column). */
const LABEL_SHARE = 0.8;

/**
 * Where to cut a table found in `cols` (column intervals) and `cells` (its printed rows, header first) into two
 * tables standing side by side: the x of the middle of the widest gap between columns when it is GAP_RATIO times
 * every other gap and MIN_GAP_EM ems (gaps no cell of `run` enters, see clearGaps), leaves MIN_COLUMNS columns on
 * each side, and some row below the header fills two cells or more on one side and none on the other (one table
 * ended before the other) or both sides start with a label column (see labelsBothSides). Else null.
 */
export function sideBySideCut(
  cols: [number, number][],
  cells: string[][],
  run: Segment[][],
  bodySize: number,
): number | null {
  if (cols.length < MIN_COLUMNS * 2) return null;
  const gaps = clearGaps(cols, run);
  let at = 0;
  for (let k = 1; k < gaps.length; k++) if (gaps[k] > gaps[at]) at = k;
  const k = at + 1;
  if (k < MIN_COLUMNS || cols.length - k < MIN_COLUMNS) return null;
  if (gaps[at] < MIN_GAP_EM * bodySize) return null;
  if (gaps.some((g, j) => j !== at && g * GAP_RATIO > gaps[at])) return null;
  const filled = (row: string[], from: number, to: number) => row.slice(from, to).filter(Boolean).length;
  const alone = cells
    .slice(1)
    .some(
      (row) =>
        (filled(row, 0, k) >= 2 && filled(row, k, row.length) === 0) ||
        (filled(row, k, row.length) >= 2 && filled(row, 0, k) === 0),
    );
  return alone || labelsBothSides(cells, k) ? (cols[k - 1][1] + cols[k][0]) / 2 : null;
}

/**
 * The gap right of each column that no cell enters: from the right end of the column's widest cell to the left end
 * of the next column's leftmost cell, cells of rows with two or more segments placed by their middle. The column
 * intervals end where most rows' text ends, so a ragged label column (labels of one to three words, left-aligned)
 * showed a gutter half as wide as the gap between two tables, and the ratio test failed on most such pairs.
 */
function clearGaps(cols: [number, number][], run: Segment[][]): number[] {
  const lo = cols.map(([a]) => a);
  const hi = cols.map(([, b]) => b);
  for (const row of run) {
    if (row.length < 2) continue;
    for (const s of row) {
      const mid = (s.x0 + s.x1) / 2;
      let c = cols.findIndex(([, b]) => mid <= b);
      if (c < 0) c = cols.length - 1;
      else if (c > 0 && mid < cols[c][0] && mid - cols[c - 1][1] < cols[c][0] - mid) c--;
      lo[c] = Math.min(lo[c], s.x0);
      hi[c] = Math.max(hi[c], s.x1);
    }
  }
  return cols.slice(1).map((_, k) => lo[k + 1] - hi[k]);
}

/**
 * Whether the row spans of a table cut at `cut` all come from the left table ending first: a row whose first cell is
 * empty while others are filled reads as a label spanning sub-rows, but when nothing left of the cut is filled in
 * any such row, it is the right table's rows going on alone, and the cut stands.
 */
export function spansFromLeftEnding(cols: [number, number][], cells: string[][], cut: number): boolean {
  const k = cols.findIndex(([a]) => a > cut);
  return cells
    .slice(1)
    .filter((r) => !r[0] && r.filter(Boolean).length >= 2)
    .every((r) => r.slice(0, k).every((t) => !t));
}

/** A figure cell: digits with signs, separators, currency or percent signs only. */
const FIGURE = /^[-+−–(]?[$€£¥]?\d[\d.,\u00a0 ]*%?\)?$/;

/**
 * Two tables of the same length leave no row alone on one side; what still tells them apart is that each starts
 * with its own column of row labels: the table's first column and the column right of the cut hold words in most
 * body rows, the column left of the cut figures (a single table puts its labels first, not after its figures).
 */
function labelsBothSides(cells: string[][], k: number): boolean {
  const body = cells.slice(1).filter((r) => r.filter(Boolean).length >= 2);
  if (body.length < 2) return false;
  const share = (c: number, words: boolean) =>
    body.filter((r) => r[c] && FIGURE.test(r[c].trim()) !== words).length / body.length;
  return share(0, true) >= LABEL_SHARE && share(k, true) >= LABEL_SHARE && share(k - 1, false) >= LABEL_SHARE;
}
