import { describe, expect, it } from 'vitest';
import { buildBlocks } from './buildBlocks.js';
import type { Segment } from './extractPageText.js';
import { boxSegment } from './pageText.fixture.js';

/** A 3-column grid of OCR words, each row 14 pt below the last, read with the given confidence. */
function grid(confidence: number): Segment[] {
  const rows = [
    ['Region', 'Units', 'Revenue'],
    ['North', '1200', '4300'],
    ['South', '950', '3100'],
    ['East', '1810', '6020'],
    ['West', '700', '2450'],
  ];
  return rows.flatMap((cells, r) =>
    cells.map((text, c) => ({
      text,
      x0: 60 + c * 120,
      x1: 60 + c * 120 + text.length * 5,
      y0: 100 + r * 14,
      y1: 112 + r * 14,
      size: 10,
      bold: false,
      italic: false,
      mono: false,
      source: 'ocr' as const,
      confidence,
    })),
  );
}

describe('buildBlocks: OCR tables', () => {
  it('well-read OCR cells in aligned columns are a table', () => {
    expect(buildBlocks(grid(0.93), 10).map((b) => b.kind)).toContain('table');
  });

  it('barely read OCR (handwriting) is never laid out as a table; its confidence is reported', () => {
    const blocks = buildBlocks(grid(0.41), 10);
    expect(blocks.map((b) => b.kind)).not.toContain('table');
    for (const b of blocks) expect(b.ocrConfidence).toBeCloseTo(0.41, 2);
  });
});

describe('buildBlocks: two-level table headers', () => {
  const cell = (text: string, x0: number, row: number): Segment =>
    boxSegment(text, x0, 100 + row * 14, x0 + text.length * 5);
  it('a group label centred over two sub-columns heads both of them', () => {
    const segs = [
      cell('Region', 60, 0),
      cell('Revenue', 215, 0),
      cell('Notes', 360, 0),
      cell('2022', 180, 1),
      cell('2023', 260, 1),
      ...['North', 'South', 'East'].flatMap((r, i) => [
        cell(r, 60, i + 2),
        cell(String(100 + i), 180, i + 2),
        cell(String(200 + i), 260, i + 2),
        cell('ok', 360, i + 2),
      ]),
    ];
    const table = buildBlocks(segs, 10).find((b) => b.kind === 'table');
    expect(table?.cells?.[0]).toEqual(['Region', 'Revenue 2022', 'Revenue 2023', 'Notes']);
    expect(table?.cells?.[1]).toEqual(['North', '100', '200', 'ok']);
  });

  it('an empty corner over a row-label column is no group', () => {
    const segs = [
      cell('Score', 180, 0),
      ...['Ann', 'Bob', 'Cy', 'Di'].flatMap((r, i) => [cell(r, 60, i + 1), cell(String(10 + i), 180, i + 1)]),
    ];
    const table = buildBlocks(segs, 10).find((b) => b.kind === 'table');
    expect(JSON.stringify(table?.cells ?? [])).not.toMatch(/Score (?:Ann|10)|Ann 10/);
  });
});
