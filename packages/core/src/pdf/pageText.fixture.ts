// One A4 page of native text made of the given segments, for tests of the layout passes that read PageText.
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
