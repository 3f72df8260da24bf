// A scan whose invisible text layer is another recogniser's output: `auto` keeps it when it agrees with what the
// page shows, and replaces it with its own clear reading when it is garbage (a failed handwriting read).
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageText, Segment } from './extractPageText.js';
import { withWordsOutside } from './hiddenLayer.js';
import { parsePdf } from './parsePdf.js';
import { createTestOcr } from './tesseractOcr.fixture.js';
import { textPdf } from './textPdf.fixture.js';

const LINES = [
  'The harbour office opens at nine every morning.',
  'Parcels for the island leave from the north pier.',
  'Please bring the signed form to the market hall.',
];

/** One A4 scan of LINES at 200 dpi, with `layer` drawn invisibly (render mode 3) at the lines' places. */
function scanWithLayer(layer: string[]): Uint8Array {
  const items = LINES.map((text, i) => ({ x: 72, top: 100 + i * 22, size: 14, text }));
  const src = mupdf.Document.openDocument(textPdf([{ width: 595, height: 842, items }]), 'application/pdf');
  const pix = src.loadPage(0).toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceGray, false);
  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(pix));
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  let content = 'q 595 0 0 842 0 0 cm /Im0 Do Q\n';
  layer.forEach((text, i) => {
    content += `BT 3 Tr /F1 14 Tf 72 ${842 - 100 - i * 22 - 11} Td (${text}) Tj ET\n`;
  });
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font }, XObject: { Im0: image } }, content));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

describe('hidden text layers over scans', () => {
  const ocr = createTestOcr();
  afterAll(() => ocr.close());

  it('auto replaces a garbage hidden layer with its own reading; fast keeps the layer', async () => {
    const garbage = ['Tlve lnmvrur cffice cpenr mt nive', 'PmrceIr fcr tlve irlmnd Ieuve', 'Plenre lrivg tlve rigvcd'];
    const pdf = scanWithLayer(garbage);
    const auto = await parsePdf(pdf, { mode: 'auto', blocks: true }, { ocr: ocr.engine });
    expect(auto.markdown).toContain('harbour office opens');
    expect(auto.markdown).not.toContain('lnmvrur');
    expect(auto.metadata.ocrPages).toBe(1);
    for (const b of auto.blocks?.[0].items ?? []) expect(b.source).toBe('ocr');
    const fast = await parsePdf(pdf, { mode: 'fast' });
    expect(fast.markdown).toContain('lnmvrur');
  }, 120_000);

  it('auto keeps a hidden layer that agrees with the page', async () => {
    const auto = await parsePdf(scanWithLayer(LINES), { mode: 'auto', blocks: true }, { ocr: ocr.engine });
    expect(auto.markdown).toContain('harbour office opens at nine');
    expect(auto.metadata.ocrPages).toBe(0);
  }, 120_000);
});

describe('ocr mode on a page with a visible text layer', () => {
  const ocr = createTestOcr();
  afterAll(() => ocr.close());

  it('keeps the structure of a layer its reading confirms (heading, list) and reads a poster on the page', async () => {
    const doc = new mupdf.PDFDocument();
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const bold = doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'));
    // A poster: words drawn as pixels only, rendered from a small text page.
    const poster = textPdf([
      { width: 360, height: 120, items: [{ x: 20, top: 40, size: 28, text: 'GRAND OPENING', font: 'bold' }] },
    ]);
    const pix = mupdf.Document.openDocument(poster, 'application/pdf')
      .loadPage(0)
      .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceGray, false);
    const image = doc.addImage(new mupdf.Image(pix));
    let content = 'q 360 0 0 120 72 300 cm /Im0 Do Q\n';
    content += 'BT /F2 22 Tf 72 760 Td (Harbour Office Notes) Tj ET\n';
    LINES.forEach((text, i) => {
      content += `BT /F1 12 Tf 72 ${720 - i * 18} Td (${text}) Tj ET\n`;
    });
    ['Bring the signed form', 'Check the pier timetable', 'Ask at the market hall'].forEach((text, i) => {
      content += `BT /F1 12 Tf 80 ${640 - i * 20} Td (\\225) Tj ET\n`;
      content += `BT /F1 12 Tf 96 ${640 - i * 20} Td (${text}) Tj ET\n`;
    });
    const res = { Font: { F1: font, F2: bold }, XObject: { Im0: image } };
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, res, content));
    const pdf = doc.saveToBuffer('compress').asUint8Array().slice();
    const md = (await parsePdf(pdf, { mode: 'ocr' }, { ocr: ocr.engine })).markdown;
    expect(md).toMatch(/^#+ Harbour Office Notes$/m);
    expect(md).toContain('- Check the pier timetable');
    expect(md).toContain('harbour office opens at nine every morning');
    expect(md).toContain('GRAND OPENING');
  }, 120_000);

  it('adds sure OCR lines where the kept layer has no text (a figure box does not count as text)', () => {
    const seg = (text: string, y0: number, extra: Partial<Segment> = {}): Segment => ({
      text,
      x0: 72,
      y0,
      x1: 300,
      y1: y0 + 14,
      size: 12,
      bold: false,
      italic: false,
      mono: false,
      source: 'native_text',
      confidence: null,
      ...extra,
    });
    const page = (segments: Segment[]): PageText => ({
      pageNumber: 1,
      width: 595,
      height: 842,
      segments,
      images: [],
      charCount: 40,
      garbageRatio: 0,
      source: 'native_text',
      status: 'ok',
      ocrConfidence: null,
    });
    const layer = page([seg('The harbour office opens', 100), seg('', 300, { figure: true, y1: 400 })]);
    const ocrd = (text: string, y0: number, confidence: number) => seg(text, y0, { source: 'ocr', confidence });
    const merged = withWordsOutside(
      layer,
      page([ocrd('The harbour office opens', 101, 0.95), ocrd('GRAND OPENING', 330, 0.9), ocrd('blurry', 500, 0.3)]),
    );
    expect(merged.segments.map((s) => s.text)).toEqual(['The harbour office opens', '', 'GRAND OPENING']);
  });
});
