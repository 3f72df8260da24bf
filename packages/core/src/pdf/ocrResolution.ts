// OCR render resolution from the page and glyph size: 200 dpi reads 10 pt body text on a full-size page, but small
// pages (old books, receipts scanned to their own size) and small print need more, up to 600 dpi, while a pixel
// budget keeps the rendered bitmap, and so memory, capped.

export const MIN_OCR_DPI = 200;
export const MAX_OCR_DPI = 600;
/** Cap on rendered pixels per render (about A4 at 300 dpi), so huge page boxes cannot exhaust memory. */
export const MAX_RENDER_PIXELS = 9_000_000;
/** A4's area in square points: pages this size or larger render at MIN_OCR_DPI unless their glyphs are small. */
const FULL_PAGE_AREA = 595 * 842;
/** An em this many pixels tall reads well (10 pt at 200 dpi). */
const TARGET_EM_PX = 28;
/** A second, sharper render is tried when the first one's text came out smaller than the target by this factor. */
export const RERENDER_FACTOR = 1.3;

/** Render scale (pixels per point) for a region `width` × `height` points whose text is about `glyphSize` points. */
export function ocrScale(width: number, height: number, glyphSize?: number, pageArea = width * height): number {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  // Smaller pages than A4 get proportionally more dots per inch: the same text then covers the same pixels.
  let dpi = MIN_OCR_DPI * Math.max(1, Math.sqrt(FULL_PAGE_AREA / Math.max(1, pageArea)));
  if (glyphSize && glyphSize > 0) dpi = Math.max(dpi, (TARGET_EM_PX * 72) / glyphSize);
  let scale = Math.min(MAX_OCR_DPI, dpi) / 72;
  if (w * h * scale * scale > MAX_RENDER_PIXELS) scale = Math.sqrt(MAX_RENDER_PIXELS / (w * h));
  return scale;
}

/** The em size in pixels of an OCR result (median over its lines), or null when it read no line. */
export function medianEmPx(lines: { bbox: [number, number, number, number]; words: unknown[] }[]): number | null {
  const hs = lines
    .filter((l) => l.words.length > 0)
    .map((l) => (l.bbox[3] - l.bbox[1]) * 0.85)
    .sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)] : null;
}

/** Whether a render at `scale` whose text measured `emPx` pixels should be redone sharper, and at what scale. */
export function sharperScale(scale: number, emPx: number | null, width: number, height: number): number | null {
  if (emPx === null || emPx <= 0 || emPx * RERENDER_FACTOR >= TARGET_EM_PX) return null;
  const glyphSize = emPx / scale;
  const next = ocrScale(width, height, glyphSize);
  return next >= scale * RERENDER_FACTOR ? next : null;
}
