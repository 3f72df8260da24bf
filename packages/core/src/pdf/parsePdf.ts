// PDF bytes → markdown, per-page markdown, typed layout blocks and metadata (spec §2.2, §2.6-§2.8).
// MuPDF gives the text with fonts and boxes; layout is rebuilt here: furniture, columns, tables, headings.
// Pages without a usable text layer are rendered to PNG and read by the injected OCR engine.
import * as mupdf from 'mupdf';
import { CoreError } from '../errors.js';
import { buildBlocks, joinColumnBreaks, type LayoutBlock } from './buildBlocks.js';
import { bodyFontSize, classifyHeadings, type Heading } from './classifyHeadings.js';
import { detectFurniture, type FurnitureType } from './detectFurniture.js';
import { extractPageText, type PageText, type Segment } from './extractPageText.js';
import { hasHiddenLayerOverScan, preferOwnReading, withWordsOutside } from './hiddenLayer.js';
import { hasPdfMagic } from './isPdf.js';
import { ocrPageText } from './ocrPageText.js';
import { medianEmPx, ocrScale, sharperScale } from './ocrResolution.js';
import type { OcrEngine, OcrPageResult } from './OcrEngine.js';
import { joinDropCaps } from './joinDropCaps.js';
import { proseInMono } from './monoProse.js';
import { type InkOf, inkReader } from './textInk.js';
import { orderReading } from './orderReading.js';
import type {
  ParsePdfContext,
  ParsePdfOptions,
  ParsePdfResult,
  PdfBlock,
  PdfBlockType,
  PdfMetadata,
  PdfPage,
  PdfPageBlocks,
} from './pdfTypes.js';
import { renderBlock } from './renderBlock.js';
import { tableContinuation } from './tableContinuation.js';

/** Spec §8: `maxPages` is 1..10000; without it we still stop there (totalPages tells the truth). */
export const MAX_PDF_PAGES = 10_000;
/** Bigger bodies are refused before MuPDF touches them: memory stays bounded. */
export const MAX_PDF_BYTES = 256 * 1024 * 1024;
/** A page with fewer readable characters than this has no usable text layer (scans, image-only pages). */
const MIN_USABLE_CHARS = 12;
/** A text layer with more unreadable glyphs than this share is unusable (broken font encodings). */
const MAX_GARBAGE_RATIO = 0.3;
/** Images (after merging touching pieces) smaller than this share of the page are icons and logos, not figures. */
const MIN_FIGURE_AREA = 0.015;
/** Image pieces closer than this (points) belong to one figure. */
const FIGURE_GAP = 8;
/** Images covering more than this share of the page are backgrounds or scans, not figures. */
const MAX_FIGURE_AREA = 0.6;
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
const PAGE_MARKER = (n: number) => `\n\n---\n\n<!-- page ${n} -->\n\n`;

let mupdfWarnings = 0;
// MuPDF prints repair warnings to the console; count them instead (a repaired page is reported as partial).
mupdf.setLog({ error: () => void mupdfWarnings++, warning: () => void mupdfWarnings++ });
// Colour management (ICC profiles through lcms) only makes colours exact; text, boxes and grey OCR renders do not
// need it, and it costs about a sixth of the extraction time on pages with images (MuPDF then converts colours
// with its plain formulas).
mupdf.disableICC();

interface PageWork {
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

function pdfError(
  kind: ConstructorParameters<typeof CoreError>[0],
  code: string,
  message: string,
  details: object = {},
): CoreError {
  return new CoreError(kind, message, { code, ...details });
}

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

function checkTime(context: ParsePdfContext, started: number, done: number, total: number): void {
  const late = context.deadline !== undefined && Date.now() > context.deadline;
  if (late || context.signal?.aborted) throw timeoutError(context, started, done, total);
}

function timeoutError(context: ParsePdfContext, started: number, done: number, total: number): CoreError {
  const elapsedMs = Date.now() - started;
  const aborted = !!context.signal?.aborted && !(context.deadline !== undefined && Date.now() > context.deadline);
  const reason = context.signal?.reason;
  const isTimeout = !aborted || (reason instanceof Error && reason.name === 'TimeoutError');
  if (!isTimeout)
    return pdfError('timeout', 'PDF_ABORTED', 'PDF parsing was cancelled.', {
      parsedPages: done,
      numPages: total,
      elapsedMs,
    });
  // Pages parsed so far tell the rate; the whole PDF needs about total/done times what we spent.
  const estimatedMs = done > 0 ? Math.ceil((elapsedMs * total) / done) : undefined;
  const need =
    estimatedMs !== undefined
      ? `about ${Math.ceil(estimatedMs / 1000)} s for ${total} pages`
      : `more than ${Math.ceil(elapsedMs / 1000)} s`;
  return pdfError(
    'timeout',
    'PDF_TIMEOUT',
    `PDF parsing did not finish in time: ${done} of ${total} pages parsed in ${elapsedMs} ms. Parsing this PDF needs ` +
      `${need}; ` +
      `raise the request timeout accordingly, or lower parsers[].maxPages, or use mode "fast".`,
    { parsedPages: done, numPages: total, elapsedMs, estimatedMs },
  );
}

function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);
}

interface PageLayout {
  text: PageText;
  blocks: LayoutBlock[];
  furniture: { seg: Segment; type: FurnitureType }[];
}

function layoutPages(work: PageWork[], inkOf?: InkOf): { pages: PageLayout[]; headings: Map<LayoutBlock, Heading> } {
  const texts = work.map((w) => w.text);
  proseInMono(texts);
  const segSize = segmentBodySize(texts);
  const furniture = detectFurniture(texts, segSize, inkOf);
  const pages = texts.map((text, i) => {
    const marks = furniture[i];
    const figures: Segment[] = mergeBoxes(text.images)
      .filter(([x0, y0, x1, y1]) => {
        const area = ((x1 - x0) * (y1 - y0)) / Math.max(1, text.width * text.height);
        return area >= MIN_FIGURE_AREA && area <= MAX_FIGURE_AREA;
      })
      .map(([x0, y0, x1, y1]) => ({
        text: '',
        x0,
        y0,
        x1,
        y1,
        size: 0,
        bold: false,
        italic: false,
        mono: false,
        figure: true,
        source: 'native_text',
        confidence: null,
      }));
    // Labels inside a figure (axis ticks, diagram text) are part of the figure, not of the text flow.
    // (Text OCR read from an image is what the image says, and stays.)
    const inFigure = (s: Segment) =>
      s.source !== 'ocr' &&
      figures.some((f) => s.x0 >= f.x0 - 1 && s.x1 <= f.x1 + 1 && s.y0 >= f.y0 - 1 && s.y1 <= f.y1 + 1);
    const body = joinDropCaps(
      text.segments.filter((s) => !marks.has(s) && !s.rotated && !inFigure(s)),
      segSize,
    );
    const leaves = orderReading([...body, ...figures], segSize);
    const blocks = joinColumnBreaks(leaves.map((leaf) => buildBlocks(leaf, segSize)));
    return { text, blocks, furniture: [...marks].map(([seg, type]) => ({ seg, type })) };
  });
  const bodySize = bodyFontSize(pages.flatMap((p) => p.blocks)) || segSize;
  return {
    pages,
    headings: classifyHeadings(
      pages.map((p) => p.blocks),
      bodySize,
    ),
  };
}

/** Figures drawn as many overlapping image pieces are one figure. */
function mergeBoxes(boxes: [number, number, number, number][]): [number, number, number, number][] {
  const out = boxes.map((b) => [...b] as [number, number, number, number]);
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i];
        const b = out[j];
        if (
          a[0] <= b[2] + FIGURE_GAP &&
          b[0] <= a[2] + FIGURE_GAP &&
          a[1] <= b[3] + FIGURE_GAP &&
          b[1] <= a[3] + FIGURE_GAP
        ) {
          out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
  }
  return out;
}

/** The font size carrying most characters, before blocks exist (gutter and gap thresholds scale with it). */
function segmentBodySize(pages: PageText[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) for (const s of p.segments) weight.set(s.size, (weight.get(s.size) ?? 0) + s.text.length);
  let size = 10;
  let best = -1;
  for (const [s, n] of weight) if (n > best && s > 0) [best, size] = [n, s];
  return size;
}

function blockType(block: LayoutBlock, heading: Heading | undefined): { type: PdfBlockType; label: string } {
  if (heading) return { type: heading.type, label: heading.type === 'title' ? 'title' : `heading_${heading.level}` };
  switch (block.kind) {
    case 'table':
      return { type: 'table', label: 'table' };
    case 'figure':
      return { type: 'figure', label: 'picture' };
    case 'caption':
      return { type: 'caption', label: 'caption' };
    case 'list_item':
      return { type: 'text', label: 'list_item' };
    case 'code':
      return { type: 'text', label: 'code' };
    default:
      return { type: 'text', label: 'paragraph' };
  }
}

/** A block of the page before its id and reading order are known. */
type PendingBlock = Omit<PdfBlock, 'id' | 'readingOrder'>;
type ToBbox = (x0: number, y0: number, x1: number, y1: number) => [number, number, number, number] | null;

function assemble(
  doc: mupdf.Document,
  work: PageWork[],
  numPages: number,
  totalPages: number,
  mode: 'fast' | 'auto' | 'ocr',
  options: ParsePdfOptions,
): ParsePdfResult {
  assertSomethingToRead(work, mode);
  // The margin rules may ask a row's ink (a red stamp vs a letter's date): read lazily, only from the pages asked
  // about (a short document's outermost rows, a row off to the right under a running head).
  const { pages, headings } = layoutPages(work, inkReader(doc));
  let markdown = '';
  const pageMarkdown: PdfPage[] = [];
  const blockPages: PdfPageBlocks[] = [];
  let firstTitle: string | undefined;
  // The markdown's last block so far (a table, the table a run of continued parts began with).
  let lastShown: LayoutBlock | undefined;
  for (const page of pages) {
    const { text } = page;
    const toBbox: ToBbox = (x0, y0, x1, y1) =>
      text.width > 0 && text.height > 0
        ? [clamp01(x0 / text.width), clamp01(y0 / text.height), clamp01(x1 / text.width), clamp01(y1 / text.height)]
        : null;
    const furniture = [...page.furniture].sort((a, b) => a.seg.y0 - b.seg.y0 || a.seg.x0 - b.seg.x0);
    const top = furniture.filter((f) => f.seg.y0 < text.height / 2);
    const bottom = furniture.filter((f) => f.seg.y0 >= text.height / 2);
    const pending: PendingBlock[] = top.map((f) => furnitureItem(f, toBbox));
    const { pageMd, first, last, title } = renderPageBody(page, headings, toBbox, pending);
    firstTitle ??= title;
    pending.push(...bottom.map((f) => furnitureItem(f, toBbox)));

    // Place the page in the document: markers between pages, none before the first page with content.
    // A table going on from the page before joins it (no markers between: they would cut it).
    const joined =
      first && markdown.length > 0 && !options.pageMarkers
        ? tableContinuation(lastShown, first.block, text.width)
        : undefined;
    const marker = options.pageMarkers ? PAGE_MARKER(text.pageNumber) : '\n\n';
    const placed = placePage(markdown, pageMd, first, joined, marker, pending);
    markdown = placed.markdown;
    const { offset, shift } = placed;
    if (last) lastShown = joined !== undefined && last === first?.block ? lastShown : last;
    if (options.pages) pageMarkdown.push({ pageNumber: text.pageNumber, markdown: pageMd });
    if (options.blocks) blockPages.push(pageBlocks(text, work, pending, offset + shift, offset >= 0));
  }
  const { title, metadata } = documentMetadata(doc, work, numPages, totalPages, firstTitle);
  const result: ParsePdfResult = { markdown, numPages, totalPages, metadata };
  if (title) result.title = title;
  if (options.pages) result.pages = pageMarkdown;
  if (options.blocks) result.blocks = blockPages;
  return result;
}

/**
 * The document's markdown with the page's appended: after a marker (none before the first page with content), or
 * joined to the table it continues (`joined`: that table with the page's first rows). Returns where the page's
 * markdown starts (-1: it has none) and how far its spans move (the continued table grew by `shift`).
 */
function placePage(
  markdown: string,
  pageMd: string,
  first: PageBody['first'],
  joined: string | undefined,
  marker: string,
  pending: PendingBlock[],
): { markdown: string; offset: number; shift: number } {
  if (pageMd.length === 0) return { markdown, offset: -1, shift: 0 };
  if (first && joined !== undefined) {
    let out = markdown + (joined ? '\n' : '');
    const offset = out.length;
    const shift = joined.length - first.fragment.length;
    // Spans move by `shift`; the continued table's own span becomes the rows it added.
    pending[first.item].markdownSpan = joined ? [-shift, first.fragment.length] : null;
    out += joined + pageMd.slice(first.fragment.length);
    return { markdown: out, offset, shift };
  }
  const out = markdown.length > 0 ? markdown + marker : markdown;
  return { markdown: out + pageMd, offset: out.length, shift: 0 };
}

/** A document with no text to give: a scan without OCR (in `fast`, or with no engine), or no readable page. */
function assertSomethingToRead(work: PageWork[], mode: 'fast' | 'auto' | 'ocr'): void {
  const scanned = work.filter((w) => w.needsOcr).length;
  const hasText = work.some((w) => w.text.segments.length > 0);
  if (!hasText && scanned > 0) {
    if (mode === 'fast')
      throw pdfError(
        'unsupported_content',
        'PDF_NEEDS_OCR',
        'This PDF has no text layer (it looks scanned), so mode "fast" cannot read it; use parsers: [{ type: "pdf", ' +
          'mode: "auto" }] or mode "ocr".',
        { scannedPages: scanned },
      );
    throw pdfError(
      'unsupported_content',
      'PDF_OCR_UNAVAILABLE',
      'This PDF has no text layer and no OCR engine is available in this process.',
      {
        scannedPages: scanned,
      },
    );
  }
  if (!hasText && work.every((w) => w.error))
    throw pdfError(
      'parse_failed',
      'PDF_UNREADABLE',
      `No page of the PDF could be read: ${work[0]?.error ?? 'unknown error'}.`,
    );
}

/** A running head or foot as a block of its page. */
function furnitureItem(f: { seg: Segment; type: FurnitureType }, toBbox: ToBbox): PendingBlock {
  return {
    type: f.type,
    label: f.type,
    bbox: toBbox(f.seg.x0, f.seg.y0, f.seg.x1, f.seg.y1),
    content: f.seg.text,
    markdownSpan: null,
    source: f.seg.source,
    confidence: { layout: 0.8, ocr: f.seg.confidence },
  };
}

/** The page's body rendered: its markdown and each fragment's span inside it (`pending` gets a block for each). */
interface PageBody {
  pageMd: string;
  /** The first block with markdown, its fragment and its index in `pending` (a table may continue there). */
  first: { block: LayoutBlock; fragment: string; item: number } | undefined;
  last: LayoutBlock | undefined;
  /** The text of the page's first title block. */
  title: string | undefined;
}

function renderPageBody(
  page: PageLayout,
  headings: Map<LayoutBlock, Heading>,
  toBbox: ToBbox,
  pending: PendingBlock[],
): PageBody {
  let pageMd = '';
  let prevKind: string | undefined;
  let first: PageBody['first'];
  let last: LayoutBlock | undefined;
  let title: string | undefined;
  for (const block of page.blocks) {
    const heading = headings.get(block);
    const fragment = renderBlock(block, heading);
    const { type, label } = blockType(block, heading);
    if (type === 'title' && title === undefined) title = block.text.trim();
    let span: [number, number] | null = null;
    if (fragment.length > 0) {
      if (pageMd.length > 0) pageMd += prevKind === 'list_item' && block.kind === 'list_item' ? '\n' : '\n\n';
      span = [pageMd.length, pageMd.length + fragment.length];
      pageMd += fragment;
      prevKind = block.kind;
      first ??= { block, fragment, item: pending.length };
      last = block;
    }
    pending.push({
      type,
      label,
      bbox: toBbox(block.x0, block.y0, block.x1, block.y1),
      content: fragment,
      markdownSpan: span,
      source: block.source,
      confidence: { layout: heading ? 0.7 : block.layoutConfidence, ocr: block.ocrConfidence },
    });
  }
  return { pageMd, first, last, title };
}

/** The page's blocks with ids, reading order and spans moved to document offsets (`placed`: the page has markdown). */
function pageBlocks(
  text: PageText,
  work: PageWork[],
  pending: PendingBlock[],
  spanShift: number,
  placed: boolean,
): PdfPageBlocks {
  return {
    pageNumber: text.pageNumber,
    width: text.width > 0 ? round2(text.width) : null,
    height: text.height > 0 ? round2(text.height) : null,
    status: work[text.pageNumber - 1].error || work[text.pageNumber - 1].needsOcr ? 'failed' : text.status,
    items: pending.map((b, index) => ({
      id: `p${text.pageNumber}.b${index}`,
      ...b,
      markdownSpan: b.markdownSpan && placed ? [b.markdownSpan[0] + spanShift, b.markdownSpan[1] + spanShift] : null,
      readingOrder: index,
    })),
  };
}

/** The document's metadata from its info dictionary; the title falls back to the first title block. */
function documentMetadata(
  doc: mupdf.Document,
  work: PageWork[],
  numPages: number,
  totalPages: number,
  firstTitle: string | undefined,
): { title: string | undefined; metadata: PdfMetadata } {
  const info = (key: string) => {
    try {
      const v = doc.getMetaData(key)?.trim();
      return v ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const infoTitle = info('info:Title');
  const title = usableTitle(infoTitle) ?? firstTitle;
  const metadata: PdfMetadata = {
    ...(title ? { title } : {}),
    ...optional('author', info('info:Author')),
    ...optional('subject', info('info:Subject')),
    ...optional('keywords', info('info:Keywords')),
    ...optional('creator', info('info:Creator')),
    ...optional('producer', info('info:Producer')),
    ...optional('creationDate', pdfDate(info('info:CreationDate'))),
    ...optional('modificationDate', pdfDate(info('info:ModDate'))),
    ...optional('language', languageOf(doc)),
    numPages,
    totalPages,
    ocrPages: work.filter((w) => w.text.source === 'ocr').length,
    failedPages: work.filter((w) => w.error || w.needsOcr).length,
  };
  return { title, metadata };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** Producers often leave the file name or "untitled" as the title; those say nothing. */
function usableTitle(title: string | undefined): string | undefined {
  if (!title) return undefined;
  if (/^(untitled|microsoft word - .*|.*\.(docx?|pdf|tex|indd|pptx?|xlsx?))$/i.test(title)) return undefined;
  return title;
}

/** `D:20200330120000+09'00'` → ISO 8601. */
function pdfDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, tzh, tzm] = m;
  const zone = !tz || tz === 'Z' || tz === 'z' ? 'Z' : `${tz}${tzh ?? '00'}:${tzm ?? '00'}`;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

function languageOf(doc: mupdf.Document): string | undefined {
  try {
    return doc.asPDF()?.getLanguage() ?? undefined;
  } catch {
    return undefined;
  }
}

function clamp01(v: number): number {
  return Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
