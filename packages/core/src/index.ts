// The public face of @scrape/core: pure transforms (strings and bytes in, values out), as docs/embedding.md shows
// them. What the other packages of this repository need from the inside is in `./internal.ts`
// (`@scrape/core/internal`), which makes no promise to anyone else.

/** The one error type core throws; `kind` says what went wrong (bad selector, input, limit, timeout...). */
export { CoreError } from './errors.js';
/** True when a value is a CoreError (also across module copies). */
export { isCoreError } from './errors.js';
/** The kinds of CoreError. */
export type { CoreErrorKind } from './errors.js';

/** An HTML page (bytes or string, with its URL and content type) to markdown, clean HTML, links and metadata. */
export { processHtml } from './html/processHtml.js';
/** The page processHtml reads: body, URL, content type. */
export type { ProcessHtmlInput } from './html/processHtml.js';
/** What processHtml keeps or drops: main content only, include/exclude tags, which outputs to produce. */
export type { HtmlOutput, ProcessHtmlOptions } from './html/processHtml.js';
/** processHtml's result: markdown, html, links, metadata. */
export type { ProcessHtmlResult } from './html/processHtml.js';
/** The page metadata processHtml reads (title, description, language, Open Graph, ...). */
export type { PageMetadata } from './html/metadata.js';

/** HTML (a string or a DOM node) to GitHub-flavoured markdown. */
export { htmlToMarkdown } from './markdown/htmlToMarkdown.js';
/** Options of htmlToMarkdown. */
export type { HtmlToMarkdownOptions } from './markdown/htmlToMarkdown.js';

/** A PDF's bytes to markdown, per-page text and layout blocks and metadata (MuPDF; OCR through an injected engine). */
export { parsePdf } from './pdf/parsePdf.js';
/** True when bytes or a content type say PDF. */
export { isPdf } from './pdf/isPdf.js';
/** The shapes parsePdf takes and returns. */
export type {
  ParsePdfOptions,
  ParsePdfContext,
  ParsePdfResult,
  PdfParseMode,
  PdfPage,
  PdfMetadata,
} from './pdf/pdfTypes.js';
/** The OCR engine parsePdf calls for scanned pages (core starts no workers: the caller injects one). */
export type { OcrEngine, OcrPageResult, OcrLine, OcrWord, OcrRecognizeOptions } from './pdf/OcrEngine.js';

/** Replaces personal data in markdown (names, e-mail, phone numbers, addresses, ...) with tags or masks. */
export { redactPII } from './pii/redactPII.js';
/** The entity names redactPII knows. */
export { PII_ENTITIES } from './pii/piiTypes.js';
/** redactPII's options, entity type and result. */
export type { RedactPIIOptions, RedactPIIResult, PiiEntity } from './pii/piiTypes.js';
