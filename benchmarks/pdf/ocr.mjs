// OCR pages per second through parsePdf's ocr mode with the tesseract.js pool (one worker per core).
import { availableParallelism } from 'node:os';
import { parsePdf } from '@scrape/core';
// The pool lives in @scrape/scraper (it starts worker threads); the benchmark reaches its built file directly.
import { createTesseractOcr } from '../../packages/scraper/dist/ocr/createTesseractOcr.js';

export async function measureOcr(corpus, { maxPagesPerDoc = Infinity } = {}) {
  const ocr = createTesseractOcr({ workers: availableParallelism() });
  try {
    let pages = 0;
    let chars = 0;
    const confidences = [];
    const started = performance.now();
    for (const doc of corpus) {
      const r = await parsePdf(
        doc.bytes,
        { mode: 'ocr', blocks: true, maxPages: maxPagesPerDoc === Infinity ? undefined : maxPagesPerDoc },
        { ocr },
      );
      pages += r.numPages;
      chars += r.markdown.length;
      for (const p of r.blocks)
        for (const b of p.items) if (b.confidence.ocr !== null) confidences.push(b.confidence.ocr);
    }
    const ms = performance.now() - started;
    const meanConfidence = confidences.reduce((a, b) => a + b, 0) / Math.max(1, confidences.length);
    return { workers: ocr.concurrency, pages, ms, chars, pagesPerSecond: (pages * 1000) / ms, meanConfidence };
  } finally {
    await ocr.close();
  }
}
