// One reading-order leaf (a column stretch) → layout blocks: tables from aligned cells, list items, code,
// captions, figures and paragraphs joined across line breaks.
import type { Segment } from './extractPageText.js';
import { groupRows } from './orderReading.js';
import { joinLine } from './joinLines.js';
import { sideBySideCut, spansFromLeftEnding } from './tablesSideBySide.js';
import { lastRowLinesUntil, lineGapRows } from './wrappedRows.js';

export type LayoutKind = 'paragraph' | 'list_item' | 'table' | 'code' | 'figure' | 'caption';

export interface LayoutBlock {
  kind: LayoutKind;
  /** Inline markdown of the block (paragraphs, list items, captions), code lines joined by newlines. */
  text: string;
  /** Table cells, header row first. */
  cells?: string[][];
  /**
   * [rowspan, colspan] per cell when the table has structure a pipe table cannot hold (row spans, a title row over
   * every column); [0, 0] marks a covered cell. Rendered as an HTML table.
   */
  cellSpans?: [number, number][][];
  /** `-` or `1.` style marker of a list item. */
  marker?: string;
  lines: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Dominant font size and style. */
  size: number;
  bold: boolean;
  italic: boolean;
  source: 'native_text' | 'ocr';
  /** Mean OCR confidence of its segments (null for native text). */
  ocrConfidence: number | null;
  /** How sure the heuristics are of the block's type, 0..1. */
  layoutConfidence: number;
}

/** Vertical gap beyond the usual line gap, in line heights, that starts a new paragraph. */
const PARAGRAPH_GAP = 0.45;
/** First-line indent, in ems, that starts a new paragraph. */
const INDENT_EM = 0.9;
/** A line ending this short of the column's right edge (share of the width) after a full stop ends a paragraph. */
const SHORT_LINE = 0.12;
/** Size change, in points, that starts a new block (headings against body text). */
const SIZE_STEP = 0.6;
/** OCR text read with less mean confidence than this is never laid out as a table. */
const MIN_TABLE_OCR_CONFIDENCE = 0.7;
/** Table rows farther apart than this many row heights are separate tables (or not tables). */
const TABLE_ROW_GAP = 2.5;
/**
 * Gutters between table columns: at least this wide (ems), crossed by at most this share of rows (spanning headers).
 */
const TABLE_GUTTER_EM = 0.5;
const TABLE_GUTTER_CROSSING = 0.2;
/** Share of a table's rows that must fill two or more cells. */
const TABLE_FULL_ROWS = 0.6;
const MAX_TABLE_COLUMNS = 40;
/** Widest gap, in ems, between a hanging list marker and its text. */
const MARKER_GAP_EM = 2;
/** One-cell rows (a multi-line cell's further lines, section labels) a table may hold in a row. */
const MAX_SINGLE_ROWS = 4;
/**
 * ...and this many when each one past MAX_SINGLE_ROWS is set tight under the one before at the same left edge: the
 * further lines of one long cell (a description column wraps onto five or six lines where its neighbours are short).
 */
const MAX_CELL_LINES = 10;
/** Gap between two rows, in ems, at most which the lower one may be a further line of the cells above. */
const CELL_LINE_GAP = 0.3;
/** Mean characters per cell above which a column reads as running text, not table cells. */
const PROSE_CELL_CHARS = 40;
// The text after the marker starts with a non-space (or is one blank at the end), so the blank run before it has one
// way to match: `\s*(.*)$` let the two share a run of blanks and rescanned it from each (quadratic).
const BULLET = /^([•◦▪▫●○■□►▸‣⁃∙·*\-–—✓✔➢➤☐☑☒\ufffd\ue000-\uf8ff])\s*(\S.*|)$/u;
const NUMBERED = /^(\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)])\s+(\S.*|[^\S\n\r\u2028\u2029])$/;
const MARKER_ONLY = /^([•◦▪▫●○■□►▸‣⁃∙·*\-–—✓✔➢➤☐☑☒\ufffd\ue000-\uf8ff]|\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)])$/u;
const CAPTION =
  /^(figure|fig\.|table|tab\.|chart|listing|exhibit|example|abbildung|tabelle)\s*[\dIVX]+[a-z]?\s*[.:\-–—]/i;
const SENTENCE_END = /[.!?:;。！？)"”’]$/;
/** The marker typed on a keyboard, which prose also uses (a product, a footnote star); typographic bullets are kept. */
const TYPED_BULLET = /^\*$/;
/** The marker of a list's first item. */
const FIRST_MARKER = /^(?:1|a|i)$/;

interface Line {
  segs: Segment[];
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  trailingSpace: boolean;
}

/** Inline markdown of a segment: its text with external links as `[text](url)`. */
export function segmentMarkdown(seg: Segment): string {
  if (!seg.links?.length) return seg.text;
  let out = '';
  let at = 0;
  for (const l of seg.links) {
    if (l.start < at) continue;
    out +=
      seg.text.slice(at, l.start) +
      `[${seg.text.slice(l.start, l.end)}](${l.uri.replace(/[()\s]/g, encodeURIComponent)})`;
    at = l.end;
  }
  return out + seg.text.slice(at);
}

/** A right-to-left letter (the ranges isRtl counts). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

function isRtl(segs: Segment[]): boolean {
  if (segs.length < 2) return false;
  // Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, their presentation forms) against Latin, Greek and
  // Cyrillic ones, counted only when the row has one of the former (this runs for every row of every leaf).
  if (!segs.some((s) => RTL_LETTER.test(s.text))) return false;
  let rtl = 0;
  let ltr = 0;
  for (const s of segs)
    for (let i = 0; i < s.text.length; i++) {
      const c = s.text.charCodeAt(i);
      if ((c >= 0x0590 && c <= 0x08ff) || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff)) rtl++;
      else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff))
        ltr++;
    }
  return rtl > ltr;
}

function toLine(segs: Segment[]): Line {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let chars = 0;
  let bold = 0;
  let italic = 0;
  let mono = 0;
  const sizes = new Map<number, number>();
  for (const s of segs) {
    x0 = Math.min(x0, s.x0);
    y0 = Math.min(y0, s.y0);
    x1 = Math.max(x1, s.x1);
    y1 = Math.max(y1, s.y1);
    const n = s.text.length;
    chars += n;
    if (s.bold) bold += n;
    if (s.italic) italic += n;
    if (s.mono) mono += n;
    sizes.set(s.size, (sizes.get(s.size) ?? 0) + n);
  }
  let size = 0;
  let best = -1;
  for (const [s, n] of sizes) if (n > best) [best, size] = [n, s];
  return {
    segs,
    // Right-to-left rows read their segments from the right.
    text: (isRtl(segs) ? [...segs].reverse() : segs).map(segmentMarkdown).join(' '),
    x0,
    y0,
    x1,
    y1,
    size,
    bold: bold >= chars * 0.6,
    italic: italic >= chars * 0.6,
    mono: mono >= chars * 0.6,
    trailingSpace: !!segs[segs.length - 1].trailingSpace,
  };
}

function confidenceOf(segs: Segment[]): number | null {
  const ocr = segs.filter((s) => s.confidence !== null);
  if (ocr.length === 0) return null;
  return ocr.reduce((n, s) => n + (s.confidence ?? 0), 0) / ocr.length;
}

function blockFrom(kind: LayoutKind, lines: Line[], text: string, layoutConfidence: number): LayoutBlock {
  // (Loops rather than spread arrays and a flattened copy: this runs for every block of every page.)
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let bold = true;
  let italic = true;
  let ocr = 0;
  let confidence = 0;
  for (const l of lines) {
    x0 = Math.min(x0, l.x0);
    y0 = Math.min(y0, l.y0);
    x1 = Math.max(x1, l.x1);
    y1 = Math.max(y1, l.y1);
    bold &&= l.bold;
    italic &&= l.italic;
    for (const s of l.segs)
      if (s.confidence !== null) {
        ocr++;
        confidence += s.confidence;
      }
  }
  return {
    kind,
    text,
    lines: lines.length,
    x0,
    y0,
    x1,
    y1,
    size: lines[0].size,
    bold,
    italic,
    source: lines.some((l) => l.segs.some((s) => s.source === 'ocr')) ? 'ocr' : 'native_text',
    ocrConfidence: ocr === 0 ? null : confidence / ocr,
    layoutConfidence,
  };
}

/** Build the blocks of one leaf, in reading order. */
export function buildBlocks(leaf: Segment[], bodySize: number): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  const figures = leaf.filter((s) => s.figure);
  const rows = groupRows(leaf.filter((s) => !s.figure)).map(mergeMarker);
  // Tables are looked for in the PDF's own text runs: cells set closer than the segment gap are runs of one segment.
  // (A list marker run stays with its text there too: hanging list items are no two-column table.)
  const cellRows = rows.map((r) => mergeMarker(splitParts(r)));
  let i = 0;
  let textRows: Segment[][] = [];
  const flushText = () => {
    if (textRows.length) blocks.push(...textBlocks(textRows.map(toLine), bodySize));
    textRows = [];
  };
  // Rows of a run that failed as a table are not retried as the start of a shorter run (that would be quadratic).
  let triedUntil = 0;
  while (i < rows.length) {
    let table: { block?: LayoutBlock; end: number; cut?: number | null } | null =
      cellRows[i].length >= 2 && i >= triedUntil ? findTable(cellRows, i, bodySize) : null;
    if (table?.block) {
      // A one-cell row just above (a group label over several columns) is the table's top header row.
      const above = textRows[textRows.length - 1];
      if (above && isSpanCandidate(above, cellRows[i], table.block, textRows[textRows.length - 2])) {
        const withSpan: { block?: LayoutBlock; end: number } = findTable(cellRows, i, bodySize, above[0]);
        if (withSpan.block) {
          textRows.pop();
          table = withSpan;
        }
      }
    }
    if (table?.block) {
      flushText();
      blocks.push(...sideBySide(cellRows.slice(i, table.end), table.block, table.cut, bodySize));
      i = table.end;
    } else {
      if (table) triedUntil = table.end;
      textRows.push(rows[i]);
      i++;
    }
  }
  flushText();
  // Figures go before the first block that starts below their top edge.
  for (const f of figures) {
    const at = blocks.findIndex((b) => b.y0 >= f.y0);
    const block: LayoutBlock = {
      kind: 'figure',
      text: '',
      lines: 0,
      x0: f.x0,
      y0: f.y0,
      x1: f.x1,
      y1: f.y1,
      size: 0,
      bold: false,
      italic: false,
      source: 'native_text',
      ocrConfidence: null,
      layoutConfidence: 0.9,
    };
    if (at < 0) blocks.push(block);
    else blocks.splice(at, 0, block);
  }
  return blocks;
}

/** A row's segments with those that join several text runs (`parts`) split into one segment per run. */
function splitParts(row: Segment[]): Segment[] {
  if (!row.some((s) => s.parts)) return row;
  return row.flatMap((s) =>
    s.parts
      ? s.parts.map(({ text, x0, x1 }, k, all) => ({
          ...s,
          text,
          x0,
          x1,
          parts: undefined,
          trailingSpace: k === all.length - 1 && s.trailingSpace,
        }))
      : [s],
  );
}

/** A bullet or number set apart from its text (hanging lists) is one line with it, not a table column. */
function mergeMarker(row: Segment[]): Segment[] {
  if (row.length < 2 || !MARKER_ONLY.test(row[0].text.trim())) return row;
  const [m, t] = row;
  // A hanging marker sits close to its text; "(m)" under a table header ("Height (m)" broken) is a cell of its own.
  if (t.x0 - m.x1 > MARKER_GAP_EM * (m.size || 10)) return row;
  const merged: Segment = {
    ...t,
    text: `${m.text.trim()} ${t.text}`,
    parts: undefined,
    x0: m.x0,
    y0: Math.min(m.y0, t.y0),
    y1: Math.max(m.y1, t.y1),
    textX0: t.x0,
  };
  if (t.links)
    merged.links = t.links.map((l) => ({
      ...l,
      start: l.start + m.text.trim().length + 1,
      end: l.end + m.text.trim().length + 1,
    }));
  return [merged, ...row.slice(2)];
}

/** A short single cell right above a table's first row and within its width: maybe a spanning header. */
function isSpanCandidate(
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
 * The columns a spanning label heads: the run of columns whose joint extent holds the label and whose centre is
 * nearest the label's (group labels are centred over, or start at, their span).
 */
function labelSpan(cols: [number, number][], s: Segment): [number, number] {
  const em = s.size || 10;
  const cx = (s.x0 + s.x1) / 2;
  // Narrowest span first: a label centred over two middle columns is often centred over the whole table too.
  for (let width = 0; width < cols.length; width++)
    for (let a = 0; a + width < cols.length; a++) {
      const b = a + width;
      if (cols[a][0] - em > s.x0 || cols[b][1] + em < s.x1) continue;
      if (Math.abs(cx - (cols[a][0] + cols[b][1]) / 2) <= em || Math.abs(s.x0 - cols[a][0]) <= em / 2) return [a, b];
    }
  const c = nearestColumn(cols, cx);
  return [c, c];
}

/**
 * A narrow index column (row numbers set close to the next column) that the segment builder fused with its
 * neighbour: most body rows start with a 1-3 digit number and the numbers count up by one. Split it off.
 */
function splitIndexColumn(cells: string[][]): string[][] {
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
function rowSpans(cells: string[][]): [number, number][][] | null {
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
 * Two tables side by side (`cut` between them, see tablesSideBySide.ts): each side of the run read as a table of its
 * own, left first. The run stays one table when a segment crosses the cut or a side is no table on its own (a
 * table with spans of its own gets no cut, see findTable).
 */
function sideBySide(run: Segment[][], block: LayoutBlock, cut: number | null | undefined, bodySize: number) {
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

/** Each printed row's text per column (a row's segments joined by column; cells not yet joined across lines). */
function physicalCells(run: Segment[][], cols: [number, number][]): string[][] {
  return run.map((r) => {
    const cellTexts: string[] = cols.map(() => '');
    for (const s of r) {
      // A one-cell row across a gutter (a section label) belongs to the column it starts in.
      const x = r.length === 1 && crossesGutter(cols, s) ? s.x0 : (s.x0 + s.x1) / 2;
      let c = cols.findIndex(([a, b]) => x >= a && x <= b);
      if (c < 0) c = nearestColumn(cols, x);
      cellTexts[c] = cellTexts[c] ? `${cellTexts[c]} ${segmentMarkdown(s)}` : segmentMarkdown(s);
    }
    return cellTexts;
  });
}

function findTable(
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

/**
 * A multi-line cell's further lines are rows of their own on the page: a row set tight under the one above (a line
 * gap, not a row's padding), that fills only cells the row above fills and leaves some of them empty, each segment
 * within its column's slot, continues it. A row under a label spanning several sub-rows fills every cell but the
 * label's; a section label reaches into the next column (neither is a continuation).
 */
function joinCellLines(cells: string[][], run: Segment[][], cols: [number, number][]): string[][] {
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
function mergeHeaders(cells: string[][]): string[][] {
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

/** The segment reaches over a gutter between two columns. */
function crossesGutter(cols: [number, number][], s: Segment): boolean {
  return cols.some(([, b], i) => i + 1 < cols.length && s.x0 < b && s.x1 > cols[i + 1][0]);
}

function nearestColumn(cols: [number, number][], x: number): number {
  let best = 0;
  let dist = Infinity;
  cols.forEach(([a, b], i) => {
    const d = x < a ? a - x : x - b;
    if (d < dist) [dist, best] = [d, i];
  });
  return best;
}

/**
 * Marks the points a row's text covers, each point once however many of the row's segments overlap there, as +1 where
 * a covered stretch starts and -1 where it ends (`cover` summed left to right afterwards gives how many rows cover each
 * point; point 0 is page x `x0`). One pass over the row's merged stretches instead of one per segment and point.
 */
export function markRowRuns(cover: Uint16Array, row: Segment[], x0: number): void {
  const width = cover.length;
  const spans: [number, number][] = [];
  for (const s of row) {
    const a = Math.max(0, Math.floor(s.x0 - x0));
    const b = Math.min(width, Math.ceil(s.x1 - x0));
    if (a < b) spans.push([a, b]);
  }
  spans.sort((p, q) => p[0] - q[0]);
  const mark = (a: number, b: number) => {
    cover[a]++;
    if (b < width) cover[b]--;
  };
  let [a, b] = spans[0] ?? [0, 0];
  for (const [c, d] of spans.slice(1)) {
    if (c <= b) b = Math.max(b, d);
    else {
      mark(a, b);
      [a, b] = [c, d];
    }
  }
  if (a < b) mark(a, b);
}

/** Column intervals of a run of rows: whitespace channels that (nearly) every row leaves empty. */
function tableColumns(run: Segment[][], bodySize: number): [number, number][] | null {
  const x0 = Math.min(...run.flat().map((s) => s.x0));
  const x1 = Math.max(...run.flat().map((s) => s.x1));
  const width = Math.ceil(x1 - x0) + 1;
  if (width <= 1) return null;
  // cover[x]: how many rows have text at x (a row counts once even where its segments overlap). Rows of one cell
  // (section labels across the columns, further lines of multi-line cells) neither make nor block a gutter.
  const cover = new Uint16Array(width);
  const multi = run.filter((row) => row.length >= 2);
  for (const row of multi) markRowRuns(cover, row, x0);
  for (let x = 1; x < width; x++) cover[x] += cover[x - 1];
  const allowed = Math.floor(multi.length * TABLE_GUTTER_CROSSING);
  const minGutter = Math.max(2, TABLE_GUTTER_EM * bodySize);
  const cols: [number, number][] = [];
  let colStart = 0;
  let x = 0;
  while (x < width) {
    if (cover[x] > allowed) {
      x++;
      continue;
    }
    let y = x;
    while (y < width && cover[y] <= allowed) y++;
    if (y - x >= minGutter && x > 0 && y < width) {
      // A sparse column (filled in few rows) inside the low-cover stretch: its cells lie wholly within it.
      const inner = sparseColumn(multi, x0 + x, x0 + y, minGutter);
      cols.push([x0 + colStart, x0 + x]);
      if (inner) cols.push(inner);
      colStart = y;
    }
    x = y;
  }
  cols.push([x0 + colStart, x1]);
  return cols.length <= MAX_TABLE_COLUMNS ? cols : null;
}

/**
 * The extent of the segments lying wholly inside a low-cover stretch [a, b) of a table, when a gutter at least
 * `minGutter` wide is left on both sides: a column filled in too few rows to stand out, not text crossing a gutter.
 * It must hold cells of two rows, one of them below the first two (group labels centred over a gutter between their
 * sub-columns sit in the header rows only).
 */
function sparseColumn(rows: Segment[][], a: number, b: number, minGutter: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  let filled = 0;
  let below = false;
  rows.forEach((row, r) => {
    const inside = row.filter((s) => s.x0 >= a && s.x1 <= b);
    if (inside.length === 0) return;
    filled++;
    if (r >= 2) below = true;
    for (const s of inside) {
      lo = Math.min(lo, s.x0);
      hi = Math.max(hi, s.x1);
    }
  });
  if (filled < 2 || !below) return null;
  return lo - a >= minGutter && b - hi >= minGutter ? [lo, hi] : null;
}

/** The block being built from consecutive lines. */
interface OpenBlock {
  kind: LayoutKind;
  lines: Line[];
  text: string;
  marker?: string;
  /** Where the item's text starts (after its marker): a continued line of a list item is indented to here. */
  textX0: number;
}

/** The extent of the lines and their usual gap, against which indents, short lines and paragraph gaps are read. */
interface TextFrame {
  left: number;
  right: number;
  width: number;
  usualGap: number;
  bodySize: number;
}

function textFrame(lines: Line[], bodySize: number): TextFrame {
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const width = Math.max(1, right - left);
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const g = lines[i].y0 - lines[i - 1].y1;
    if (g >= 0) gaps.push(g);
  }
  gaps.sort((a, b) => a - b);
  const usualGap = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
  return { left, right, width, usualGap, bodySize };
}

interface ListMarkers {
  bullet: RegExpExecArray | null;
  numbered: RegExpExecArray | null;
}

/** The line's bullet or number, unless it is prose wrapped at what only looks like a marker. */
function listMarkers(line: Line, prev: Line | undefined, cur: OpenBlock | null, frame: TextFrame): ListMarkers {
  const em = line.size || frame.bodySize;
  let bullet = BULLET.exec(line.text);
  let numbered = bullet ? null : NUMBERED.exec(line.text);
  // A line that goes on from a full-width paragraph line at the same indent is prose wrapped there when what
  // looks like a marker is a typed `*` after an unfinished sentence ("… the area is 4 * 3"), or a number past
  // a list's first ("… as follows. 2. The next …"): a list starts at its first item.
  if ((bullet || numbered) && cur?.kind === 'paragraph' && prev && prev.x1 >= frame.right - SHORT_LINE * frame.width) {
    const aligned = Math.abs(line.x0 - prev.x0) < em * 0.5;
    if (aligned && bullet && TYPED_BULLET.test(bullet[1]) && !SENTENCE_END.test(prev.text)) bullet = null;
    if (aligned && numbered && !FIRST_MARKER.test(numbered[2])) numbered = null;
  }
  return { bullet, numbered };
}

/** Whether `line` starts a new block after `prev`, the last line of `cur` (a paragraph, list item or caption). */
function startsNewBlock(
  line: Line,
  prev: Line,
  cur: OpenBlock,
  { bullet, numbered }: ListMarkers,
  isCaption: boolean,
  frame: TextFrame,
): boolean {
  const { left, right, width, usualGap } = frame;
  const em = line.size || frame.bodySize;
  const h = Math.max(1, Math.min(prev.y1 - prev.y0, line.y1 - line.y0));
  const gap = line.y0 - prev.y1;
  if (bullet || (numbered && line.x0 <= cur.textX0 + em * 0.5 && cur.kind !== 'paragraph')) return true;
  if (numbered && cur.kind === 'paragraph' && SENTENCE_END.test(prev.text)) return true;
  if (isCaption) return true;
  if (Math.abs(line.size - prev.size) > SIZE_STEP || line.bold !== prev.bold) return true;
  // A short all-italic line (a run-in heading) against upright text, or the reverse.
  if (line.italic !== prev.italic && (line.italic ? line : prev).x1 < right - SHORT_LINE * width) return true;
  if (gap > usualGap + PARAGRAPH_GAP * h && gap > 0.3 * h) return true;
  if (gap < -h) return true; // went back up: a different flow
  if (cur.kind === 'list_item') return line.x0 < cur.lines[0].x0 + em * 0.3 && prev.x1 < right - SHORT_LINE * width;
  if (line.x0 > left + INDENT_EM * em && prev.x0 <= left + 0.5 * em && cur.lines.length > 0 && prev.x1 < right - em)
    return true;
  return prev.x1 < right - SHORT_LINE * width && SENTENCE_END.test(prev.text);
}

/** A new block opened by `line`: a list item after its marker, a caption or a paragraph. */
function openBlock(line: Line, { bullet, numbered }: ListMarkers, isCaption: boolean, bodySize: number): OpenBlock {
  const em = line.size || bodySize;
  if (bullet) {
    const textX0 = line.segs[0].textX0 ?? line.x0 + em;
    return { kind: 'list_item', lines: [line], text: bullet[2] || '', marker: '-', textX0 };
  }
  if (numbered && !looksLikeHeadingNumber(numbered[1], line, bodySize))
    return { kind: 'list_item', lines: [line], text: numbered[3], marker: numbered[1], textX0: line.x0 + em };
  return { kind: isCaption ? 'caption' : 'paragraph', lines: [line], text: line.text, textX0: line.x0 };
}

/** Lines of running text → paragraphs, list items, captions and code. */
function textBlocks(lines: Line[], bodySize: number): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  if (lines.length === 0) return blocks;
  const frame = textFrame(lines, bodySize);
  let cur: OpenBlock | null = null;
  const flush = () => {
    if (!cur) return;
    const b = blockFrom(cur.kind, cur.lines, cur.text, cur.kind === 'paragraph' ? 0.8 : 0.7);
    if (cur.marker) b.marker = cur.marker;
    blocks.push(b);
    cur = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const prev: Line | undefined = lines[i - 1];
    const em = line.size || bodySize;
    const markers = listMarkers(line, prev, cur, frame);
    const isCaption = CAPTION.test(line.text);
    if (line.mono) {
      // Monospaced lines are code: a line close under the code before goes on with it, keeping its indent.
      const indent = ' '.repeat(Math.max(0, Math.round((line.x0 - frame.left) / (em * 0.6))));
      if (cur && cur.kind === 'code' && prev && line.y0 - prev.y1 <= frame.usualGap + em * 1.2) {
        cur.lines.push(line);
        cur.text += `\n${indent}${line.segs.map((s) => s.text).join(' ')}`;
        continue;
      }
      flush();
      cur = { kind: 'code', lines: [line], text: indent + line.segs.map((s) => s.text).join(' '), textX0: line.x0 };
      continue;
    }
    const startNew = !cur || cur.kind === 'code' || !prev || startsNewBlock(line, prev, cur, markers, isCaption, frame);
    if (startNew) {
      flush();
      cur = openBlock(line, markers, isCaption, bodySize);
    } else if (cur) {
      const last = cur.lines[cur.lines.length - 1];
      cur.text = cur.text ? joinLine(cur.text, line.text, last.trailingSpace) : line.text;
      cur.lines.push(line);
    }
  }
  flush();
  return blocks;
}

/** "1 Introduction" in a bigger or bold font is a numbered heading, not a list item. */
function looksLikeHeadingNumber(marker: string, line: Line, bodySize: number): boolean {
  return /^\(?\d/.test(marker) && (line.bold || line.size > bodySize * 1.05) && line.text.length < 120;
}

/**
 * A paragraph cut by a column break continues at the top of the next column: the first part ends without a full
 * stop and the next starts in lowercase. Join them (the block's box then spans both columns).
 */
export function joinColumnBreaks(leaves: LayoutBlock[][]): LayoutBlock[] {
  const out: LayoutBlock[] = [];
  for (const leaf of leaves) {
    leaf.forEach((block, i) => {
      const prev = out[out.length - 1];
      if (
        i === 0 &&
        prev &&
        prev.kind === 'paragraph' &&
        block.kind === 'paragraph' &&
        Math.abs(prev.size - block.size) <= SIZE_STEP &&
        prev.bold === block.bold &&
        !SENTENCE_END.test(prev.text.trim()) &&
        /^\p{Ll}/u.test(block.text.trim())
      ) {
        prev.text = joinLine(prev.text, block.text);
        prev.lines += block.lines;
        prev.x0 = Math.min(prev.x0, block.x0);
        prev.y0 = Math.min(prev.y0, block.y0);
        prev.x1 = Math.max(prev.x1, block.x1);
        prev.y1 = Math.max(prev.y1, block.y1);
        return;
      }
      out.push(block);
    });
  }
  return out;
}
