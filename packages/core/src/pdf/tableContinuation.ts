// A table that runs over a page break: its rows on the next page go on under the table of the page before (one
// table in the markdown, with one header), and the header the printer repeats at the top of that page is dropped
// rather than read as a data row.
import type { LayoutBlock } from './buildBlocks.js';
import { pipeRow } from './renderBlock.js';

/**
 * How far (share of the page width) the two parts' outer edges may differ: the columns are the same, but a part's
 * widest cell sets its edge (a short last column on one page).
 */
const EDGE_TOLERANCE = 0.03;

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const widthOf = (rows: string[][]) => Math.max(...rows.map((r) => r.length));

/**
 * The markdown rows that continue `before` (the last block of a page) when `after` (the first block of the next page)
 * is the same table going on: both pipe tables of as many columns, standing at the same left and right edges. Its
 * first row is dropped when it repeats the header of `before`. Undefined when `after` is no continuation.
 */
export function tableContinuation(
  before: LayoutBlock | undefined,
  after: LayoutBlock | undefined,
  pageWidth: number,
): string | undefined {
  if (before?.kind !== 'table' || after?.kind !== 'table' || before.cellSpans || after.cellSpans) return undefined;
  const [head, rows] = [before.cells ?? [], after.cells ?? []];
  if (head.length === 0 || rows.length === 0) return undefined;
  const width = widthOf(head);
  if (widthOf(rows) !== width) return undefined;
  const tolerance = pageWidth * EDGE_TOLERANCE;
  if (Math.abs(before.x0 - after.x0) > tolerance || Math.abs(before.x1 - after.x1) > tolerance) return undefined;
  const repeated = Array.from({ length: width }, (_, i) => fold(rows[0][i] ?? '') === fold(head[0][i] ?? ''));
  const body = repeated.every(Boolean) ? rows.slice(1) : rows;
  return body.map((r) => pipeRow(r, width)).join('\n');
}
