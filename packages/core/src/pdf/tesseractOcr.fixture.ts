// Test-only: an OcrEngine on tesseract.js (English, offline data from @tesseract.js-data/eng), the same shape the
// scraper's OCR pool gives parsePdf. Excluded from the build (tsconfig: *.fixture.ts).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker } from 'tesseract.js';
import type { OcrEngine, OcrPageResult } from './OcrEngine.js';

export interface TestOcr {
  engine: OcrEngine;
  /** Stops the tesseract worker (call in afterAll). */
  close(): Promise<void>;
}

/** One lazily started tesseract worker; `onPage` sees each rendered PNG before it is read. */
export function createTestOcr(onPage?: (png: Uint8Array) => void): TestOcr {
  let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
  const engine: OcrEngine = {
    concurrency: 1,
    async recognize(png): Promise<OcrPageResult> {
      onPage?.(png);
      const require = createRequire(import.meta.url);
      const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
      worker ??= await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
      const { data } = await worker.recognize(Buffer.from(png), {}, { blocks: true, text: false });
      const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      return {
        confidence: data.confidence / 100,
        lines: lines.map((l) => ({
          text: l.text.trim(),
          bbox: [l.bbox.x0, l.bbox.y0, l.bbox.x1, l.bbox.y1],
          confidence: l.confidence / 100,
          words: l.words.map((w) => ({
            text: w.text,
            bbox: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1],
            confidence: w.confidence / 100,
          })),
        })),
      };
    },
  };
  return { engine, close: async () => void (await worker?.terminate()) };
}
