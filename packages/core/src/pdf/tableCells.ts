// Table step 2 (after tableColumns.ts cut the rows into cells): the cell grid shaped as the table reads. A
// multi-line cell's further lines join the row they go on (joinCellLines), a fused row-number column is split off
// (splitIndexColumn), stacked header rows merge into one "Group Sub" header (mergeHeaders) and labels over
// several sub-rows become row spans (rowSpans). Input and output: cell texts, header row first.
import type { Segment } from './extractPageText.js';
import { joinLine } from './joinLines.js';
import { nearestColumn } from './tableColumns.js';
import { lineGapRows } from './wrappedRows.js';

/** Gap between two rows, in ems, at most which the lower one may be a further line of the cells above. */
export const CELL_LINE_GAP = 0.3;

/**
 * A multi-line cell's further lines are rows of their own on the page: a row set tight under the one above (a line
 * gap, not a row's padding), that fills only cells the row above fills and leaves some of them empty, each segment
 * within its column's slot, continues it. A row under a label spanning several sub-rows fills every cell but the
 * label's; a section label reaches into the next column (neither is a continuation).
 */
export function joinCellLines(cells: string[][], run: Segment[][], cols: [number, number][]): string[][] {
  const out: string[][] = [];
  let lastY1 = -Infinity;
  const lineGaps = lineGapRows(run, Math.max(...run.flat().map((s) => s.size || 10)));
  const inSlot = (s: Segment) => {
    const mid = (s.x0 + s.x1) / 2;
    let c = cols.findIndex(([a, b]) => mid >= a && mid <= b);
    if (c < 0) c = nearestColumn(cols, mid);
    return s.x0 >= (cols[c - 1]?.[1] ?? -Infinity) && s.x1 <= (cols[c + 1]?.[0] ?? Infinity);
  };
  run.forEach((row, r) => {
    const y0 = Math.min(...row.map((s) => s.y0));
    const y1 = Math.max(...row.map((s) => s.y1));
    const size = Math.max(...row.map((s) => s.size || 10));
    const prev = out[out.length - 1];
    const cur = cells[r];
    const tight = y0 - lastY1 <= CELL_LINE_GAP * size;
    lastY1 = y1;
    // A bold or italic line under plain ones is a section label or the next header level, not a further line.
    const styled = (x: Segment[]) => (x.every((s) => s.bold) ? 1 : 0) + (x.every((s) => s.italic) ? 2 : 0);
    const restyled = r > 0 && (styled(row) & ~styled(run[r - 1])) !== 0;
    // Every cell wrapping: the row's further lines fill the same cells as the printed line right above, a line gap
    // (not a row gap) under it, each in the style of the text above it (plain rows under a bold header are the
    // table's first row).
    const wrapped = lineGaps.has(r) && cur.every((t, c) => !t || cells[r - 1][c]) && sameStyleAsAbove(row, run[r - 1]);
    if (prev && (tight || wrapped) && !restyled && cur.some(Boolean) && row.every(inSlot)) {
      const within = cur.every((t, c) => !t || prev[c]);
      const sparser = prev.some((t, c) => c > 0 && t && !cur[c]) || cur.filter(Boolean).length === 1;
      if (within && (sparser || wrapped)) {
        out[out.length - 1] = prev.map((t, c) => (cur[c] ? joinLine(t, cur[c]) : t));
        return;
      }
    }
    out.push([...cur]);
  });
  return out;
}

/** Each segment of `row` set bold and italic as the segment right above it (where one is). */
function sameStyleAsAbove(row: Segment[], above: Segment[]): boolean {
  return row.every((s) => {
    const a = above.find((t) => t.x0 < s.x1 && t.x1 > s.x0);
    return !a || (a.bold === s.bold && a.italic === s.italic);
  });
}

/**
 * A narrow index column (row numbers set close to the next column) that the segment builder fused with its
 * neighbour: most body rows start with a 1-3 digit number and the numbers count up by one. Split it off.
 */
export function splitIndexColumn(cells: string[][]): string[][] {
  const body = cells.slice(1).filter((r) => r.filter(Boolean).length >= 2);
  if (body.length < 3) return cells;
  const nums: number[] = [];
  const rests = new Set<string>();
  for (const r of body) {
    const m = /^(\d{1,3})\s+(\S.*)$/.exec(r[0]);
    if (m) {
      nums.push(Number(m[1]));
      rests.add(m[2]);
    }
  }
  if (nums.length < body.length * 0.8 || nums.some((n, k) => k > 0 && n !== nums[k - 1] + 1)) return cells;
  // "1 May, 2 May, 3 May" are dates, not numbered rows: what follows the number must differ from row to row.
  if (rests.size < nums.length * 0.5) return cells;
  return cells.map((r, k) => {
    const m = k === 0 ? /^(\S{1,3})\s+(\S.*)$/.exec(r[0]) : /^(\d{1,3})\s+(\S.*)$/.exec(r[0]);
    if (m) return [m[1], m[2], ...r.slice(1)];
    // Section rows and rows without a number keep their text in the first cell.
    return r.filter(Boolean).length === 1 && r[0] ? [r[0], '', ...r.slice(1)] : ['', ...r];
  });
}

/**
 * Row spans: a row whose first cell is empty while two or more others are filled continues the row above (a label
 * over several sub-rows). Returns the spans when there are any, else null.
 */
export function rowSpans(cells: string[][]): [number, number][][] | null {
  const spans = cells.map((r) => r.map((): [number, number] => [1, 1]));
  let owner = -1;
  let any = false;
  for (let r = 1; r < cells.length; r++) {
    const row = cells[r];
    const filled = row.filter(Boolean).length;
    if (row[0]) owner = filled >= 2 ? r : -1;
    else if (owner > 0 && filled >= 2) {
      spans[owner][0][0]++;
      spans[r][0] = [0, 0];
      any = true;
    } else owner = -1;
  }
  return any ? spans : null;
}

/**
 * A two-level header (a group label centred over its sub-columns, the sub-column labels in the row below) becomes
 * one header row, each sub-column headed "Group Sub": a pipe table has one header row, and a label left over the
 * middle sub-column would head that column alone. A span is the label's column plus its empty neighbours in the top
 * row whose cells in the row below are filled.
 */
function mergeHeaderLevels(cells: string[][]): string[][] {
  if (cells.length < 3) return cells;
  const [top, sub] = cells;
  const width = top.length;
  const equal = equalGroups(top, sub);
  const group: (string | undefined)[] = equal ?? new Array(width).fill(undefined);
  let grouped = equal !== null;
  for (let c = 0; c < width && !equal; c++) {
    if (!top[c] || !sub[c]) continue;
    let a = c;
    let b = c;
    while (a > 0 && !top[a - 1] && sub[a - 1] && group[a - 1] === undefined) a--;
    while (b + 1 < width && !top[b + 1] && sub[b + 1]) b++;
    // A group never spans the first column: that one holds the row labels under an empty corner cell.
    if (b === a || a === 0) continue;
    for (let k = a; k <= b; k++) group[k] = top[c];
    grouped = true;
  }
  // The row below must be labels only where the top row is empty or grouped: otherwise it is data, not a header.
  if (!grouped || sub.some((t, c) => t && top[c] && group[c] === undefined)) return cells;
  const merged = top.map((t, c) =>
    group[c] !== undefined ? `${group[c]} ${sub[c]}`.trim() : [t, sub[c]].filter(Boolean).join(' '),
  );
  return [merged, ...cells.slice(2)];
}

/**
 * Header levels merged from the bottom up: with three levels (a label over every value column, groups, sub-columns)
 * the groups merge into the sub-columns first, then the top label into both. The middle row leaves the row-label
 * cell empty (the corner label spans the levels), which a data row would not.
 */
export function mergeHeaders(cells: string[][]): string[][] {
  if (cells.length >= 4 && !cells[1][0] && !cells[2][0]) {
    const lower = mergeHeaderLevels(cells.slice(1));
    if (lower.length < cells.length - 1) return mergeHeaderLevels([cells[0], ...lower]);
  }
  return mergeHeaderLevels(cells);
}

/**
 * Several group labels side by side over one run of sub-columns (two years under each of two regions): the empty
 * top cells between two labels could belong to either, so the run is cut into equal spans, one per label, when each
 * label lies inside its own span (groups of one width are the usual case; anything else is left to the greedy rule).
 */
function equalGroups(top: string[], sub: string[]): (string | undefined)[] | null {
  const cols: number[] = [];
  for (let c = 1; c < top.length; c++) if (sub[c]) cols.push(c);
  const labels = cols.filter((c) => top[c]);
  // A contiguous run of sub-columns, at least two labels, and no label outside the run.
  // Labels outside the run (over an empty sub-column cell) head both levels: row labels, an index, a notes column.
  if (labels.length < 2 || cols.some((c, i) => i > 0 && c !== cols[i - 1] + 1)) return null;
  if (cols.length % labels.length !== 0) return null;
  const span = cols.length / labels.length;
  if (span < 2) return null;
  const group: (string | undefined)[] = new Array(top.length).fill(undefined);
  for (const [i, label] of labels.entries()) {
    const a = cols[i * span];
    if (label < a || label >= a + span) return null;
    for (let k = a; k < a + span; k++) group[k] = top[label];
  }
  return group;
}
