// What parsePdf.ts's page reading (text layer, OCR) hands on to the layout and assembly steps (layoutPages.ts,
// assemblePdf.ts): one page's text, its OCR in flight and what went wrong.
import type { OcrPageResult } from './OcrEngine.js';
import type { PageText } from './extractPageText.js';

export interface PageWork {
  text: PageText;
  /** Rendered PNG waiting for OCR, and its scale (pixels per point). */
  ocr?: Promise<OcrPageResult>;
  scale?: number;
  /** OCR of large images on a page that has a text layer (`auto`), with where each region sits. */
  regions?: { ocr: Promise<OcrPageResult>; scale: number; x0: number; y0: number }[];
  /**
   * A hidden text layer over a scan (`auto`), or the page's visible text layer (`ocr`), kept unless our own OCR reads
   * the page clearly and differently.
   */
  layer?: PageText;
  /** The layer is visible text (`ocr` mode): words OCR finds outside it (text in images) are added to it. */
  visibleLayer?: boolean;
  /** No usable text and OCR was not allowed (fast mode) or not possible. */
  needsOcr?: boolean;
  error?: string;
}
