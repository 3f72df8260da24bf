// Notes right under balanced columns: a short note (or a note's raised marker) under the left column does not cross
// the gutter, so it fell into the left column's section and was read before the right column.
import type { Segment } from './extractPageText.js';

/** Note lines are set at most this share of their column's size. */
const NOTE_SIZE_SHARE = 0.92;
/** Balanced columns end within this many body sizes of each other (one line of either column, with its leading). */
const BALANCED_EM = 2;
/** A raised note marker may start this many body sizes above the other column's last line's bottom. */
const RAISED_EM = 0.3;

const bottom = (segs: Segment[]) => segs.reduce((y, s) => Math.max(y, s.y1), -Infinity);

/**
 * Splits off the last lines of one side that start below every line of the other side and are set smaller than the
 * side's body, when the two columns' own text ends at about the same height (balanced columns): they
 * are notes (or a caption) under both columns, read after the right column. An unbalanced page (the right column ends
 * halfway down) keeps its left column whole: its lower lines are body size, or the columns' ends are far apart.
 */
export function notesUnderColumns(
  left: Segment[],
  right: Segment[],
  bodySize: number,
): { left: Segment[]; right: Segment[]; notes: Segment[] } {
  if (left.length && right.length)
    for (const [side, other] of [
      [left, right],
      [right, left],
    ]) {
      const otherEnd = bottom(other);
      const below = otherEnd - RAISED_EM * bodySize;
      const sizes = side.map((s) => s.size).sort((a, b) => a - b);
      const columnSize = sizes[Math.floor(sizes.length / 2)];
      // The side's last lines, bottom up, while they are set small and start below the other column's end.
      const sorted = [...side].sort((a, b) => a.y0 - b.y0);
      let cut = sorted.length;
      while (cut > 0 && sorted[cut - 1].y0 >= below && sorted[cut - 1].size <= columnSize * NOTE_SIZE_SHARE) cut--;
      if (cut === sorted.length || cut === 0) continue;
      const column = sorted.slice(0, cut);
      const notes = sorted.slice(cut);
      if (Math.abs(bottom(column) - otherEnd) > BALANCED_EM * bodySize) continue;
      return side === left ? { left: column, right, notes } : { left, right: column, notes };
    }
  return { left, right, notes: [] };
}
