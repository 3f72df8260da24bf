import { layTableGrid } from './layTableGrid.js';
import type { Align, Row } from './tableCells.js';

function separatorCell(a: Align): string {
  return a === 'left' ? ' :--- |' : a === 'center' ? ' :---: |' : a === 'right' ? ' ---: |' : ' --- |';
}

/**
 * The GFM lines of a table: the first row is the header when it sits in `<thead>` or holds only `<th>` (otherwise the
 * header row is empty, as GFM needs one), the separator carries the first row's alignments.
 */
export function renderGfmTable(rows: Row[]): string[] {
  const { grid, width } = layTableGrid(rows);
  const first = rows[0];
  const hasHeader = first.inHead || first.cells.every((c) => c.header);
  const aligns: Align[] = [];
  for (const cell of first.cells) for (let k = 0; k < cell.colspan; k++) aligns.push(k === 0 ? cell.align : '');
  const line = (cells: string[]) => {
    let s = '|';
    for (let c = 0; c < width; c++) s += ' ' + (cells[c] ?? '') + ' |';
    return s;
  };
  const lines: string[] = [];
  lines.push(line(hasHeader ? grid[0] : []));
  let sep = '|';
  for (let c = 0; c < width; c++) sep += separatorCell(aligns[c] ?? '');
  lines.push(sep);
  for (let r = hasHeader ? 1 : 0; r < grid.length; r++) lines.push(line(grid[r]));
  return lines;
}
