import { isCoreError, processHtml } from '@scrape/core';
import type { HtmlOutput, OcrEngine, ProcessHtmlOptions, ProcessHtmlResult } from '@scrape/core';
import { ocrImage } from '../parse/ocrImage.js';
import { cpuContext, type CpuContext } from '../cpu/cpuContext.js';
import { classifyContent } from '../content/classifyContent.js';
import { decodeText } from '../content/decodeText.js';
import { errors, ScrapeError } from '../errors.js';
import type { PdfWorkerPool } from '../pdf/createPdfWorkerPool.js';
import { transformPdf } from '../pdf/transformPdf.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';
import { structuredWanted } from './structuredFormats.js';
import type { Content } from './types.js';

/** Options of later issues that this step cannot serve yet (onlyCleanContent is checked by the LLM step). */
export function checkTransform(_plan: ScrapePlan): void {}

/**
 * Step 5. By content kind: HTML → core pipeline; JSON → fenced block; text → as is; PDF → parsers (in a worker thread,
 * hence a promise); binary → bytes only.
 */
export function transform(
  plan: ScrapePlan,
  source: Source,
  pdf?: PdfWorkerPool,
  signal?: AbortSignal,
  ocr?: () => OcrEngine | undefined,
): Content | Promise<Content> {
  const kind = classifyContent(source.contentType, source.body);
  switch (kind) {
    case 'html': {
      // On a transform thread when the scrape has one: a hostile page cannot block the event loop or outlive its
      // scrape's deadline (the thread is terminated then).
      const cpu = cpuContext();
      return cpu ? transformHtmlOnThread(plan, source, cpu) : transformHtml(plan, source);
    }
    case 'json': {
      const text = decodeText(source.body, source.contentType);
      return {
        kind,
        markdown: '```json\n' + text.replace(/\n$/, '') + '\n```',
        html: text,
        rawHtml: text,
        links: [],
        metadata: {},
      };
    }
    case 'text': {
      const text = decodeText(source.body, source.contentType);
      return { kind, markdown: text, html: text, rawHtml: text, links: [], metadata: {} };
    }
    case 'pdf':
      return transformPdf(plan, source, pdf, signal);
    case 'binary':
      // The SDK's `image` parser: a raster image is read by the offline OCR engine (as POST /v2/parse reads one).
      if (isRasterImage(source.contentType) && plan.request.parsers.some((p) => p.type === 'image')) {
        return transformImage(source, ocr, signal);
      }
      return { kind, metadata: {} };
  }
}

async function transformImage(
  source: Source,
  ocr: (() => OcrEngine | undefined) | undefined,
  signal?: AbortSignal,
): Promise<Content> {
  const { text, confidence } = await ocrImage(source.body, ocr?.(), signal);
  return {
    kind: 'text',
    markdown: text,
    html: text,
    rawHtml: text,
    links: [],
    metadata: { ocrConfidence: confidence },
  };
}

function isRasterImage(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('image/') && type !== 'image/svg+xml';
}

function processHtmlOptions(plan: ScrapePlan, source: Source): ProcessHtmlOptions {
  const { request } = plan;
  return {
    onlyMainContent: request.onlyMainContent,
    includeTags: request.includeTags,
    excludeTags: request.excludeTags,
    removeBase64Images: request.removeBase64Images,
    structured: structuredWanted(plan),
    outputs: htmlOutputs(plan),
    // A browser render ran the page's scripts: its <noscript> notice is never the content.
    scriptsRan: source.engine === 'browser',
  };
}

/**
 * What the requested formats need: the cleaned html and the links cost work of their own, so only when asked. The
 * markdown always (the search index, LLM formats and change tracking read it).
 */
function htmlOutputs(plan: ScrapePlan): HtmlOutput[] {
  const outputs: HtmlOutput[] = ['markdown'];
  if (plan.formats.has('html')) outputs.push('html');
  if (plan.formats.has('links')) outputs.push('links');
  return outputs;
}

/** The page as sent is read by the rawHtml format and by images / attributes (on a parse of their own). */
function needsRawHtml(plan: ScrapePlan): boolean {
  return plan.formats.has('rawHtml') || plan.formats.has('images') || plan.formats.has('attributes');
}

function transformHtml(plan: ScrapePlan, source: Source): Content {
  try {
    const result = processHtml(
      { body: source.body, url: source.finalUrl, contentType: source.contentType },
      processHtmlOptions(plan, source),
    );
    return { kind: 'html', ...result };
  } catch (error) {
    throw fromCoreError(error);
  }
}

async function transformHtmlOnThread(plan: ScrapePlan, source: Source, cpu: CpuContext): Promise<Content> {
  // A copy goes to the thread: the Source's body may be cached and served again, so it must not be transferred away.
  const body = new Uint8Array(source.body);
  try {
    const result = await cpu.pool.run<ProcessHtmlResult>(
      'processHtml',
      [{ body, url: source.finalUrl, contentType: source.contentType }, processHtmlOptions(plan, source)],
      // The decoded page is as large as the body: it stays on the thread unless a format reads it.
      { signal: cpu.signal, transfer: [body.buffer as ArrayBuffer], omit: needsRawHtml(plan) ? [] : ['rawHtml'] },
    );
    return { kind: 'html', ...result };
  } catch (error) {
    throw fromCoreError(error);
  }
}

/** CoreError kinds → the spec's statuses: the client's selectors are 400s, content the core cannot take is 422. */
function fromCoreError(error: unknown): unknown {
  if (!isCoreError(error)) return error;
  switch (error.kind) {
    case 'invalid_selector':
    case 'invalid_input':
      return errors.badRequest(error.message, error.details);
    case 'unsupported_content':
    case 'limit_exceeded':
    case 'parse_failed':
      return new ScrapeError({
        status: 422,
        error: error.message,
        code: 'SCRAPE_CONTENT_ERROR',
        details: error.details,
      });
  }
}
