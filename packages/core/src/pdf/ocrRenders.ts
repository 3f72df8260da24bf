// Renders of a page for the OCR engine: the whole page at the scale its size and glyphs call for, again at a given
// scale for a second reading, or one region (a large image) of it.
import * as mupdf from 'mupdf';
import type { Segment } from './extractPageText.js';
import { ocrScale } from './ocrResolution.js';

/** Renders the page for OCR at `scale`, or at the scale its size (and its text layer's glyph size) calls for. */
export function renderForOcr(
  page: mupdf.Page,
  glyphSize?: number,
  fixedScale?: number,
): { png: Uint8Array; scale: number } {
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = fixedScale ?? ocrScale(x1 - x0, y1 - y0, glyphSize);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
  try {
    return { png: pixmap.asPNG(), scale };
  } finally {
    pixmap.destroy();
  }
}

/** Page `pageNumber` rendered again at `scale` pixels per point, for a second reading. */
export function renderAgain(doc: mupdf.Document, pageNumber: number, scale: number): Uint8Array {
  const page = doc.loadPage(pageNumber - 1);
  try {
    return renderForOcr(page, undefined, scale).png;
  } finally {
    page.destroy();
  }
}

/** Renders one region of the page (page-relative points) for OCR. */
export function renderRegion(
  page: mupdf.Page,
  [x0, y0, x1, y1]: [number, number, number, number],
  pageArea: number,
): { png: Uint8Array; scale: number } {
  const [bx0, by0] = page.getBounds();
  const scale = ocrScale(x1 - x0, y1 - y0, undefined, pageArea);
  const box: [number, number, number, number] = [
    Math.floor((x0 + bx0) * scale),
    Math.floor((y0 + by0) * scale),
    Math.ceil((x1 + bx0) * scale),
    Math.ceil((y1 + by0) * scale),
  ];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, box, false);
  try {
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.scale(scale, scale), pixmap);
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
    }
    return { png: pixmap.asPNG(), scale: scale };
  } finally {
    pixmap.destroy();
  }
}

/** Median font size of a page's text layer (what an `ocr`-mode render is sized for), or undefined without one. */
export function medianSize(segments: Segment[]): number | undefined {
  const sizes = segments
    .map((s) => s.size)
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : undefined;
}
