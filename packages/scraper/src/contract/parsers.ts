import { z } from 'zod';
import { PDF_MAX_PAGES_MAX, PDF_MAX_PAGES_MIN } from './limits.js';

/** Spec §2.2: the PDF parser, strict. */
const pdfParserObjectSchema = z.strictObject({
  type: z.literal('pdf'),
  mode: z
    .enum(['fast', 'auto', 'ocr'])
    .default('auto')
    .describe('fast: embedded text only; auto: fast then OCR fallback; ocr: OCR every page.'),
  maxPages: z.number().int().min(PDF_MAX_PAGES_MIN).max(PDF_MAX_PAGES_MAX).optional(),
  pages: z.boolean().default(false).describe('Per-page markdown in `data.pages`.'),
  pageMarkdown: z
    .boolean()
    .optional()
    .describe('Deprecated spelling of `pages` (the Firecrawl SDK still types it); `pages` wins.'),
  blocks: z.boolean().default(false).describe('Per-page layout blocks in `data.blocks`.'),
  pageMarkers: z.boolean().default(false).describe('Mark page breaks in the markdown.'),
});

/** `pageMarkdown` is folded into `pages`, so the pipeline reads one field. */
export const pdfParserSchema = pdfParserObjectSchema.transform(({ pageMarkdown, ...parser }) => ({
  ...parser,
  pages: parser.pages || pageMarkdown === true,
}));

/** The SDK's image parser: a raster image (PNG, JPEG, ...) is OCR'd as a one-page document. No options. */
export const imageParserSchema = z
  .strictObject({ type: z.literal('image') })
  .describe('OCR raster images into markdown.');

/** Names the JS SDK's types allow as bare strings (`"pdf"` ≡ `{type:"pdf"}`). */
export const PARSER_SHORTHANDS = ['pdf', 'image'] as const;

export const parserItemSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && (PARSER_SHORTHANDS as readonly string[]).includes(value) ? { type: value } : value,
  z.union([pdfParserSchema, imageParserSchema]),
);
