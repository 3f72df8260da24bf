// The tesseract.js pool end to end: a real PDF page rendered by @scrape/core's parsePdf and read offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePdf } from '@scrape/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTesseractOcr, defaultLangPath } from './createTesseractOcr.js';

const DATA = join(import.meta.dirname, '../../../../../shared/data/pdf/docling-testdata/pdfs');
const PAPER = join(DATA, '2305.03393v1-pg9.pdf');

describe('createTesseractOcr', () => {
  const ocr = createTesseractOcr({ workers: 2 });
  afterAll(() => ocr.close());

  it('uses the bundled int model, never a CDN', () => {
    expect(existsSync(join(defaultLangPath(), 'eng.traineddata.gz'))).toBe(true);
    expect(ocr.concurrency).toBe(2);
  });

  it.skipIf(!existsSync(PAPER))(
    'reads a real paper page through parsePdf in ocr mode',
    async () => {
      const result = await parsePdf(new Uint8Array(readFileSync(PAPER)), { mode: 'ocr', blocks: true }, { ocr });
      expect(result.metadata.ocrPages).toBe(1);
      expect(result.markdown).toContain('Hyper Parameter Optimization');
      expect(result.markdown).toContain('Quantitative Results');
      expect(result.markdown).toMatch(/PubTabNet/);
      const items = result.blocks![0].items;
      expect(items.every((b) => b.source === 'ocr')).toBe(true);
      const conf = items.map((b) => b.confidence.ocr ?? 0);
      expect(Math.min(...conf)).toBeGreaterThan(0.3);
      expect(Math.max(...conf)).toBeLessThanOrEqual(1);
    },
    120_000,
  );

  it('rejects promptly when the signal aborts, and keeps working afterwards', async () => {
    const bytes = new Uint8Array(readFileSync(PAPER));
    const controller = new AbortController();
    const started = Date.now();
    const pending = parsePdf(bytes, { mode: 'ocr' }, { ocr, signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), 200);
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    const again = await parsePdf(bytes, { mode: 'ocr' }, { ocr });
    expect(again.markdown).toContain('Hyper Parameter Optimization');
  }, 120_000);
});
