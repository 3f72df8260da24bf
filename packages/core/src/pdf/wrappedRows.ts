// Rows of a table whose every cell wraps: the further lines fill the same cells as the row's first line, so the
// "fills fewer cells" test of a cell's further lines cannot see them. Their gap can: inside a row, lines stand a
// line gap apart; between rows, the cells' padding (or a rule) adds to it.
import type { Segment } from './extractPageText.js';

/**
 * The gaps between rows must split into two groups this many ems apart. A row gap exceeds a line gap by twice the
 * cells' padding, set in points (2 pt is common), less the scatter of glyph boxes (~0.8 pt): about 3.2 pt, which at
 * 12 pt is 0.27 em, so 0.25 em left 12-pt tables with 2-pt padding on the edge (read row by row, line by line).
 */
const GROUP_GAP_EM = 0.2;
/**
 * The same for OCR'd rows: word boxes read from pixels scatter more than a text layer's glyph boxes, and at 0.2 em
 * the rows of a scanned table (one line each) split into two groups and were joined as one row's lines.
 */
const OCR_GROUP_GAP_EM = 0.25;
/** A wrapped last row's further line stands this many ems closer under the line above than the rows stand apart. */
const ROW_GAP_EM = 0.25;
/** Gaps of the taller group (row gaps) below the header row the table must show, so a lone header gap is not it. */
const MIN_ROW_GAPS = 2;
/** A wrapped cell's further lines start at its left edge, within this many points. */
const LAST_LINE_ALIGN = 1;
/** At most this many further lines of one cell in a table's last row. */
const MAX_LAST_ROW_LINES = 10;

/**
 * The indices of the rows of `run` set a line gap under the row above, when the run's gaps fall into two groups (the
 * tighter one at most a line gap, the taller one ≥ GROUP_GAP_EM ems more, seen at least twice below the header row).
 * A table whose rows are single lines has one group (all rows one row gap apart) and gives none.
 */
export function lineGapRows(run: Segment[][], size: number): Set<number> {
  const out = new Set<number>();
  const gaps: number[] = [Number.NaN];
  for (let r = 1; r < run.length; r++)
    gaps.push(Math.min(...run[r].map((s) => s.y0)) - Math.max(...run[r - 1].map((s) => s.y1)));
  const sorted = gaps.slice(1).sort((a, b) => a - b);
  let jump = 0;
  let at = -1;
  for (let k = 1; k < sorted.length; k++)
    if (sorted[k] - sorted[k - 1] > jump) {
      jump = sorted[k] - sorted[k - 1];
      at = k;
    }
  const em = run.some((r) => r.some((s) => s.source === 'ocr')) ? OCR_GROUP_GAP_EM : GROUP_GAP_EM;
  if (at < 0 || jump < em * size) return out;
  const lower = sorted[at - 1];
  const rowGaps = gaps.filter((g, r) => r >= 2 && g > lower).length;
  if (rowGaps < MIN_ROW_GAPS) return out;
  gaps.forEach((g, r) => {
    if (r >= 1 && g <= lower) out.add(r);
  });
  return out;
}

/**
 * Where a table's last row ends when one of its cells wraps onto further lines after it (no full row follows, so
 * the "one-cell rows up to the next full row" rule of buildBlocks cannot take them): the index past the one-cell
 * rows set under that cell: each starts at its left edge (within LAST_LINE_ALIGN), in its size and style, stays
 * inside its slot (clear of the neighbouring cells of the last full row), and stands closer under the line above
 * than the table's rows stand apart. Else `end` (the row after the table).
 */
export function lastRowLinesUntil(rows: Segment[][], start: number, end: number): number {
  const full = rows[end - 1];
  if (!full || full.length < 2 || end - start < 3) return end;
  const { rowGap, lineGap } = tableGaps(rows, start, end);
  if (!Number.isFinite(rowGap)) return end;
  let k = end;
  let above = full.find((c) => rows[end]?.length === 1 && Math.abs(c.x0 - rows[end][0].x0) <= LAST_LINE_ALIGN);
  if (!above) return end;
  const at = full.indexOf(above);
  const left = at > 0 ? full[at - 1].x1 : -Infinity;
  const right = at + 1 < full.length ? full[at + 1].x0 : Infinity;
  for (; k < rows.length && k < end + MAX_LAST_ROW_LINES && rows[k].length === 1; k++) {
    const s = rows[k][0];
    const gap = s.y0 - above.y1;
    const sameStyle = s.bold === above.bold && s.italic === above.italic && Math.abs(s.size - above.size) <= 0.5;
    if (Math.abs(s.x0 - above.x0) > LAST_LINE_ALIGN || s.x0 < left || s.x1 > right || !sameStyle) break;
    // Where the table shows its rows' own line gaps, a further line is one whose gap lies nearer those than the
    // rows' gaps (both scatter by a glyph box's ~0.8 pt, so a fixed em margin under the row gap missed some).
    const limit = lineGap === null ? rowGap - ROW_GAP_EM * s.size : (lineGap + rowGap) / 2;
    // Two tables side by side interleave their rows: the cell's own column may still show a line gap (columnLimit).
    if (gap > s.size || (gap >= limit && gap >= columnLimit(rows, start, end, above.x0, s.size))) break;
    above = s;
  }
  return k;
}

/**
 * The tightest gap between two full rows of the table in rows [start, end) and, when its rows wrap (lineGapRows),
 * the widest gap between one row's printed lines (else null). In a table whose every cell wraps, consecutive
 * printed lines fill several cells too: taking their gap as the rows' left the last row's longest cell's last lines
 * out of the table.
 */
function tableGaps(rows: Segment[][], start: number, end: number): { rowGap: number; lineGap: number | null } {
  const run = rows.slice(start, end);
  const lineGaps = lineGapRows(run, Math.max(...run.flat().map((s) => s.size || 10)));
  const gapAbove = (r: number) => Math.min(...rows[r].map((s) => s.y0)) - Math.max(...rows[r - 1].map((s) => s.y1));
  let rowGap = Infinity;
  let lineGap: number | null = null;
  for (let r = start + 1; r < end; r++) {
    if (rows[r].length < 2 || rows[r - 1].length < 2) continue;
    if (lineGaps.has(r - start)) lineGap = Math.max(lineGap ?? -Infinity, gapAbove(r));
    else rowGap = Math.min(rowGap, gapAbove(r));
  }
  return { rowGap, lineGap };
}

/**
 * Where the lines of the cell's own column (segments starting at `x0`, within LAST_LINE_ALIGN) show both line gaps
 * and row gaps, split as lineGapRows splits them: the gap halfway between the widest line gap and the tightest row
 * gap; else -Infinity. Two tables side by side whose labels wrap on other rows interleave their rows in the combined
 * grid, so the full rows' gaps are no measure there (a wrapped last label was left out of its cell); the column's are.
 */
function columnLimit(rows: Segment[][], start: number, end: number, x0: number, size: number): number {
  const lines = rows
    .slice(start, end)
    .flat()
    .filter((s) => Math.abs(s.x0 - x0) <= LAST_LINE_ALIGN)
    .sort((a, b) => a.y0 - b.y0);
  const gaps: number[] = [];
  for (let k = 1; k < lines.length; k++) gaps.push(lines[k].y0 - lines[k - 1].y1);
  gaps.sort((a, b) => a - b);
  let at = -1;
  for (let k = 1; k < gaps.length; k++) if (at < 0 || gaps[k] - gaps[k - 1] > gaps[at] - gaps[at - 1]) at = k;
  if (at < 0 || gaps[at] - gaps[at - 1] < GROUP_GAP_EM * size || gaps.length - at < MIN_ROW_GAPS) return -Infinity;
  return (gaps[at - 1] + gaps[at]) / 2;
}
