// The public face of @scrape/core: pure transforms (strings and bytes in, values out).
export { CoreError, isCoreError, type CoreErrorKind } from './errors.js';
export {
  processHtml,
  type ProcessHtmlInput,
  type ProcessHtmlOptions,
  type ProcessHtmlResult,
} from './html/processHtml.js';
export type { PageMetadata } from './html/metadata.js';
export {
  extractMainContent,
  collectContentHints,
  type ContentHints,
  type ExtractMainContentOptions,
} from './main-content/extractMainContent.js';
export { parsePdf, MAX_PDF_PAGES, MAX_PDF_BYTES } from './pdf/parsePdf.js';
export { isPdf, hasPdfMagic } from './pdf/isPdf.js';
export type {
  ParsePdfOptions,
  ParsePdfContext,
  ParsePdfResult,
  PdfParseMode,
  PdfBlock,
  PdfBlockType,
  PdfPageBlocks,
  PdfPage,
  PdfMetadata,
} from './pdf/pdfTypes.js';
export type { OcrEngine, OcrPageResult, OcrLine, OcrWord } from './pdf/OcrEngine.js';
