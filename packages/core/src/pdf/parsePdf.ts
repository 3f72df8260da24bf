// PDF bytes → markdown, per-page markdown, typed layout blocks and metadata (spec §2.2, §2.6-§2.8).
// MuPDF gives the text with fonts and boxes; layout is rebuilt from them: furniture, columns, tables, headings.
// Pages without a usable text layer are rendered to PNG and read by the injected OCR engine.
// The steps, in order: check the bytes and open the document (parsePdf, here); read each page's text layer and OCR
// what needs it (readPages.ts: text layer, hidden layers over scans; imageText.ts: images with text; renders for the
// engine in ocrRenders.ts); lay the pages out (layoutPages.ts); render and assemble the result (assemblePdf.ts).
// Errors and the time check: pdfErrors.ts.
import * as mupdf from 'mupdf';
import { CoreError } from '../errors.js';
import { assemble } from './assemblePdf.js';
import { hasPdfMagic } from './isPdf.js';
import { checkTime, messageOf, pdfError } from './pdfErrors.js';
import type { ParsePdfContext, ParsePdfOptions, ParsePdfResult } from './pdfTypes.js';
import { readPages } from './readPages.js';

/** Spec §8: `maxPages` is 1..10000; without it we still stop there (totalPages tells the truth). */
export const MAX_PDF_PAGES = 10_000;
/** Bigger bodies are refused before MuPDF touches them: memory stays bounded. */
export const MAX_PDF_BYTES = 256 * 1024 * 1024;

// Colour management (ICC profiles through lcms) only makes colours exact; text, boxes and grey OCR renders do not
// need it, and it costs about a sixth of the extraction time on pages with images (MuPDF then converts colours
// with its plain formulas).
mupdf.disableICC();

/**
 * Parse a PDF. Throws CoreError with `details.code` PDF_* for unreadable, encrypted, scanned-in-fast-mode and timed-out
 * PDFs.
 */
export async function parsePdf(
  bytes: Uint8Array,
  options: ParsePdfOptions = {},
  context: ParsePdfContext = {},
): Promise<ParsePdfResult> {
  const started = Date.now();
  const mode = options.mode ?? 'auto';
  if (mode !== 'fast' && mode !== 'auto' && mode !== 'ocr')
    throw new CoreError('invalid_input', `parsers[].mode must be fast, auto or ocr, not ${String(mode)}`);
  if (
    options.maxPages !== undefined &&
    (!Number.isInteger(options.maxPages) || options.maxPages < 1 || options.maxPages > MAX_PDF_PAGES)
  )
    throw new CoreError('invalid_input', `parsers[].maxPages must be an integer from 1 to ${MAX_PDF_PAGES}`);
  if (!(bytes instanceof Uint8Array) || bytes.length === 0)
    throw pdfError('invalid_input', 'PDF_EMPTY', 'The PDF is empty.');
  if (bytes.length > MAX_PDF_BYTES)
    throw pdfError(
      'limit_exceeded',
      'PDF_TOO_LARGE',
      `The PDF is ${bytes.length} bytes; the limit is ${MAX_PDF_BYTES} bytes.`,
    );
  if (!hasPdfMagic(bytes))
    throw pdfError('unsupported_content', 'PDF_NOT_A_PDF', 'The body is not a PDF (no %PDF- header).');
  if (mode === 'ocr' && !context.ocr)
    throw pdfError(
      'unsupported_content',
      'PDF_OCR_UNAVAILABLE',
      'OCR was requested (mode "ocr") but no OCR engine is available in this process.',
    );
  checkTime(context, started, 0, 1);

  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (err) {
    throw pdfError('parse_failed', 'PDF_UNREADABLE', `The PDF could not be opened: ${messageOf(err)}.`);
  }
  try {
    if (doc.needsPassword())
      throw pdfError(
        'unsupported_content',
        'PDF_ENCRYPTED',
        'The PDF is encrypted and needs a password to open; it cannot be parsed.',
      );
    let totalPages: number;
    try {
      totalPages = doc.countPages();
    } catch (err) {
      throw pdfError('parse_failed', 'PDF_UNREADABLE', `The PDF's page tree could not be read: ${messageOf(err)}.`);
    }
    if (totalPages < 1) throw pdfError('parse_failed', 'PDF_NO_PAGES', 'The PDF has no pages.');
    const wanted = Math.min(totalPages, options.maxPages ?? MAX_PDF_PAGES);
    // Paid for before any page is read, by the document's real page count (known here, not before).
    const numPages = context.pageBudget ? Math.min(wanted, Math.floor(await context.pageBudget(wanted))) : wanted;
    // A deadline or cancellation while the budget was asked is that, not a lack of credits.
    checkTime(context, started, 0, wanted);
    if (!(numPages >= 1)) {
      const message = `Parsing the PDF's ${wanted} pages needs credits the account does not have (1 credit per page).`;
      throw pdfError('limit_exceeded', 'PDF_NO_CREDITS', message, { wanted });
    }
    const work = await readPages(doc, numPages, mode, context, started);
    return assemble(doc, work, numPages, totalPages, mode, options);
  } finally {
    // MuPDF's store (fonts, colour links) stays warm for the next document; it is size-capped by MuPDF itself.
    doc.destroy();
  }
}
