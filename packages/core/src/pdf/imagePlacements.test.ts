// Image placements on a page that also draws shadings: read from a display list, clipped like MuPDF clips them,
// gradients left out, and the page's text the same as without images.
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { extractPageText } from './extractPageText.js';

/** A4 page: an image, an image clipped to a small window, a full-width gradient band (`sh`) and a line of text. */
function pageWithShading(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 8, 8], false);
  pix.clear(128);
  const image = doc.addImage(new mupdf.Image(pix));
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const gradient = {
    ShadingType: 2,
    ColorSpace: 'DeviceRGB',
    Coords: [0, 0, 595, 0],
    Function: { FunctionType: 2, Domain: [0, 1], C0: [1, 0, 0], C1: [0, 0, 1], N: 1 },
    Extend: [true, true],
  };
  const content = [
    'q 200 0 0 100 50 600 cm /Im0 Do Q',
    // The second image is 300 × 200 points but only a 100 × 50 window of it shows.
    'q 50 300 100 50 re W n 300 0 0 200 50 200 cm /Im0 Do Q',
    'q 0 100 595 40 re W n /Sh0 sh Q',
    'BT /F1 12 Tf 300 500 Td (Gradients are not pictures) Tj ET',
  ].join('\n');
  const resources = { Font: { F1: font }, XObject: { Im0: image }, Shading: { Sh0: gradient } };
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, content));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

describe('image placements', () => {
  it('finds clipped images on a page with shadings, without turning the gradient into an image', () => {
    const doc = mupdf.Document.openDocument(pageWithShading(), 'application/pdf');
    try {
      const page = doc.loadPage(0);
      const text = extractPageText(page, 1, new Map());
      const rounded = text.images.map((b) => b.map(Math.round)).sort((a, b) => a[1] - b[1]);
      // PDF y runs up; page boxes run down from the top (842 points).
      expect(rounded).toEqual([
        [50, 142, 250, 242],
        [50, 492, 150, 542],
      ]);
      expect(text.segments.map((s) => s.text)).toEqual(['Gradients are not pictures']);
      page.destroy();
    } finally {
      doc.destroy();
    }
  });
});
