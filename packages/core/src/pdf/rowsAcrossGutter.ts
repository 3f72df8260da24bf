// A table whose cells wrap onto several lines looks like narrow columns of prose: each cell's lines fill their slot
// and a gutter runs down between them. Its rows give it away: every row starts at the same height on both sides of
// the gutter, after a gap taller than the gap between the lines of one cell.
import type { Segment } from './extractPageText.js';

/** A row starts after a gap this many ems taller than the tightest line gap of the region. */
const ROW_GAP_EM = 0.25;
/** Two row starts are the same row within this many ems. */
const SAME_ROW_EM = 0.3;
/** Row starts (after the first) both sides must show, and the share of them that must line up. */
const MIN_SHARED_STARTS = 3;
const SHARED_SHARE = 0.75;

/** The tops of a side's rows (lines overlapping by half their height share a row) and the gap above each. */
function rowTops(side: Segment[]): { y: number; gap: number }[] {
  const sorted = [...side].sort((a, b) => a.y0 - b.y0);
  const out: { y: number; gap: number }[] = [];
  let top = Number.NaN;
  let bottom = Number.NaN;
  let lastBottom = Number.NaN;
  for (const s of sorted) {
    const h = Math.min(s.y1 - s.y0, bottom - top);
    if (Math.min(s.y1, bottom) - Math.max(s.y0, top) >= h * 0.5) {
      bottom = Math.max(bottom, s.y1);
      continue;
    }
    lastBottom = bottom;
    top = s.y0;
    bottom = s.y1;
    out.push({ y: top, gap: top - lastBottom });
  }
  return out;
}

/**
 * The two sides of a gutter are the cells of table rows: after the first row, both show at least three row starts
 * (a gap clearly taller than the tightest line gap on either side), and three quarters of them line up across the
 * gutter. Columns of prose start their paragraphs at unrelated heights, and a paragraph gap is rarely matched.
 */
export function rowsAcrossGutter(left: Segment[], right: Segment[], bodySize: number): boolean {
  const sides = [rowTops(left), rowTops(right)];
  const gaps = sides
    .flat()
    .filter((t) => !Number.isNaN(t.gap))
    .map((t) => t.gap);
  if (gaps.length === 0) return false;
  const lineGap = Math.min(...gaps);
  const starts = sides.map((tops) => tops.filter((t) => t.gap > lineGap + ROW_GAP_EM * bodySize).map((t) => t.y));
  const [a, b] = starts;
  if (a.length < MIN_SHARED_STARTS || b.length < MIN_SHARED_STARTS) return false;
  const shared = a.filter((y) => b.some((z) => Math.abs(y - z) <= SAME_ROW_EM * bodySize)).length;
  return shared >= MIN_SHARED_STARTS && shared >= SHARED_SHARE * Math.max(a.length, b.length);
}
