// PDF bytes → markdown, per-page markdown, typed layout blocks and metadata (spec §2.2, §2.6-§2.8).
// MuPDF gives the text with fonts and boxes; layout is rebuilt from them: furniture, columns, tables, headings.
// Pages without a usable text layer are rendered to PNG and read by the injected OCR engine.
// The steps, in order: check the bytes and open the document (parsePdf); read each page's text layer and OCR what
// needs it (readPages, here: text layer, hidden layers over scans, images with text); lay the pages out
// (layoutPages.ts); render and assemble the result (assemblePdf.ts). Errors and the time check: pdfErrors.ts.
import * as mupdf from 'mupdf';
import { CoreError } from '../errors.js';
import { assemble } from './assemblePdf.js';
import { extractPageText, type PageText, type Segment } from './extractPageText.js';
import { hasHiddenLayerOverScan, preferOwnReading, withWordsOutside } from './hiddenLayer.js';
import { hasPdfMagic } from './isPdf.js';
import { mergeBoxes } from './layoutPages.js';
import { ocrPageText } from './ocrPageText.js';
import { medianEmPx, ocrScale, sharperScale } from './ocrResolution.js';
import type { OcrEngine, OcrPageResult } from './OcrEngine.js';
import type { PageWork } from './pageWork.js';
import { checkTime, messageOf, pdfError, timeoutError } from './pdfErrors.js';
import type { ParsePdfContext, ParsePdfOptions, ParsePdfResult } from './pdfTypes.js';

/** Spec §8: `maxPages` is 1..10000; without it we still stop there (totalPages tells the truth). */
export const MAX_PDF_PAGES = 10_000;
/** Bigger bodies are refused before MuPDF touches them: memory stays bounded. */
export const MAX_PDF_BYTES = 256 * 1024 * 1024;
/** A page with fewer readable characters than this has no usable text layer (scans, image-only pages). */
const MIN_USABLE_CHARS = 12;
/** A text layer with more unreadable glyphs than this share is unusable (broken font encodings). */
const MAX_GARBAGE_RATIO = 0.3;

/**
 * In `auto`, images covering at least this share of a page that has a text layer are OCRed too (posters, logos;
 * a firm's logo beside a letterhead covers 1–2% of the page, and 8% left every logo of the image-text family unread)...
 */
const MIN_OCR_IMAGE_AREA = 0.005;
/** ...when at least this tall and 3 times as wide, in points (room for a line of text; icons and rules are not). */
const MIN_OCR_IMAGE_SIDE = 12;
/** ...at most this many per page and per document, so a photo album costs bounded time. */
const MAX_OCR_IMAGES_PER_PAGE = 2;
const MAX_OCR_IMAGES_PER_DOCUMENT = 8;
/** Words read from an image with less confidence than this are photo texture, not text. */
const MIN_IMAGE_WORD_CONFIDENCE = 0.6;

let mupdfWarnings = 0;
// MuPDF prints repair warnings to the console; count them instead (a repaired page is reported as partial).
mupdf.setLog({ error: () => void mupdfWarnings++, warning: () => void mupdfWarnings++ });
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

/** What reading the pages shares: the document, the OCR engine, the renders in flight and the time budget. */
interface PageReader {
  doc: mupdf.Document;
  numPages: number;
  mode: 'fast' | 'auto' | 'ocr';
  context: ParsePdfContext;
  started: number;
  engine: OcrEngine | undefined;
  inFlight: Promise<unknown>[];
  drawCache: Map<number, number>;
  /** Pages done (read, or their OCR settled): what a timeout reports. */
  done: number;
  imageOcrLeft: number;
}

function checkReader(r: PageReader): void {
  checkTime(r.context, r.started, r.done, r.numPages);
}

async function readPages(
  doc: mupdf.Document,
  numPages: number,
  mode: 'fast' | 'auto' | 'ocr',
  context: ParsePdfContext,
  started: number,
): Promise<PageWork[]> {
  const r: PageReader = {
    doc,
    numPages,
    mode,
    context,
    started,
    engine: context.ocr,
    inFlight: [],
    drawCache: new Map<number, number>(),
    done: 0,
    imageOcrLeft: MAX_OCR_IMAGES_PER_DOCUMENT,
  };
  // Every page's text layer first, OCR started as pages ask for it; then the readings, in page order.
  const work: PageWork[] = [];
  for (let i = 0; i < numPages; i++) work.push(await readPage(r, i));
  for (const item of work) {
    if (item.regions) await addImageText(item);
    if (item.ocr) await finishPageOcr(r, item, item.ocr);
  }
  checkTime(context, started, numPages, numPages);
  return work;
}

/** Page `i`'s text layer, with its OCR (and its images' OCR) started where the mode and the page ask for it. */
async function readPage(r: PageReader, i: number): Promise<PageWork> {
  checkReader(r);
  const warningsBefore = mupdfWarnings;
  let page: mupdf.Page | undefined;
  let item: PageWork;
  try {
    page = r.doc.loadPage(i);
    const text = extractPageText(page, i + 1, r.drawCache);
    if (mupdfWarnings > warningsBefore) text.status = 'partial';
    item = { text };
    const usable = text.charCount >= MIN_USABLE_CHARS && text.garbageRatio <= MAX_GARBAGE_RATIO;
    const wantsOcr = await startPageOcr(r, page, item, usable);
    // Large images on a text page are read on their own (a page render is too coarse for a poster's title): in
    // `auto`, and in `ocr` for the visible layer it may keep.
    const readImages = (r.mode === 'auto' && !wantsOcr) || item.visibleLayer;
    if (readImages && usable && r.engine && r.imageOcrLeft > 0 && text.images.length > 0)
      await startImageOcr(r, r.engine, page, item);
  } catch (err) {
    if (err instanceof CoreError) throw err;
    item = { text: emptyPage(i + 1, page), error: messageOf(err) };
    r.done++;
  } finally {
    page?.destroy();
  }
  return item;
}

/** Starts the page's OCR when the mode asks for it (or marks the page as needing it); whether OCR was wanted. */
async function startPageOcr(r: PageReader, page: mupdf.Page, item: PageWork, usable: boolean): Promise<boolean> {
  const { engine, mode } = r;
  const { text } = item;
  // A hidden layer over a scan is another recogniser's reading (perhaps of handwriting): auto checks it.
  const verify = mode === 'auto' && usable && !!engine && hasHiddenLayerOverScan(page, text);
  if (verify) item.layer = text;
  // `ocr` on a page with visible text: OCR checks the layer, and a confirmed layer keeps its fonts and positions
  // (headings, lists, tables, columns), which a reading of pixels loses. A hidden layer is not trusted here.
  if (mode === 'ocr' && usable && engine && !hasHiddenLayerOverScan(page, text)) {
    item.layer = text;
    item.visibleLayer = true;
  }
  const wantsOcr =
    mode === 'ocr' ||
    verify ||
    (mode === 'auto' && !usable && (text.images.length > 0 || text.garbageRatio > MAX_GARBAGE_RATIO));
  if (wantsOcr && engine) {
    // Keep no more renders in flight than the engine can work on: bounded memory for long scans.
    while (r.inFlight.length >= Math.max(1, engine.concurrency)) await r.inFlight.shift();
    checkReader(r);
    const { png, scale } = renderForOcr(page, medianSize(text.segments));
    item.scale = scale;
    // A visible layer is only confirmed by the reading: the engine may spare its extra passes.
    item.ocr = engine.recognize(png, { signal: r.context.signal, purpose: purposeOf(item) });
    const settled = item.ocr.then(
      () => void r.done++,
      () => undefined,
    );
    r.inFlight.push(settled);
  } else {
    if (!usable && (text.images.length > 0 || text.garbageRatio > MAX_GARBAGE_RATIO)) item.needsOcr = true;
    r.done++;
  }
  return wantsOcr;
}

/** Starts the OCR of the page's large images, within the document's budget of image readings. */
async function startImageOcr(r: PageReader, engine: OcrEngine, page: mupdf.Page, item: PageWork): Promise<void> {
  const { text } = item;
  const languageText = layerSample(text);
  for (const box of imageRegions(text).slice(0, Math.min(MAX_OCR_IMAGES_PER_PAGE, r.imageOcrLeft))) {
    while (r.inFlight.length >= Math.max(1, engine.concurrency)) await r.inFlight.shift();
    checkReader(r);
    const { png, scale } = renderRegion(page, box, text.width * text.height);
    const ocr = engine.recognize(png, { signal: r.context.signal, languageText });
    item.regions ??= [];
    item.regions.push({ ocr, scale, x0: box[0], y0: box[1] });
    r.inFlight.push(ocr.catch(() => undefined));
    r.imageOcrLeft--;
  }
}

/**
 * The page's OCR reading becomes its text: read again sharper when the text came out small, and weighed against the
 * page's own layer when it has one (a layer that fails the check is replaced by a full reading).
 */
async function finishPageOcr(r: PageReader, item: PageWork, ocr: Promise<OcrPageResult>): Promise<void> {
  const engine = r.engine;
  try {
    let result = await ocr;
    const { width, height, pageNumber } = item.text;
    // Text that came out small in pixels (small print, a small page) is read again from a sharper render, once.
    const sharper = sharperScale(item.scale ?? 1, medianEmPx(result.lines), width, height);
    if (sharper !== null && engine) {
      checkReader(r);
      const again = await engine.recognize(renderAgain(r.doc, pageNumber, sharper), {
        signal: r.context.signal,
        purpose: purposeOf(item),
      });
      if ((again.confidence ?? 0) >= (result.confidence ?? 0)) {
        result = again;
        item.scale = sharper;
      }
    }
    let read = ocrPageText(result, pageNumber, width, height, item.scale ?? 1);
    let keep = item.layer && !preferOwnReading(item.layer, read, result.confidence);
    if (!keep && purposeOf(item) === 'confirm' && engine) {
      // The layer failed its check, so the reading becomes the page's text: it is asked for in full this time.
      checkReader(r);
      result = await engine.recognize(renderAgain(r.doc, pageNumber, item.scale ?? 1), {
        signal: r.context.signal,
      });
      read = ocrPageText(result, pageNumber, width, height, item.scale ?? 1);
      keep = item.layer && !preferOwnReading(item.layer, read, result.confidence);
    }
    item.text = keep && item.layer ? (item.visibleLayer ? withWordsOutside(item.layer, read) : item.layer) : read;
  } catch (err) {
    checkReader(r);
    if (r.context.signal?.aborted) throw timeoutError(r.context, r.started, r.done, r.numPages);
    if (item.layer) {
      // The check failed; the page still has its own text layer.
      item.text = item.layer;
      return;
    }
    item.text = { ...item.text, segments: [], status: 'failed' };
    item.error = `OCR failed: ${messageOf(err)}`;
  }
}

/**
 * A language sample is this long at most: a trigram profile settles within a few hundred letters, and the engine's
 * language pick should not cost more on a long page.
 */
const LANGUAGE_SAMPLE_CHARS = 2000;

/** The start of a page's text layer, for the engine to tell the language of the page's images from. */
function layerSample(text: PageText): string {
  let out = '';
  for (const s of text.segments) {
    if (out.length >= LANGUAGE_SAMPLE_CHARS) break;
    out += `${s.text} `;
  }
  return out.slice(0, LANGUAGE_SAMPLE_CHARS);
}

/** `'confirm'` when the OCR reading only checks the page's own visible text layer. */
function purposeOf(item: PageWork): 'read' | 'confirm' {
  return item.visibleLayer ? 'confirm' : 'read';
}

/** Page `pageNumber` rendered again at `scale` pixels per point, for a second reading. */
function renderAgain(doc: mupdf.Document, pageNumber: number, scale: number): Uint8Array {
  const page = doc.loadPage(pageNumber - 1);
  try {
    return renderForOcr(page, undefined, scale).png;
  } finally {
    page.destroy();
  }
}

/** Large images on a text page with (almost) no native text over them: where text in images may hide. */
function imageRegions(text: PageText): [number, number, number, number][] {
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

/** Renders one region of the page (page-relative points) for OCR. */
function renderRegion(
  page: mupdf.Page,
  [x0, y0, x1, y1]: [number, number, number, number],
  pageArea: number,
): { png: Uint8Array; scale: number } {
  const [bx0, by0] = page.getBounds();
  const scale = ocrScale(x1 - x0, y1 - y0, undefined, pageArea);
  const box: [number, number, number, number] = [
    Math.floor((x0 + bx0) * scale),
    Math.floor((y0 + by0) * scale),
    Math.ceil((x1 + bx0) * scale),
    Math.ceil((y1 + by0) * scale),
  ];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, box, false);
  try {
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.scale(scale, scale), pixmap);
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
    }
    return { png: pixmap.asPNG(), scale: scale };
  } finally {
    pixmap.destroy();
  }
}

/** Text read from a page's large images joins its text layer; a failed or unsure read adds nothing. */
async function addImageText(item: PageWork): Promise<void> {
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

function emptyPage(pageNumber: number, page: mupdf.Page | undefined): PageText {
  let width = 0;
  let height = 0;
  try {
    if (page) {
      const b = page.getBounds();
      width = b[2] - b[0];
      height = b[3] - b[1];
    }
  } catch {
    // a page whose box cannot be read has no size
  }
  return {
    pageNumber,
    width,
    height,
    segments: [],
    images: [],
    charCount: 0,
    garbageRatio: 0,
    source: 'native_text',
    status: 'failed',
    ocrConfidence: null,
  };
}

/** Renders the page for OCR at `scale`, or at the scale its size (and its text layer's glyph size) calls for. */
function renderForOcr(page: mupdf.Page, glyphSize?: number, fixedScale?: number): { png: Uint8Array; scale: number } {
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = fixedScale ?? ocrScale(x1 - x0, y1 - y0, glyphSize);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, false);
  try {
    return { png: pixmap.asPNG(), scale };
  } finally {
    pixmap.destroy();
  }
}

/** Median font size of a page's text layer (what an `ocr`-mode render is sized for), or undefined without one. */
function medianSize(segments: Segment[]): number | undefined {
  const sizes = segments
    .map((s) => s.size)
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : undefined;
}
