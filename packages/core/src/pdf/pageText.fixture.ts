// One A4 page of native text made of the given segments, and one native-text segment in a box, for tests of the
// layout passes that read PageText or Segments.
import type { PageText, Segment } from './extractPageText.js';

export function textPage(segments: Segment[]): PageText {
  return {
    pageNumber: 1,
    width: 595,
    height: 842,
    segments,
    images: [],
    charCount: 1,
    garbageRatio: 0,
    source: 'native_text',
    status: 'ok',
    ocrConfidence: null,
  };
}

/** A plain native-text segment from x0 to x1, its top at y0, `leading` × size tall. */
export function boxSegment(text: string, x0: number, y0: number, x1: number, size = 10, leading = 1.2): Segment {
  return {
    text,
    x0,
    y0,
    x1,
    y1: y0 + size * leading,
    size,
    bold: false,
    italic: false,
    mono: false,
    source: 'native_text',
    confidence: null,
  };
}
