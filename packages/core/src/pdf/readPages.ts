// Reading a document's pages (the second step of parsePdf.ts): each page's text layer, OCR started where the mode
// and the page ask for it (pages without a usable layer, hidden layers over scans, a visible layer to confirm in
// `ocr`, large images on a text page), then the readings settled in page order. At most the engine's concurrency
// in renders in flight; the time budget checked before every render.
import * as mupdf from 'mupdf';
import { CoreError } from '../errors.js';
import { extractPageText, type PageText } from './extractPageText.js';
import { hasHiddenLayerOverScan, preferOwnReading, withWordsOutside } from './hiddenLayer.js';
import {
  addImageText,
  imageRegions,
  layerSample,
  MAX_OCR_IMAGES_PER_DOCUMENT,
  MAX_OCR_IMAGES_PER_PAGE,
} from './imageText.js';
import { ocrPageText } from './ocrPageText.js';
import { medianSize, renderAgain, renderForOcr, renderRegion } from './ocrRenders.js';
import { medianEmPx, sharperScale } from './ocrResolution.js';
import type { OcrEngine, OcrPageResult } from './OcrEngine.js';
import type { PageWork } from './pageWork.js';
import { checkTime, messageOf, timeoutError } from './pdfErrors.js';
import type { ParsePdfContext } from './pdfTypes.js';

/** A page with fewer readable characters than this has no usable text layer (scans, image-only pages). */
const MIN_USABLE_CHARS = 12;
/** A text layer with more unreadable glyphs than this share is unusable (broken font encodings). */
const MAX_GARBAGE_RATIO = 0.3;

let mupdfWarnings = 0;
// MuPDF prints repair warnings to the console; count them instead (a repaired page is reported as partial).
mupdf.setLog({ error: () => void mupdfWarnings++, warning: () => void mupdfWarnings++ });

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

export async function readPages(
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

/** `'confirm'` when the OCR reading only checks the page's own visible text layer. */
function purposeOf(item: PageWork): 'read' | 'confirm' {
  return item.visibleLayer ? 'confirm' : 'read';
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
