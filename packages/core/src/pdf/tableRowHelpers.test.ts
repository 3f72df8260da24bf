// Table helpers written for speed must read as their plain definitions: a row's extent as min top / max bottom, a
// row's coverage as the points one of its segments covers (each point once).
import { describe, expect, it } from 'vitest';
import { rowExtent } from './findTable.js';
import { markRowRuns } from './tableColumns.js';
import type { Segment } from './extractPageText.js';
import { boxSegment } from './pageText.fixture.js';

/** A segment from y0 to y1. */
const seg = (y0: number, y1: number, x0 = 0, x1 = 10): Segment => ({ ...boxSegment('x', x0, y0, x1), y1 });

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

describe('markRowRuns', () => {
  /** The definition: every point a segment of the row covers counts once, point by point. */
  function pointByPoint(width: number, rows: Segment[][], x0: number): number[] {
    const cover = new Array(width).fill(0);
    for (const row of rows) {
      const hit = new Set<number>();
      for (const s of row)
        for (let x = Math.max(0, Math.floor(s.x0 - x0)); x < Math.min(width, Math.ceil(s.x1 - x0)); x++) hit.add(x);
      for (const x of hit) cover[x]++;
    }
    return cover;
  }

  function summed(width: number, rows: Segment[][], x0: number): number[] {
    const cover = new Uint16Array(width);
    for (const row of rows) markRowRuns(cover, row, x0);
    for (let x = 1; x < width; x++) cover[x] += cover[x - 1];
    return [...cover];
  }

  it('counts overlapping, touching and nested segments of a row once', () => {
    const row = [seg(0, 1, 10.2, 20), seg(0, 1, 15, 30.5), seg(0, 1, 30.5, 31), seg(0, 1, 40, 45), seg(0, 1, 41, 42)];
    expect(summed(60, [row], 8)).toEqual(pointByPoint(60, [row], 8));
  });

  it('matches the point-by-point count over random rows, clipped at both ends', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed % 100000) / 100;
    };
    for (let n = 0; n < 100; n++) {
      const rows = Array.from({ length: 1 + (n % 6) }, () =>
        Array.from({ length: 1 + Math.floor(next() / 200) }, () => {
          const a = next() * 3 - 20;
          return seg(0, 1, a, a + next() / 5);
        }),
      );
      expect(summed(250, rows, 5)).toEqual(pointByPoint(250, rows, 5));
    }
  });
});
