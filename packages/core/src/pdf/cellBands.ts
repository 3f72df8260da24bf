// A full-width table between (or under, or over) two columns of prose: its cells sit left and right of the columns'
// gutter, so reading around the gutter put the table's first column after the left column's text and its other
// columns after the right column's, and the table was lost. Where the layout changes from columns to a table, the
// table's rows are all short cells on both sides of the gutter, where a row of columns holds at least one line that
// fills its column. Found by rows, not by the empty gap above the table (a table set 8 pt under 12-pt columns leaves
// less than the cut gap) nor by cells per row (a two-column table has two cells a row, like two column lines).
import type { Segment } from './extractPageText.js';

/** A cell fills less than this share of its side of the gutter (prose fills 0.65 or more, see `columnLike`). */
const CELL_SHARE = 0.5;
/** A band holds at least this many rows (a header and two rows): fewer may be two short last lines side by side. */
const MIN_BAND_ROWS = 3;
/** The cells of one table row start within this many ems of each other across the gutter. */
const SAME_TOP_EM = 0.2;
const WORDY = /[\p{L}\p{N}]/u;
/** A band's first row closer than this share of its gap to the next row under the text above belongs to the text. */
const CLOSER_SHARE = 0.5;

export interface CellBandHelpers {
  groupRows: (segs: Segment[]) => Segment[][];
  /** The piece reads as columns of prose (a gutter, and not the wrapped cells of a table). */
  readsAsColumns: (segs: Segment[]) => boolean;
}

/**
 * Stage `cellBands`: the region cut, top to bottom, into runs of table rows (`band`) and the text between them, or null when
 * no run of at least three rows of short cells on both sides of the gutter meets text that reads as columns. Why: a
 * table whose column edges line up with the gutter is split by it (or, with its rows lined up across the gutter, makes
 * the whole section look like one wrapped table); cut apart first, each stretch reads on its own.
 */
export function cellBands(
  segs: Segment[],
  [g0, g1]: [number, number],
  bodySize: number,
  helpers: CellBandHelpers,
): { segs: Segment[]; band: boolean }[] | null {
  // A side's column width is its longest line that stays on that side: a prose line filling the column. (Measured
  // against the side's own lines, not the space up to the gutter: the wrapped cells of a table are as long as the
  // longest lines of their side, so a table alone never looks like short cells beside a column.)
  const mid = (g0 + g1) / 2;
  let leftWidth = 0;
  let rightWidth = 0;
  for (const s of segs) {
    if (s.figure || (s.x0 < g0 && s.x1 > g1)) continue;
    if ((s.x0 + s.x1) / 2 < mid) leftWidth = Math.max(leftWidth, s.x1 - s.x0);
    else rightWidth = Math.max(rightWidth, s.x1 - s.x0);
  }
  if (leftWidth <= bodySize || rightWidth <= bodySize) return null;
  const cellRow = (row: Segment[]) => isCellRow(row, [g0, g1], leftWidth, rightWidth, SAME_TOP_EM * bodySize);
  const rows = helpers.groupRows(segs);
  const pieces: { segs: Segment[]; band: boolean }[] = [];
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j < rows.length && cellRow(rows[j])) j++;
    if (lastLinesAbove(rows, i, j, pieces)) i++;
    const band = j - i >= MIN_BAND_ROWS;
    if (j === i) j++;
    const run = rows.slice(i, j).flat();
    const last = pieces[pieces.length - 1];
    if (last && !last.band && !band) last.segs.push(...run);
    else pieces.push({ segs: run, band });
    i = j;
  }
  if (!pieces.some((p) => p.band) || pieces.length < 2) return null;
  // Only text that reads as columns is cut from the band: the rows above or below a band may be the same table's
  // wrapped rows (their cells fill their slots like column lines).
  if (!pieces.some((p) => !p.band && helpers.readsAsColumns(p.segs))) return null;
  return pieces;
}

/**
 * The short last lines of two columns stand side by side like cells: when the band's first row `rows[i]` sits closer
 * under the text above than over its next row, it goes to that text (the last piece) and true is returned. The run
 * of cell rows is rows [i, j).
 */
function lastLinesAbove(rows: Segment[][], i: number, j: number, pieces: { segs: Segment[]; band: boolean }[]) {
  const last = pieces[pieces.length - 1];
  // (Only where the band keeps its MIN_BAND_ROWS rows without it.)
  if (j - i <= MIN_BAND_ROWS || i === 0 || !last || last.band || !closerAbove(rows[i - 1], rows[i], rows[i + 1]))
    return false;
  last.segs.push(...rows[i]);
  return true;
}

/**
 * A row that sits clearly closer under the row above than over the row below (half the gap or less): the last lines
 * of two columns of prose, set a line gap under their columns and a table's margin over its first row. Table rows
 * stand at their padded pitch from each other.
 */
function closerAbove(above: Segment[], row: Segment[], below: Segment[]): boolean {
  const top = (r: Segment[]) => Math.min(...r.map((s) => s.y0));
  const bottom = (r: Segment[]) => Math.max(...r.map((s) => s.y1));
  return top(row) - bottom(above) <= (top(below) - bottom(row)) * CLOSER_SHARE;
}

/** A row of short cells on both sides of the gutter, starting on one line across it. */
function isCellRow(
  row: Segment[],
  [g0, g1]: [number, number],
  leftWidth: number,
  rightWidth: number,
  tol: number,
): boolean {
  if (row.length < 2) return false;
  const mid = (g0 + g1) / 2;
  const leftTops: number[] = [];
  const rightTops: number[] = [];
  let left = false;
  let right = false;
  for (const s of row) {
    if (s.figure) return false;
    // A header cell centred over the gutter crosses it: short against either side, it is still a cell.
    const crosses = s.x0 < g0 && s.x1 > g1;
    const onLeft = crosses || (s.x0 + s.x1) / 2 < mid;
    const onRight = crosses || !onLeft;
    const side = crosses ? Math.min(leftWidth, rightWidth) : onLeft ? leftWidth : rightWidth;
    if (s.x1 - s.x0 >= side * CELL_SHARE) return false;
    // A side by where the cell stands, not by the gutter's middle: a gutter found at the table's own column edge
    // (the right column's cells start a little left of the prose beside them) has its middle inside those cells.
    left ||= crosses || s.x1 <= g1;
    right ||= crosses || s.x0 >= g0;
    // (Only cells with a letter or digit: a bullet's glyph box, set in a symbol font, sits at its own height.)
    if (!WORDY.test(s.text)) continue;
    if (onLeft) leftTops.push(s.y0);
    if (onRight) rightTops.push(s.y0);
  }
  // A table's row sets its cells on one line across the gutter; a list in one column beside a table in the other
  // lines up with the table's rows only roughly (a questionnaire's answer list beside a table, 0.3 em apart).
  return left && right && leftTops.some((a) => rightTops.some((b) => Math.abs(a - b) <= tol));
}
