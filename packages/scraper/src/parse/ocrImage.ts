import { imageSize } from 'image-size';
import type { OcrEngine, OcrLine } from '@scrape/core';
import { ScrapeError } from '../errors.js';
import { uploadErrors } from './uploadErrors.js';

/** Largest image recognised: tesseract decodes the whole bitmap (4 bytes a pixel); 40 MP is ~160 MB. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A vertical gap wider than this many line heights starts a new paragraph. */
const PARAGRAPH_GAP = 0.9;

/**
 * An uploaded image → text with the scraper's offline OCR engine (tesseract.js), lines joined into paragraphs where
 * the vertical gap is wide. The image's size is read from its header first, so a decompression bomb is refused
 * before it is decoded.
 */
export async function ocrImage(
  bytes: Uint8Array,
  ocr: OcrEngine | undefined,
  signal?: AbortSignal,
): Promise<{ text: string; confidence: number | null }> {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch (error) {
    throw uploadErrors.unreadable('image', (error as Error).message);
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0);
  if (!pixels) throw uploadErrors.unreadable('image', 'its width and height could not be read');
  if (pixels > MAX_IMAGE_PIXELS)
    throw uploadErrors.tooComplex('image', `${size.width}×${size.height} pixels is over ${MAX_IMAGE_PIXELS}`);
  if (!ocr) {
    throw new ScrapeError({
      status: 503,
      error: 'OCR is turned off on this server; images cannot be parsed',
      code: 'PARSE_OCR_UNAVAILABLE',
    });
  }
  let lines: OcrLine[];
  let confidence: number | null;
  try {
    ({ lines, confidence } = await ocr.recognize(bytes, { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw uploadErrors.unreadable(size.type?.toUpperCase() ?? 'image', `OCR failed (${(error as Error).message})`);
  }
  return { text: paragraphsOf(lines), confidence };
}

export function paragraphsOf(lines: readonly OcrLine[]): string {
  const paragraphs: string[][] = [];
  let previous: OcrLine | undefined;
  for (const line of lines) {
    const text = line.text.trim();
    if (!text) continue;
    const height = line.bbox[3] - line.bbox[1];
    const gap = previous ? line.bbox[1] - previous.bbox[3] : 0;
    if (!previous || gap > PARAGRAPH_GAP * Math.max(height, 1)) paragraphs.push([]);
    paragraphs[paragraphs.length - 1].push(text);
    previous = line;
  }
  return paragraphs.map((p) => p.join(' ')).join('\n\n');
}
