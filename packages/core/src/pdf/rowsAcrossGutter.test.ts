import { describe, expect, it } from 'vitest';
import type { Segment } from './extractPageText.js';
import { boxSegment } from './pageText.fixture.js';
import { orderReading } from './orderReading.js';

const seg = (text: string, x0: number, y0: number, x1: number, size = 10): Segment =>
  boxSegment(text, x0, y0, x1, size, 1.15);
const COLS: [number, number][] = [
  [56, 200],
  [215, 360],
  [375, 540],
];

/** Rows of wrapped cells: every cell 2–3 lines (12 pt apart), rows 7 pt of padding apart, tops aligned. */
function table(rowLines: number[][]): Segment[][] {
  const rows: Segment[][] = [];
  let y = 100;
  rowLines.forEach((lines, r) => {
    const row: Segment[] = [];
    COLS.forEach(([x0, x1], c) => {
      for (let k = 0; k < lines[c]; k++)
        row.push(seg(`row ${r} cell ${c} line ${k} wraps here`, x0, y + k * 12, k === lines[c] - 1 ? x1 - 30 : x1));
    });
    rows.push(row);
    y += Math.max(...lines) * 12 + 7;
  });
  return rows;
}

describe('rows across a gutter', () => {
  it('a table whose every cell wraps is read row by row, not column by column', () => {
    const rows = table([
      [2, 3, 2],
      [3, 2, 2],
      [2, 2, 3],
      [3, 3, 2],
      [2, 3, 3],
    ]);
    const order = orderReading(rows.flat().reverse(), 10)
      .flat()
      .map((s) => s.text);
    // Every line of row r comes before every line of row r + 1.
    for (let r = 1; r < rows.length; r++) {
      const lastOfAbove = Math.max(...rows[r - 1].map((s) => order.indexOf(s.text)));
      const firstOfRow = Math.min(...rows[r].map((s) => order.indexOf(s.text)));
      expect(lastOfAbove).toBeLessThan(firstOfRow);
    }
  });

  it('columns of prose with paragraph gaps at unrelated heights are still read column by column', () => {
    const col = (x0: number, x1: number, gapsAfter: number[]) => {
      const out: Segment[] = [];
      let y = 100;
      for (let k = 0; k < 24; k++) {
        out.push(seg(`col ${x0} line ${k} of running prose`, x0, y, x1));
        y += 12 + (gapsAfter.includes(k) ? 7 : 0);
      }
      return out;
    };
    const left = col(56, 290, [4, 11, 17]);
    const right = col(310, 540, [6, 14, 20]);
    const order = orderReading([...left, ...right].reverse(), 10)
      .flat()
      .map((s) => s.text);
    expect(order.indexOf(left[23].text)).toBeLessThan(order.indexOf(right[0].text));
  });
});
