// OCR resolution from page and glyph size: the rule itself, and real scans (made here, read by tesseract.js).
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RENDER_PIXELS, ocrScale } from './ocrResolution.js';
import { parsePdf } from './parsePdf.js';
import { createTestOcr } from './tesseractOcr.fixture.js';
import { textPdf } from './textPdf.fixture.js';

describe('ocrScale', () => {
  it('gives 200 dpi to a full-size page of body text, more to small pages and small glyphs, at most 600', () => {
    expect(ocrScale(595, 842) * 72).toBeCloseTo(200, 0);
    expect(ocrScale(595, 842, 10) * 72).toBeCloseTo(201.6, 0);
    expect(ocrScale(298, 420) * 72).toBeGreaterThan(390); // A6
    expect(ocrScale(298, 420, 5) * 72).toBeCloseTo(403.2, 0);
    // On a full A4 page the pixel budget holds small print to about 300 dpi.
    expect(ocrScale(595, 842, 5) * 72).toBeGreaterThan(300);
    expect(ocrScale(150, 200, 3) * 72).toBe(600);
  });

  it('stays inside the pixel budget on huge pages', () => {
    const s = ocrScale(5000, 5000, 4);
    expect(5000 * 5000 * s * s).toBeLessThanOrEqual(MAX_RENDER_PIXELS * 1.0001);
  });
});

/** The page rendered at `dpi` and put back as an image only: a scan. */
function scan(source: Uint8Array, dpi: number): Uint8Array {
  const src = mupdf.Document.openDocument(source, 'application/pdf');
  const out = new mupdf.PDFDocument();
  const page = src.loadPage(0);
  const [x0, y0, x1, y1] = page.getBounds();
  const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, false);
  const ref = out.addImage(new mupdf.Image(pix));
  const [w, h] = [x1 - x0, y1 - y0];
  out.insertPage(-1, out.addPage([0, 0, w, h], 0, { XObject: { Im0: ref } }, `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`));
  return out.saveToBuffer('compress').asUint8Array().slice();
}

const LINES = ['Harbour lantern meadow garden', 'Copper timber window market', 'Silver forest valley engine'];

describe('OCR resolution on scans', () => {
  const widths: number[] = [];
  // The PNG's width (IHDR bytes 16-19): the resolution each page was rendered at.
  const ocr = createTestOcr((png) => {
    widths.push(Buffer.from(png).readUInt32BE(16));
  });
  const engine = ocr.engine;
  afterAll(() => ocr.close());

  it('a small page is rendered at up to 600 dpi and read', async () => {
    const page = {
      width: 170,
      height: 240,
      items: LINES.map((text, i) => ({ x: 12, top: 40 + i * 9, size: 6, text })),
    };
    widths.length = 0;
    const r = await parsePdf(scan(textPdf([page]), 600), { mode: 'auto' }, { ocr: engine });
    expect(widths[0]).toBeGreaterThanOrEqual(Math.floor((170 * 590) / 72));
    for (const l of LINES) expect(r.markdown).toContain(l.split(' ')[1]);
  }, 120_000);

  it('small print on a full-size page is read again from a sharper render', async () => {
    const page = {
      width: 595,
      height: 842,
      items: LINES.map((text, i) => ({ x: 60, top: 80 + i * 7, size: 4.5, text })),
    };
    widths.length = 0;
    const r = await parsePdf(scan(textPdf([page]), 500), { mode: 'auto' }, { ocr: engine });
    expect(widths[0]).toBe(Math.round((595 * 200) / 72));
    expect(widths[1]).toBeGreaterThan(widths[0] * 1.3);
    for (const l of LINES) expect(r.markdown).toContain(l.split(' ')[1]);
  }, 120_000);
});
