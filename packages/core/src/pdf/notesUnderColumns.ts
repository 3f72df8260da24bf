// Notes right under balanced columns: a short note (or a note's raised marker) under the left column does not cross
// the gutter, so it fell into the left column's section and was read before the right column.
import type { Segment } from './extractPageText.js';

/** Note lines are set at most this share of their column's size. */
const NOTE_SIZE_SHARE = 0.92;
/** Balanced columns end within this many body sizes of each other (one line of either column, with its leading). */
const BALANCED_EM = 2;
/** A paragraph break counted in the balance allowance is at most this many line steps (more is a figure's gap). */
const MAX_BREAK_STEPS = 2;
/** A raised note marker may start this many body sizes above the other column's last line's bottom. */
const RAISED_EM = 0.3;

const bottom = (segs: Segment[]) => segs.reduce((y, s) => Math.max(y, s.y1), -Infinity);

/**
 * Stage `textSize`: the size most of a column's letters are set in. Why: a median over lines let two or three short
 * note lines and their markers under a short column outvote its four body lines, and the notes then no longer
 * counted as smaller than their column.
 */
function textSize(segs: Segment[]): number {
  const bySize = [...segs].sort((a, b) => a.size - b.size);
  const letters = bySize.reduce((n, s) => n + s.text.length, 0);
  let seen = 0;
  for (const s of bySize) {
    seen += s.text.length;
    if (seen * 2 >= letters) return s.size;
  }
  return bySize[bySize.length - 1].size;
}

/** Pieces of one line (a word run, its closing stop) start closer than this many body sizes apart. */
const SAME_LINE_EM = 0.5;

/** The steps between the tops of consecutive body-size lines of a column, sorted. */
function lineSteps(segs: Segment[], size: number): number[] {
  const tops = segs
    .filter((s) => s.size >= size * NOTE_SIZE_SHARE)
    .map((s) => s.y0)
    .sort((a, b) => a - b);
  const steps: number[] = [];
  for (let i = 1; i < tops.length; i++) {
    const step = tops[i] - tops[i - 1];
    if (step > size * SAME_LINE_EM) steps.push(step);
  }
  return steps.sort((a, b) => a - b);
}

/**
 * Stage `balanceAllowance`: how far apart balanced columns may end. Why: a balancer (Chromium's CSS columns, a TeX
 * column balancer) leaves one column up to one line longer, and a paragraph break at the column break moves its space
 * to the column top where it is dropped, so the other column can end a line step plus a paragraph's space higher —
 * 2.1–2.6 body sizes with 0.6-em paragraph margins, over the fixed 2. The allowance is the larger of the fixed one and
 * one line step plus the columns' largest step (a paragraph break), capped at two line steps so that a figure's gap
 * does not make an unbalanced page (the right column ending halfway) look balanced.
 */
function balanceAllowance(column: Segment[], other: Segment[], bodySize: number): number {
  const steps = [...lineSteps(column, bodySize), ...lineSteps(other, bodySize)].sort((a, b) => a - b);
  if (!steps.length) return BALANCED_EM * bodySize;
  const step = steps[Math.floor(steps.length / 2)];
  const paragraphBreak = Math.min(steps[steps.length - 1], MAX_BREAK_STEPS * step);
  return Math.max(BALANCED_EM * bodySize, step + paragraphBreak);
}

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
      const columnSize = textSize(side);
      // The side's last lines, bottom up, while they are set small and start below the other column's end.
      const sorted = [...side].sort((a, b) => a.y0 - b.y0);
      let cut = sorted.length;
      while (cut > 0 && sorted[cut - 1].y0 >= below && sorted[cut - 1].size <= columnSize * NOTE_SIZE_SHARE) cut--;
      if (cut === sorted.length || cut === 0) continue;
      const column = sorted.slice(0, cut);
      const notes = sorted.slice(cut);
      if (Math.abs(bottom(column) - otherEnd) > balanceAllowance(column, other, bodySize)) continue;
      return side === left ? { left: column, right, notes } : { left, right: column, notes };
    }
  return { left, right, notes: [] };
}
