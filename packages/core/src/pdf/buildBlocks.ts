// One reading-order leaf (a column stretch) → layout blocks: tables from aligned cells, list items, code,
// captions, figures and paragraphs joined across line breaks. The steps, in order:
//   1. rows: the leaf's segments grouped into printed rows (orderReading.ts), a hanging list marker merged with its
//      text (mergeMarker); for tables, also split into the PDF's own text runs (splitParts);
//   2. tables: at each row a table run is tried (findTable.ts, with tableColumns.ts and tableCells.ts), taking a
//      spanning label just above it and splitting two tables set side by side;
//   3. text: the rows between tables become paragraphs, list items, captions and code (textBlocks.ts);
//   4. figures: placed before the first block below them (placeFigures);
//   5. across leaves (parsePdf.ts): a paragraph cut by a column break is joined again (joinColumnBreaks).
// Lines and block boxes are shared through layoutLines.ts.
import type { Segment } from './extractPageText.js';
import { findTable, isSpanCandidate, sideBySide } from './findTable.js';
import { joinLine } from './joinLines.js';
import { type LayoutBlock, SENTENCE_END, SIZE_STEP, toLine } from './layoutLines.js';
import { groupRows } from './orderReading.js';
import { textBlocks } from './textBlocks.js';

export type { LayoutBlock } from './layoutLines.js';

/** Widest gap, in ems, between a hanging list marker and its text. */
const MARKER_GAP_EM = 2;

const MARKER_ONLY = /^([•◦▪▫●○■□►▸‣⁃∙·*\-–—✓✔➢➤☐☑☒\ufffd\ue000-\uf8ff]|\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)])$/u;

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
  placeFigures(blocks, figures);
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

/** Figures go before the first block that starts below their top edge. */
function placeFigures(blocks: LayoutBlock[], figures: Segment[]): void {
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
