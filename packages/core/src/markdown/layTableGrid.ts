import type { Row } from './tableCells.js';

/** One row on the grid: cells carried down by a rowspan above come first in their columns, colspans add cells. */
function gridRow(row: Row, carry: number[]): string[] {
  const out: string[] = [];
  let col = 0;
  for (const cell of row.cells) {
    while (carry[col] > 0) {
      carry[col]--;
      out.push('');
      col++;
    }
    out.push(cell.text);
    for (let k = 1; k < cell.colspan; k++) out.push('');
    if (cell.rowspan > 1)
      for (let k = 0; k < cell.colspan; k++) carry[col + k] = Math.max(carry[col + k] ?? 0, cell.rowspan - 1);
    col += cell.colspan;
  }
  for (; col < carry.length; col++) {
    if (carry[col] > 0) carry[col]--;
    out.push('');
  }
  while (out.length > 0 && out[out.length - 1] === '' && out.length > row.cells.length) out.pop();
  return out;
}

/**
 * Lays the rows' cells on a grid, since GFM has no spans: a rowspan leaves empty cells below it, a colspan empty
 * cells after it. Returns the grid and its width (the longest row).
 */
export function layTableGrid(rows: Row[]): { grid: string[][]; width: number } {
  const grid: string[][] = [];
  const carry: number[] = [];
  let width = 0;
  for (const row of rows) {
    const out = gridRow(row, carry);
    if (out.length > width) width = out.length;
    grid.push(out);
  }
  return { grid, width };
}
