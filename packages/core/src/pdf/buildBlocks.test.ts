import { describe, expect, it } from 'vitest';
import { buildBlocks } from './buildBlocks.js';
import type { Segment } from './extractPageText.js';

/** A 3-column grid of OCR words, each row 14 pt below the last, read with the given confidence. */
function grid(confidence: number): Segment[] {
  const rows = [['Region', 'Units', 'Revenue'], ['North', '1200', '4300'], ['South', '950', '3100'], ['East', '1810', '6020'], ['West', '700', '2450']];
  return rows.flatMap((cells, r) =>
    cells.map((text, c) => ({
      text, x0: 60 + c * 120, x1: 60 + c * 120 + text.length * 5, y0: 100 + r * 14, y1: 112 + r * 14, size: 10,
      bold: false, italic: false, mono: false, source: 'ocr' as const, confidence,
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
