import type { OcrEngine } from '@scrape/core';
import { parseScrapeRequest } from '../contract/parseScrapeRequest.js';
import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import { errors } from '../errors.js';
import type { Source } from '../source.js';
import { checkZipBounds } from './checkZipBounds.js';
import { convertDocx } from './convertDocx.js';
import { convertPptx } from './convertPptx.js';
import { convertCsv, convertXlsx } from './convertSpreadsheet.js';
import { detectUpload, type DetectedUpload, type Upload } from './detectUpload.js';
import { ocrImage } from './ocrImage.js';
import { defineOwn } from '../defineOwn.js';

/** The document's stand-in address while it goes through the scrape pipeline (`.invalid` can never resolve). */
export const UPLOAD_BASE = 'https://upload.invalid/';
const UPLOAD_ORIGIN = 'https://upload.invalid';

/** Scrape options parse refuses (the SDK refuses them too): they need a fetch, a browser or the page cache. */
const REFUSED_OPTIONS = [
  'url',
  'waitFor',
  'mobile',
  'actions',
  'location',
  'maxAge',
  'minAge',
  'storeInCache',
  'lockdown',
  'profile',
];
/** Formats that need a live page or history. */
const REFUSED_FORMATS = ['screenshot', 'changeTracking', 'branding', 'audio', 'video'];

export interface PreparedUpload {
  request: ScrapeRequest;
  source: Source;
  detected: DetectedUpload;
  /** Metadata the document gets on top of the pipeline's (file name, type, sheets/slides, OCR confidence). */
  metadata: Record<string, unknown>;
}

/** Validates parse options the way scrape does (400s naming the field), refusing what an upload cannot serve. */
export function parseUploadOptions(options: unknown, filename: string, htmlUpload: boolean): ScrapeRequest {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw errors.badRequest(
      'Bad Request',
      [{ code: 'invalid_type', path: ['options'], message: 'options must be a JSON object' }],
      'BAD_REQUEST_INVALID_OPTIONS',
    );
  }
  const given = (options ?? {}) as Record<string, unknown>;
  const refused = REFUSED_OPTIONS.filter((k) => given[k] !== undefined);
  if (refused.length) {
    throw errors.badRequest(
      `parse does not support ${refused.join(', ')}`,
      refused.map((k) => ({
        code: 'unsupported',
        path: ['options', k],
        message: `${k} does not apply to an uploaded file`,
      })),
      'BAD_REQUEST_UNSUPPORTED_OPTION',
    );
  }
  const formats = Array.isArray(given.formats) ? given.formats : [];
  const refusedFormats = formats
    .map((f) => (typeof f === 'string' ? f : (f as { type?: unknown } | null)?.type))
    .filter((t): t is string => typeof t === 'string' && REFUSED_FORMATS.includes(t));
  if (refusedFormats.length) {
    throw errors.badRequest(
      `parse does not support the ${refusedFormats.join(', ')} format`,
      [{ code: 'unsupported', path: ['options', 'formats'], message: `${refusedFormats.join(', ')} need a live page` }],
      'BAD_REQUEST_UNSUPPORTED_FORMAT',
    );
  }
  const body: Record<string, unknown> = {
    ...given,
    url: UPLOAD_BASE + encodeURIComponent(filename || 'upload'),
    storeInCache: false,
  };
  // Main-content extraction is for web pages (navigation, footers); a converted document is all content.
  if (!htmlUpload) body.onlyMainContent = false;
  return parseScrapeRequest(body);
}

/**
 * Turns an uploaded file into the Source the scrape pipeline transforms: PDFs and HTML as they are, DOCX/XLSX/PPTX
 * converted to HTML, CSV to an HTML table, images to OCR text, text and markdown as text.
 */
export async function prepareUpload(
  upload: Upload,
  options: unknown,
  deps: { ocr?: () => OcrEngine | undefined; signal?: AbortSignal },
): Promise<PreparedUpload> {
  const detected = await detectUpload(upload);
  const request = parseUploadOptions(options, upload.filename, detected.kind === 'html');
  const metadata: Record<string, unknown> = {
    filename: upload.filename,
    fileType: detected.kind,
    contentType: detected.mimeType,
  };
  let contentType = detected.mimeType;
  let body: Uint8Array = upload.bytes;
  const html = (text: string) => {
    contentType = 'text/html; charset=utf-8';
    body = new TextEncoder().encode(text);
  };
  switch (detected.kind) {
    case 'docx':
      checkZipBounds(upload.bytes, 'DOCX');
      html(await convertDocx(upload.bytes));
      break;
    case 'xlsx': {
      checkZipBounds(upload.bytes, 'XLSX');
      const result = await convertXlsx(upload.bytes);
      metadata.numSheets = result.sheets;
      html(result.html);
      break;
    }
    case 'pptx': {
      checkZipBounds(upload.bytes, 'PPTX');
      const result = convertPptx(upload.bytes);
      metadata.numSlides = result.slides;
      html(result.html);
      break;
    }
    case 'csv':
      html(convertCsv(new TextDecoder('utf-8').decode(upload.bytes)));
      break;
    case 'image': {
      const result = await ocrImage(upload.bytes, deps.ocr?.(), deps.signal);
      metadata.ocrConfidence = result.confidence;
      contentType = 'text/plain; charset=utf-8';
      body = new TextEncoder().encode(result.text);
      break;
    }
    case 'markdown':
    case 'text':
      contentType = 'text/plain; charset=utf-8';
      break;
    case 'html':
    case 'pdf':
      break;
  }
  const source: Source = {
    url: request.url,
    finalUrl: request.url,
    status: 200,
    headers: {},
    contentType,
    body,
    engine: 'upload',
    fetchedAt: Date.now(),
  } as Source;
  return { request, source, detected, metadata };
}

/** The stand-in address out of the document: links relative to the upload stay relative, metadata names the file. */
export function finishUploadDocument<T extends { metadata: Record<string, unknown> }>(
  doc: T,
  prepared: PreparedUpload,
): T {
  const placeholder = prepared.request.url;
  const strip = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(placeholder).join('').split(UPLOAD_ORIGIN).join('');
    if (Array.isArray(value)) return value.map(strip);
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) defineOwn(out, key, key === 'metadata' ? value : strip(value));
  const metadata: Record<string, unknown> = { ...doc.metadata, ...prepared.metadata };
  delete metadata.url;
  delete metadata.statusCode;
  delete metadata.proxyUsed;
  delete metadata.cacheState;
  metadata.sourceURL = prepared.metadata.filename;
  out.metadata = metadata;
  return out as T;
}
