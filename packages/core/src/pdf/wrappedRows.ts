// Rows of a table whose every cell wraps: the further lines fill the same cells as the row's first line, so the
// "fills fewer cells" test of a cell's further lines cannot see them. Their gap can: inside a row, lines stand a
// line gap apart; between rows, the cells' padding (or a rule) adds to it.
import type { Segment } from './extractPageText.js';

/** The gaps between rows must split into two groups this many ems apart. */
const ROW_GAP_EM = 0.25;
/** Gaps of the taller group (row gaps) below the header row the table must show, so a lone header gap is not it. */
const MIN_ROW_GAPS = 2;

/**
 * The indices of the rows of `run` set a line gap under the row above, when the run's gaps fall into two groups (the
 * tighter one at most a line gap, the taller one ≥ ROW_GAP_EM ems more, seen at least twice below the header row).
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
  if (at < 0 || jump < ROW_GAP_EM * size) return out;
  const lower = sorted[at - 1];
  const rowGaps = gaps.filter((g, r) => r >= 2 && g > lower).length;
  if (rowGaps < MIN_ROW_GAPS) return out;
  gaps.forEach((g, r) => {
    if (r >= 1 && g <= lower) out.add(r);
  });
  return out;
}
