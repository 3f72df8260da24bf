// The tesseract.js pool end to end: a real PDF page rendered by @scrape/core's parsePdf and read offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePdf } from '@scrape/core';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfWorkerPool } from '../pdf/createPdfWorkerPool.js';
import { BUNDLED_LANGUAGES, createTesseractOcr, DEFAULT_LANGUAGE, defaultLangPath } from './createTesseractOcr.js';

/** A page of text (accented letters, WinAnsi) in Helvetica: a PDF with a visible text layer. */
function textPdfOf(lines: string[]): mupdf.PDFDocument {
  const winAnsi = (t: string) =>
    Array.from(t, (c) => (c.charCodeAt(0) < 128 ? c : `\\${c.charCodeAt(0).toString(8)}`)).join('');
  const src = new mupdf.PDFDocument();
  const font = src.addSimpleFont(new mupdf.Font('Helvetica'));
  const text = lines.map((l, i) => `BT /F1 14 Tf 72 ${842 - 100 - i * 24} Td (${winAnsi(l)}) Tj ET`).join('\n');
  src.insertPage(-1, src.addPage([0, 0, 595, 842], 0, { Font: { F1: font } }, text));
  return src;
}

/** The same page rasterised at 200 dpi and stored as an image-only page: a scan. */
function scanOf(lines: string[]): Uint8Array {
  const src = textPdfOf(lines);
  const pix = src.loadPage(0).toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceGray, false);
  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(pix));
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { XObject: { Im0: image } }, 'q 595 0 0 842 0 0 cm /Im0 Do Q'));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

const DATA = join(import.meta.dirname, '../../../../../shared/data/pdf/docling-testdata/pdfs');
const PAPER = join(DATA, '2305.03393v1-pg9.pdf');

describe('createTesseractOcr', () => {
  const ocr = createTesseractOcr({ workers: 2 });
  afterAll(() => ocr.close());

  it('uses the bundled int model, never a CDN', () => {
    expect(existsSync(join(defaultLangPath(), 'eng.traineddata.gz'))).toBe(true);
    // English and French models side by side (links into their packages), as the pool loads them by default.
    for (const code of DEFAULT_LANGUAGE.split('+'))
      expect(existsSync(join(defaultLangPath(DEFAULT_LANGUAGE), `${code}.traineddata.gz`))).toBe(true);
    expect(ocr.concurrency).toBe(2);
  });

  it.skipIf(!existsSync(PAPER))(
    'reads a real paper page through parsePdf in ocr mode: the reading confirms the text layer, which is kept',
    async () => {
      const result = await parsePdf(new Uint8Array(readFileSync(PAPER)), { mode: 'ocr', blocks: true }, { ocr });
      // The page's own text agrees with the OCR reading: its fonts and positions (the structure) are kept.
      expect(result.metadata.ocrPages).toBe(0);
      expect(result.markdown).toContain('Hyper Parameter Optimization');
      expect(result.markdown).toContain('Quantitative Results');
      expect(result.markdown).toMatch(/PubTabNet/);
      const items = result.blocks![0].items;
      expect(items.some((b) => b.source === 'native_text')).toBe(true);
    },
    120_000,
  );

  it('reads the accented letters of a French scan with the default models', async () => {
    const lines = ['Hélène a acheté un gâteau à la crème.', 'Le château est près de la forêt, où naît la rivière.'];
    const result = await parsePdf(scanOf(lines), { mode: 'auto' }, { ocr });
    expect(result.metadata.ocrPages).toBe(1);
    for (const word of ['Hélène', 'acheté', 'gâteau', 'crème', 'château', 'près', 'forêt', 'naît', 'rivière'])
      expect(result.markdown).toContain(word);
  }, 120_000);

  // Letters the default English and French models lack: ñ, á, í, ó, ú in Spanish; ä, ö, ü, ß in German.
  const SPANISH = [
    'La señora López compró café y azúcar en el mercado.',
    'Mañana el camión saldrá de León hacia Cádiz por la autovía.',
    'El niño leyó la canción del pájaro en el jardín.',
  ];
  const SPANISH_WORDS = ['señora', 'López', 'compró', 'café', 'azúcar', 'Mañana', 'camión', 'saldrá', 'León', 'Cádiz'];
  const GERMAN = [
    'Die Bäckerei öffnet früh, und die Straße ist schon voller Kunden.',
    'Jürgen möchte über die Brücke gehen, weil die Fähre heute ausfällt.',
    'Die Größe der Tüte hängt vom Gewicht der Äpfel ab.',
  ];
  const GERMAN_WORDS = ['Bäckerei', 'öffnet', 'früh', 'Straße', 'Jürgen', 'möchte', 'über', 'Brücke', 'Fähre', 'Größe'];

  it('ships German, Spanish, Italian, Portuguese and Dutch models beside the default pair', () => {
    expect(BUNDLED_LANGUAGES).toEqual(expect.arrayContaining(['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld']));
    for (const code of BUNDLED_LANGUAGES)
      expect(existsSync(join(defaultLangPath(BUNDLED_LANGUAGES.join('+')), `${code}.traineddata.gz`))).toBe(true);
  });

  it('reads a Spanish or German scan again with its own model, and keeps the accented letters', async () => {
    const spanish = await parsePdf(scanOf(SPANISH), { mode: 'auto' }, { ocr });
    for (const word of SPANISH_WORDS) expect(spanish.markdown).toContain(word);
    const german = await parsePdf(scanOf(GERMAN), { mode: 'auto' }, { ocr });
    for (const word of GERMAN_WORDS) expect(german.markdown).toContain(word);
  }, 180_000);

  it('spares the second reading where OCR only confirms a German text layer, not on the same page scanned', async () => {
    const counter = createTesseractOcr({ workers: 1 });
    try {
      const layered = textPdfOf(GERMAN).saveToBuffer('compress').asUint8Array().slice();
      const confirmed = await parsePdf(layered, { mode: 'ocr' }, { ocr: counter });
      // The layer was read (and kept, with its own letters), but never read again with the German model.
      expect(counter.stats.pages).toBeGreaterThanOrEqual(1);
      expect(counter.stats.rereads).toBe(0);
      expect(confirmed.metadata.ocrPages).toBe(0);
      for (const word of GERMAN_WORDS) expect(confirmed.markdown).toContain(word);
      // The same page without its text layer: the reading is the text, and the German model reads it again.
      const scanned = await parsePdf(scanOf(GERMAN), { mode: 'ocr' }, { ocr: counter });
      expect(scanned.metadata.ocrPages).toBe(1);
      expect(counter.stats.rereads).toBe(1);
      for (const word of GERMAN_WORDS) expect(scanned.markdown).toContain(word);
    } finally {
      await counter.close();
    }
  }, 180_000);

  it('the confirm-only hint crosses the PDF worker pool: a German layer read in a PDF thread is not read again', async () => {
    const counter = createTesseractOcr({ workers: 1 });
    const pool = createPdfWorkerPool({ workers: 1, ocr: () => counter });
    try {
      const layered = textPdfOf(GERMAN).saveToBuffer('compress').asUint8Array().slice();
      const confirmed = await pool.parse(layered, { mode: 'ocr' }, { deadline: Date.now() + 170_000 });
      expect(counter.stats.pages).toBeGreaterThanOrEqual(1);
      // Without the hint in the pool's messages, the engine reads the page again with the German model (1 ≠ 0).
      expect(counter.stats.rereads).toBe(0);
      expect(confirmed.metadata.ocrPages).toBe(0);
      for (const word of GERMAN_WORDS) expect(confirmed.markdown).toContain(word);
    } finally {
      await pool.close();
      await counter.close();
    }
  }, 180_000);

  it('without the re-read, the default models lose those letters (what the re-read is for)', async () => {
    const once = createTesseractOcr({ workers: 1, reread: false });
    try {
      const spanish = await parsePdf(scanOf(SPANISH), { mode: 'auto' }, { ocr: once });
      const kept = SPANISH_WORDS.filter((w) => spanish.markdown.includes(w));
      expect(kept.length).toBeLessThan(SPANISH_WORDS.length - 2);
    } finally {
      await once.close();
    }
  }, 180_000);

  it('one worker serves pages of three languages at once, switching models as they come', async () => {
    const single = createTesseractOcr({ workers: 1 });
    try {
      const english = ['The committee met on Tuesday to agree the budget for the new library.'];
      const [es, de, en] = await Promise.all(
        [SPANISH, GERMAN, english].map((lines) => parsePdf(scanOf(lines), { mode: 'ocr' }, { ocr: single })),
      );
      for (const word of SPANISH_WORDS) expect(es.markdown).toContain(word);
      for (const word of GERMAN_WORDS) expect(de.markdown).toContain(word);
      expect(en.markdown).toContain('committee met on Tuesday');
    } finally {
      await single.close();
    }
  }, 240_000);

  it('rejects promptly when the signal aborts, and keeps working afterwards', async () => {
    const bytes = new Uint8Array(readFileSync(PAPER));
    const controller = new AbortController();
    let abortedAt = 0;
    const pending = parsePdf(bytes, { mode: 'ocr' }, { ocr, signal: controller.signal });
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort(new DOMException('timeout', 'TimeoutError'));
    }, 200);
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    const abortToReject = performance.now() - abortedAt;
    const started = performance.now();
    const again = await parsePdf(bytes, { mode: 'ocr' }, { ocr });
    const wholeRead = performance.now() - started;
    expect(again.markdown).toContain('Hyper Parameter Optimization');
    // "Promptly" relative to the work it spares, so a busy machine slows both sides alike: the rejection must come
    // well before a whole read of the same page would have ended.
    expect(abortToReject).toBeLessThan(wholeRead / 2);
  }, 120_000);
});
