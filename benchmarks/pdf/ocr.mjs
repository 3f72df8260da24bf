// OCR pages per second through parsePdf's ocr mode with the tesseract.js pool (one worker per core). Each page is
// first turned into a scan (rendered at 200 dpi to grey and stored as an image-only page): on a page with a text
// layer, `ocr` mode keeps that layer where the OCR reading agrees with it, so a born-digital page would measure the
// confirmation, not OCR's own reading and its confidence.
import { availableParallelism } from 'node:os';
import { parsePdf } from '@scrape/core';
import * as mupdf from 'mupdf';
// The pool lives in @scrape/scraper (it starts worker threads); the benchmark reaches its built file directly.
import { createTesseractOcr } from '../../packages/scraper/dist/ocr/createTesseractOcr.js';
import { textPdf } from './textPdf.mjs';

const SCAN_DPI = 200;

/** The first `maxPages` pages of `bytes` as a PDF of image-only pages (no text layer), at SCAN_DPI. */
function asScan(bytes, maxPages = Infinity) {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages = [];
    for (let i = 0; i < Math.min(doc.countPages(), maxPages); i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      const pix = page.toPixmap(mupdf.Matrix.scale(SCAN_DPI / 72, SCAN_DPI / 72), mupdf.ColorSpace.DeviceGray, false);
      const image = { x: 0, top: 0, w: x1 - x0, h: y1 - y0, width: pix.getWidth(), height: pix.getHeight() };
      pages.push({
        width: x1 - x0,
        height: y1 - y0,
        items: [],
        images: [{ ...image, gray: Buffer.from(pix.getPixels()) }],
      });
      pix.destroy();
      page.destroy();
    }
    return textPdf(pages);
  } finally {
    doc.destroy();
  }
}

export async function measureOcr(corpus, { maxPagesPerDoc = Infinity } = {}) {
  const ocr = createTesseractOcr({ workers: availableParallelism() });
  try {
    let pages = 0;
    let chars = 0;
    const confidences = [];
    const scans = corpus.map((doc) => asScan(doc.bytes, maxPagesPerDoc));
    const started = performance.now();
    for (const scan of scans) {
      const r = await parsePdf(scan, { mode: 'ocr', blocks: true }, { ocr });
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
