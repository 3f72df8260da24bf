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

/**
 * An A4 letter page of native text with a firm's logo (a picture of its name, `w` × `h` points, under 8% of the page)
 * at the top left and a small icon (16 × 16 points, a picture too) beside the text.
 */
function logoPdf(name: string, font: 'bold' | 'regular' | 'serif', w: number, h: number): Uint8Array {
  const picture = (pw: number, ph: number, items: Parameters<typeof textPdf>[0][0]['items']) => {
    const art = mupdf.Document.openDocument(textPdf([{ width: pw, height: ph, items }]), 'application/pdf');
    return new mupdf.Image(
      art.loadPage(0).toPixmap(mupdf.Matrix.scale(3, 3), mupdf.ColorSpace.DeviceRGB, false, false),
    );
  };
  const doc = new mupdf.PDFDocument();
  const logo = doc.addImage(picture(w, h, [{ x: 6, top: h * 0.2, size: h * 0.55, text: name, font }]));
  const icon = doc.addImage(picture(16, 16, [{ x: 3, top: 2, size: 12, text: 'i', font: 'bold' }]));
  const f = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const lines = [
    'Dear customer, thank you for your order of the sixth of May.',
    'The goods will be shipped from our warehouse next week.',
  ];
  const content =
    lines.map((l, k) => `BT /F1 11 Tf 60 ${640 - k * 16} Td (${l}) Tj ET`).join('\n') +
    `\nq ${w} 0 0 ${h} 60 ${790 - h} cm /Im0 Do Q\nq 16 0 0 16 40 636 cm /Im1 Do Q`;
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: f }, XObject: { Im0: logo, Im1: icon } }, content));
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

  for (const [name, font, w, h] of [
    ['Kestrel Vane Architects', 'bold', 230, 34],
    ['Harbour Market Trust', 'serif', 200, 30],
    ['Lemaire Freres', 'regular', 150, 40],
  ] as const)
    it(`auto reads a logo's name under 8% of the page, not an icon (${font}, ${w} x ${h} pt)`, async () => {
      expect((w * h) / (595 * 842)).toBeLessThan(0.08);
      calls = 0;
      const r = await parsePdf(logoPdf(name, font, w, h), { mode: 'auto' }, { ocr: engine });
      expect(calls).toBe(1);
      expect(r.markdown).toContain(name);
      expect(r.markdown).toContain('thank you for your order');
    }, 120_000);
});
