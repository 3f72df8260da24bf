// Two tables printed side by side with a wide gap between them share their rows' heights, so their cells fall into
// one grid. The gap between them is far wider than any gap between the columns of either table, and the shorter
// table leaves the other's last rows alone on their side.

/** The gap between the tables is at least this many times every other gap between columns. */
const GAP_RATIO = 2.5;
/** ... and at least this many ems of the body size. */
const MIN_GAP_EM = 2;
/** Each table has at least this many columns. */
const MIN_COLUMNS = 2;

/**
 * Where to cut a table found in `cols` (column intervals) and `cells` (its printed rows, header first) into two
 * tables standing side by side: the x of the middle of the widest gap between columns when it is GAP_RATIO times
 * every other gap and MIN_GAP_EM ems, leaves MIN_COLUMNS columns on each side, and some row below the header fills
 * two cells or more on one side and none on the other (one table ended before the other). Else null.
 */
export function sideBySideCut(cols: [number, number][], cells: string[][], bodySize: number): number | null {
  if (cols.length < MIN_COLUMNS * 2) return null;
  const gaps = cols.slice(1).map((c, k) => c[0] - cols[k][1]);
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
  return alone ? (cols[k - 1][1] + cols[k][0]) / 2 : null;
}
