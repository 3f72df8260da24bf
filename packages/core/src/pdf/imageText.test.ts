// `auto` OCRs large images on pages that have a text layer (a poster, a logo with words), bounded per document.
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { createTestOcr } from './tesseractOcr.fixture.js';
import { textPdf } from './textPdf.fixture.js';

/** `pages` A4 pages, each a line of native text above a picture of large words (a poster) with no text layer. */
function posterPdf(pages: number): Uint8Array {
  const art = mupdf.Document.openDocument(
    textPdf([
      {
        width: 320,
        height: 120,
        items: [
          { x: 20, top: 30, size: 30, text: 'GRAND OPENING', font: 'bold' },
          { x: 20, top: 72, size: 20, text: 'Harbour Market' },
        ],
      },
    ]),
    'application/pdf',
  );
  const pix = art.loadPage(0).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, false);
  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(pix));
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  for (let i = 1; i <= pages; i++) {
    const content =
      `BT /F1 11 Tf 60 780 Td (Page ${i} of the leaflet has one line of ordinary text above the ` +
      `poster.) Tj ET\nq 400 0 0 150 100 480 cm /Im0 Do Q`;
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font }, XObject: { Im0: image } }, content));
  }
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

describe('text in images on pages with a text layer', () => {
  let calls = 0;
  const ocr = createTestOcr(() => {
    calls++;
  });
  const engine = ocr.engine;
  afterAll(() => ocr.close());

  it('auto reads the words of a large image after the native text; fast does not', async () => {
    const pdf = posterPdf(1);
    calls = 0;
    const auto = await parsePdf(pdf, { mode: 'auto', blocks: true }, { ocr: engine });
    expect(calls).toBe(1);
    expect(auto.markdown).toContain('ordinary text above the poster');
    expect(auto.markdown).toMatch(/GRAND OPENING/);
    expect(auto.markdown).toMatch(/Harbour Market/);
    expect(auto.markdown.indexOf('ordinary text')).toBeLessThan(auto.markdown.indexOf('GRAND'));
    const ocrBlocks = auto.blocks?.[0].items.filter((b) => b.source === 'ocr') ?? [];
    expect(ocrBlocks.length).toBeGreaterThan(0);
    for (const b of ocrBlocks) expect(b.confidence.ocr).toBeGreaterThan(0.6);
    const fast = await parsePdf(pdf, { mode: 'fast' }, { ocr: engine });
    expect(fast.markdown).not.toMatch(/GRAND/);
    expect(calls).toBe(1);
  }, 120_000);

  it('OCRs at most 8 images per document', async () => {
    calls = 0;
    const r = await parsePdf(posterPdf(10), { mode: 'auto' }, { ocr: engine });
    expect(calls).toBe(8);
    expect(r.markdown.match(/GRAND OPENING/g)?.length).toBe(8);
  }, 300_000);
});
