import { z } from 'zod';
import { PDF_MAX_PAGES_MAX, PDF_MAX_PAGES_MIN } from './limits.js';

/** Spec §2.2: the PDF parser, strict. */
export const pdfParserSchema = z.strictObject({
  type: z.literal('pdf'),
  mode: z.enum(['fast', 'auto', 'ocr']).default('auto').describe('fast: embedded text only; auto: fast then OCR fallback; ocr: OCR every page.'),
  maxPages: z.number().int().min(PDF_MAX_PAGES_MIN).max(PDF_MAX_PAGES_MAX).optional(),
  pages: z.boolean().default(false).describe('Per-page markdown in `data.pages`.'),
  blocks: z.boolean().default(false).describe('Per-page layout blocks in `data.blocks`.'),
  pageMarkers: z.boolean().default(false).describe('Mark page breaks in the markdown.'),
});
export type PdfParser = z.output<typeof pdfParserSchema>;

/** The JS SDK's types also allow the bare string `"pdf"`; it means `{type:"pdf"}`. */
export const parserItemSchema = z.preprocess((value) => (value === 'pdf' ? { type: 'pdf' } : value), pdfParserSchema);
