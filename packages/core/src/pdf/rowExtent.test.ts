// The row extent table runs are followed by (written as a loop for speed) must read as min top / max bottom.
import { describe, expect, it } from 'vitest';
import { rowExtent } from './buildBlocks.js';
import type { Segment } from './extractPageText.js';

const seg = (y0: number, y1: number): Segment => ({
  text: 'x',
  x0: 0,
  x1: 10,
  y0,
  y1,
  size: 10,
  bold: false,
  italic: false,
  mono: false,
  source: 'native_text',
  confidence: null,
});

describe('rowExtent', () => {
  it('spans from the highest top to the lowest bottom of the row', () => {
    expect(rowExtent([seg(102, 112), seg(100, 110), seg(104, 115)])).toEqual({ y0: 100, y1: 115 });
    expect(rowExtent([seg(-3, 4)])).toEqual({ y0: -3, y1: 4 });
  });

  it('matches Math.min / Math.max over the row', () => {
    let seed = 3;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed % 10000) / 10;
    };
    for (let n = 0; n < 200; n++) {
      const row = Array.from({ length: 1 + (n % 7) }, () => {
        const y0 = next();
        return seg(y0, y0 + next() / 10);
      });
      expect(rowExtent(row)).toEqual({
        y0: Math.min(...row.map((s) => s.y0)),
        y1: Math.max(...row.map((s) => s.y1)),
      });
    }
  });
});
