// Text in the large images of a page that has a text layer (posters, logos): which regions are read, the sample of
// the layer that tells the engine their language, and the words read back joined to the page's segments.
import type { PageText } from './extractPageText.js';
import { mergeBoxes } from './layoutPages.js';
import { ocrPageText } from './ocrPageText.js';
import type { OcrPageResult } from './OcrEngine.js';
import type { PageWork } from './pageWork.js';

/**
 * In `auto`, images covering at least this share of a page that has a text layer are OCRed too (posters, logos;
 * a firm's logo beside a letterhead covers 1–2% of the page, and 8% left every logo of the image-text family unread)...
 */
const MIN_OCR_IMAGE_AREA = 0.005;
/** ...when at least this tall and 3 times as wide, in points (room for a line of text; icons and rules are not). */
const MIN_OCR_IMAGE_SIDE = 12;
/** ...at most this many per page and per document, so a photo album costs bounded time. */
export const MAX_OCR_IMAGES_PER_PAGE = 2;
export const MAX_OCR_IMAGES_PER_DOCUMENT = 8;
/** Words read from an image with less confidence than this are photo texture, not text. */
const MIN_IMAGE_WORD_CONFIDENCE = 0.6;

/**
 * A language sample is this long at most: a trigram profile settles within a few hundred letters, and the engine's
 * language pick should not cost more on a long page.
 */
const LANGUAGE_SAMPLE_CHARS = 2000;

/** The start of a page's text layer, for the engine to tell the language of the page's images from. */
export function layerSample(text: PageText): string {
  let out = '';
  for (const s of text.segments) {
    if (out.length >= LANGUAGE_SAMPLE_CHARS) break;
    out += `${s.text} `;
  }
  return out.slice(0, LANGUAGE_SAMPLE_CHARS);
}

/** Large images on a text page with (almost) no native text over them: where text in images may hide. */
export function imageRegions(text: PageText): [number, number, number, number][] {
  const area = Math.max(1, text.width * text.height);
  return mergeBoxes(text.images)
    .map(
      (b) =>
        [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(text.width, b[2]), Math.min(text.height, b[3])] as [
          number,
          number,
          number,
          number,
        ],
    )
    .filter(
      ([x0, y0, x1, y1]) =>
        ((x1 - x0) * (y1 - y0)) / area >= MIN_OCR_IMAGE_AREA &&
        y1 - y0 >= MIN_OCR_IMAGE_SIDE &&
        x1 - x0 >= 3 * MIN_OCR_IMAGE_SIDE,
    )
    .filter(
      ([x0, y0, x1, y1]) =>
        text.segments.filter(
          (s) => (s.x0 + s.x1) / 2 > x0 && (s.x0 + s.x1) / 2 < x1 && (s.y0 + s.y1) / 2 > y0 && (s.y0 + s.y1) / 2 < y1,
        ).length <= 2,
    )
    .sort((a, b) => (b[2] - b[0]) * (b[3] - b[1]) - (a[2] - a[0]) * (a[3] - a[1]));
}

/** Text read from a page's large images joins its text layer; a failed or unsure read adds nothing. */
export async function addImageText(item: PageWork): Promise<void> {
  for (const region of item.regions ?? []) {
    let result: OcrPageResult;
    try {
      result = await region.ocr;
    } catch {
      // An aborted run is reported by the caller's time check after all pages.
      continue;
    }
    const { width, height, pageNumber } = item.text;
    const read = ocrPageText(result, pageNumber, width, height, region.scale).segments.filter(
      (s) => (s.confidence ?? 0) >= MIN_IMAGE_WORD_CONFIDENCE && (s.text.match(/\p{L}/gu)?.length ?? 0) >= 2,
    );
    for (const s of read) {
      s.x0 += region.x0;
      s.x1 += region.x0;
      s.y0 += region.y0;
      s.y1 += region.y0;
    }
    item.text.segments.push(...read);
  }
}
