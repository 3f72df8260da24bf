// An OCR result → the same PageText model native text gives, so one layout pass serves both.
import type { OcrPageResult } from './OcrEngine.js';
import type { PageText, Segment } from './extractPageText.js';

/** Word gaps wider than this many line heights split a line into segments (table cells, columns). */
const OCR_SEGMENT_GAP = 1.1;
/** Tesseract boxes span ascender to descender; the font size is about this share of the box height. */
const OCR_BOX_TO_FONT_SIZE = 0.85;
/**
 * A line without descending letters spans only ascender to baseline, about this share of a full line's box (0.72 em
 * of 0.93 em in common faces): without the correction a title with no g, j, p, q or y measured no larger than the
 * body and was taken for a running head.
 */
const NO_DESCENDER_SHARE = 0.77;
const DESCENDER = /[gjpqy()[\]{}]/;

/** Specks and smudges on a scan come back as short marks read with little confidence ("~~", "=", "CL", "©")... */
const SPECKLE_CONFIDENCE = 0.4;
/** ...of fewer letters or digits than this; a real word read unsurely is longer and stays. */
const SPECKLE_MAX_CHARS = 2;

function isSpeckle(text: string, confidence: number): boolean {
  return confidence < SPECKLE_CONFIDENCE && (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) <= SPECKLE_MAX_CHARS;
}

/** `scale` is render pixels per PDF point. */
export function ocrPageText(
  result: OcrPageResult,
  pageNumber: number,
  width: number,
  height: number,
  scale: number,
): PageText {
  const segments: Segment[] = [];
  let chars = 0;
  for (const line of result.lines) {
    const words = line.words.filter((w) => w.text.trim().length > 0 && !isSpeckle(w.text, w.confidence));
    if (words.length === 0) continue;
    const lineHeight = (line.bbox[3] - line.bbox[1]) / scale;
    const full = DESCENDER.test(line.text) ? lineHeight : lineHeight / NO_DESCENDER_SHARE;
    const size = Math.round(full * OCR_BOX_TO_FONT_SIZE * 2) / 2;
    let group: typeof words = [];
    const emit = () => {
      if (group.length === 0) return;
      const text = group.map((w) => w.text.trim()).join(' ');
      chars += text.replace(/\s+/g, '').length;
      const conf = group.reduce((s, w) => s + w.confidence, 0) / group.length;
      segments.push({
        text,
        x0: Math.min(...group.map((w) => w.bbox[0])) / scale,
        y0: line.bbox[1] / scale,
        x1: Math.max(...group.map((w) => w.bbox[2])) / scale,
        y1: line.bbox[3] / scale,
        size,
        bold: false,
        italic: false,
        mono: false,
        source: 'ocr',
        confidence: conf,
      });
      group = [];
    };
    for (const w of words) {
      const prev = group[group.length - 1];
      if (prev && (w.bbox[0] - prev.bbox[2]) / scale > OCR_SEGMENT_GAP * lineHeight) emit();
      group.push(w);
    }
    emit();
  }
  return {
    pageNumber,
    width,
    height,
    segments,
    images: [],
    charCount: chars,
    garbageRatio: 0,
    source: 'ocr',
    status: 'ok',
    ocrConfidence: result.confidence,
  };
}
