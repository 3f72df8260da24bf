// Table detection, the first thing buildBlocks.ts tries at each row: how far a run of table-like rows reaches
// (tableRunEnd), whether it is a table at all (aligned columns, full rows, no prose columns, legible OCR) and the
// table block it makes, with columns from tableColumns.ts and cells shaped by tableCells.ts. Also the spanning label
// just above a table (isSpanCandidate) and two tables set side by side (sideBySide). A run that is no table is left
// to the text step (textBlocks.ts).
import type { Segment } from './extractPageText.js';
import { blockFrom, CAPTION, confidenceOf, type LayoutBlock, SENTENCE_END, toLine } from './layoutLines.js';
import { CELL_LINE_GAP, joinCellLines, mergeHeaders, rowSpans, splitIndexColumn } from './tableCells.js';
import { labelSpan, physicalCells, tableColumns } from './tableColumns.js';
import { sideBySideCut, spansFromLeftEnding } from './tablesSideBySide.js';
import { lastRowLinesUntil } from './wrappedRows.js';

/** OCR text read with less mean confidence than this is never laid out as a table. */
const MIN_TABLE_OCR_CONFIDENCE = 0.7;
/** Table rows farther apart than this many row heights are separate tables (or not tables). */
const TABLE_ROW_GAP = 2.5;

/** Share of a table's rows that must fill two or more cells. */
const TABLE_FULL_ROWS = 0.6;

/** One-cell rows (a multi-line cell's further lines, section labels) a table may hold in a row. */
const MAX_SINGLE_ROWS = 4;
/**
 * ...and this many when each one past MAX_SINGLE_ROWS is set tight under the one before at the same left edge: the
 * further lines of one long cell (a description column wraps onto five or six lines where its neighbours are short).
 */
const MAX_CELL_LINES = 10;

/** Mean characters per cell above which a column reads as running text, not table cells. */
const PROSE_CELL_CHARS = 40;

export function findTable(
  rows: Segment[][],
  start: number,
  bodySize: number,
  spanLabel?: Segment,
): { block: LayoutBlock; end: number; cut: number | null } | { end: number } {
  const end = tableRunEnd(rows, start);
  const run = rows.slice(start, end);
  const multi = run.filter((r) => r.length >= 2).length;
  if (multi < 2) return { end };
  // Words OCR could barely read (handwriting, a smudged scan) fall at random x positions: their "columns" are noise.
  const ocrConfidence = confidenceOf(run.flat());
  if (ocrConfidence !== null && ocrConfidence < MIN_TABLE_OCR_CONFIDENCE) return { end };
  const cols = tableColumns(run, bodySize);
  if (!cols || cols.length < 2) return { end };
  if (cols.length === 2 && multi < 3) return { end };
  const physical = physicalCells(run, cols);
  const cells = joinCellLines(physical, run, cols);
  const full = cells.filter((r) => r.filter((c) => c.length > 0).length >= 2).length;
  if (full < cells.length * TABLE_FULL_ROWS) return { end };
  // Prose that happens to have a wide gap (two-column text that escaped column detection) is not a table:
  // two or more of its columns hold sentence-long lines (counted per printed line: a narrow column of cells that
  // wrap onto several lines is no prose, however long its cells).
  const proseColumns = cols.filter((_, c) => {
    const filled = physical.map((r) => r[c]).filter((t) => t.length > 0);
    return filled.length > 0 && filled.reduce((n, t) => n + t.length, 0) / filled.length > PROSE_CELL_CHARS;
  }).length;
  if (proseColumns >= 2) return { end };
  const lines = run.map(toLine);
  let table = splitIndexColumn(cells);
  let spans: [number, number][][] | null = null;
  if (spanLabel) {
    const shift = table[0].length - cols.length;
    const [a, b] = labelSpan(cols, spanLabel).map((c) => c + shift);
    if (b === a) return { end };
    const sub = table[0];
    // A label over every column, or over all but the row labels up to the last column (a title centred on the page
    // rather than on the table), is the table's title: merged into every header it would read as a group label.
    if (a <= shift + 1 && b === sub.length - 1) {
      // A title row over every column: only HTML can hold it.
      spans = [
        sub.map((_, c): [number, number] => (c === 0 ? [1, sub.length] : [0, 0])),
        ...table.map((r) => r.map((): [number, number] => [1, 1])),
      ];
      table = [[spanLabel.text, ...sub.slice(1).map(() => '')], ...table];
    } else {
      // Header levels merge: each sub-column under the label is headed "Group Sub".
      table = [sub.map((t, c) => (c >= a && c <= b ? `${spanLabel.text} ${t}`.trim() : t)), ...table.slice(1)];
    }
    lines.unshift(toLine([spanLabel]));
  } else table = mergeHeaders(table);
  const titleRow = spans !== null;
  const rowSpan = rowSpans(spans ? table.slice(1) : table);
  if (rowSpan) spans = spans ? [spans[0], ...rowSpan] : rowSpan;
  const block = blockFrom('table', lines, '', 0.7);
  block.cells = table;
  if (spans) block.cellSpans = spans;
  const cut = sideBySideCut(cols, cells, run, bodySize);
  // A title over every column, or a label spanning sub-rows, belongs to one table: no cut through it (row spans that
  // are only the right table going on after the left one ended are no such label).
  const spanned = titleRow || (rowSpan !== null && cut !== null && !spansFromLeftEnding(cols, cells, cut));
  return { block, end, cut: spanned ? null : cut };
}

/**
 * Where the run of table rows starting at `start` ends (exclusive): rows follow each other without a gap taller than
 * the rows, full rows, or one-cell rows between full rows.
 */
function tableRunEnd(rows: Segment[][], start: number): number {
  let end = start + 1;
  while (end < rows.length) {
    const prev = rowExtent(rows[end - 1]);
    const row = rowExtent(rows[end]);
    const gap = row.y0 - prev.y1;
    if (gap > TABLE_ROW_GAP * Math.max(prev.y1 - prev.y0, row.y1 - row.y0)) break;
    if (rows[end].length >= 2) end++;
    else {
      // Rows with one filled cell (section rows, the further lines of a multi-line cell) when a full row follows.
      const next = singleRowsUntil(rows, start, end);
      if (next < 0) {
        // No full row follows: the one-cell rows may still be the last row's wrapped cell (see wrappedRows.ts).
        end = lastRowLinesUntil(rows, start, end);
        break;
      }
      end = next;
    }
  }
  return end;
}

/**
 * Where a stretch of one-cell rows inside a table ends: the index of the full row after at most MAX_SINGLE_ROWS of
 * them, each under at most one cell of the last full row (a cell's further lines or a section label, not a
 * paragraph line across the columns), or -1.
 */
function singleRowsUntil(rows: Segment[][], start: number, end: number): number {
  let ref = end - 1;
  while (ref > start && rows[ref].length < 2) ref--;
  const cellsOver = (s: Segment) => rows[ref].filter((c) => c.x0 < s.x1 && c.x1 > s.x0).length;
  for (let k = end; k < rows.length && k < end + MAX_CELL_LINES; k++) {
    if (rows[k].length >= 2) return k;
    const s = rows[k][0];
    if (k > end && s.y0 - rows[k - 1][0].y1 > (s.y1 - s.y0) * TABLE_ROW_GAP) return -1;
    const above = rows[k - 1];
    const cellLine =
      above.length === 1 && Math.abs(above[0].x0 - s.x0) <= 1 && s.y0 - above[0].y1 <= CELL_LINE_GAP * s.size;
    if (k >= end + MAX_SINGLE_ROWS && !cellLine) return -1;
    // The first one may be a full-width section label (it was always allowed); later ones must sit in one column.
    if (k > end && cellsOver(s) > 1) return -1;
  }
  return -1;
}

/** A row's top and bottom (a loop, not spread arrays: runs for every row a table run is followed over). */
export function rowExtent(row: Segment[]): { y0: number; y1: number } {
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const s of row) {
    if (s.y0 < y0) y0 = s.y0;
    if (s.y1 > y1) y1 = s.y1;
  }
  return { y0, y1 };
}

/** A short single cell right above a table's first row and within its width: maybe a spanning header. */
export function isSpanCandidate(
  above: Segment[],
  first: Segment[],
  table: LayoutBlock,
  before: Segment[] | undefined,
): boolean {
  if (above.length !== 1) return false;
  const s = above[0];
  const em = s.size || 10;
  if (SENTENCE_END.test(s.text.trim())) return false;
  // The last line of a paragraph above the table (aligned with the line before it, no gap between) is no label.
  if (before) {
    const b = toLine(before);
    if (Math.abs(b.x0 - s.x0) < em && s.y0 - b.y1 < 0.5 * (s.y1 - s.y0)) return false;
  }
  const h = Math.max(...first.map((f) => f.y1)) - Math.min(...first.map((f) => f.y0));
  const gap = Math.min(...first.map((f) => f.y0)) - s.y1;
  return (
    s.text.length <= PROSE_CELL_CHARS &&
    !CAPTION.test(s.text) &&
    gap >= -1 &&
    gap <= 1.5 * h &&
    s.x0 >= table.x0 - em &&
    s.x1 <= table.x1 + em
  );
}

/**
 * Two tables side by side (`cut` between them, see tablesSideBySide.ts): each side of the run read as a table of its
 * own, left first. The run stays one table when a segment crosses the cut or a side is no table on its own (a
 * table with spans of its own gets no cut, see findTable).
 */
export function sideBySide(run: Segment[][], block: LayoutBlock, cut: number | null | undefined, bodySize: number) {
  if (cut === null || cut === undefined) return [block];
  if (run.some((r) => r.some((s) => s.x0 < cut && s.x1 > cut))) return [block];
  const parts = [run.map((r) => r.filter((s) => s.x1 <= cut)), run.map((r) => r.filter((s) => s.x0 >= cut))];
  const found: LayoutBlock[] = [];
  for (const part of parts.map((p) => p.filter((r) => r.length > 0))) {
    const t = findTable(part, 0, bodySize);
    if (!('block' in t) || t.end !== part.length) return [block];
    found.push(t.block);
  }
  return found;
}
