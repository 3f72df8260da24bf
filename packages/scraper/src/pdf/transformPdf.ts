// Step 5 for PDFs: the `pdf` parser (spec §2.2) through the worker pool, or the file base64-encoded with `parsers: []`.
import { isCoreError, type ParsePdfResult, type PdfMetadata } from '@scrape/core';
import { errors, ScrapeError } from '../errors.js';
import { PDF_MAX_PAGES_MAX } from '../contract/limits.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from '../steps/plan.js';
import type { Content } from '../steps/types.js';
import type { PdfWorkerPool } from './createPdfWorkerPool.js';

/**
 * The parse must end this long before the scrape's own timer, so its 408 (which says how long the PDF needs) is the
 * one the client gets, not the generic one; it covers the pool's hard-kill grace and building the document.
 */
export const PDF_DEADLINE_MARGIN_MS = 400;
/** Spec §2.2 billing: with `parsers: []` the file costs a flat 1 credit. */
const CREDITS_UNPARSED = 1;
/** PDF info fields passed to `metadata` (spec §2.8: other extracted metadata are strings). */
const INFO_FIELDS = [
  'title',
  'author',
  'subject',
  'keywords',
  'creator',
  'producer',
  'creationDate',
  'modificationDate',
  'language',
] as const;
const MARKDOWN_LINK = /\]\((https?:\/\/[^\s)]+)\)/g;

export async function transformPdf(
  plan: ScrapePlan,
  source: Source,
  pool: PdfWorkerPool | undefined,
  signal?: AbortSignal,
): Promise<Content> {
  const parser = plan.request.parsers.find((p) => p.type === 'pdf');
  if (!parser) {
    // Spec §2.2 and COMPATIBILITY.md: with no parser the file comes back base64-encoded in `markdown`.
    return {
      kind: 'pdf',
      markdown: Buffer.from(source.body).toString('base64'),
      metadata: {},
      creditsUsed: CREDITS_UNPARSED,
    };
  }
  if (!pool)
    throw errors.notImplemented(
      'parsers',
      'this scraper has no PDF parser; send "parsers": [] to get the PDF base64-encoded',
    );
  const deadline = plan.startedAt + plan.request.timeout - PDF_DEADLINE_MARGIN_MS;
  const spentMs = Date.now() - plan.startedAt;
  if (Date.now() >= deadline) {
    throw new ScrapeError({
      status: 408,
      error:
        `Request Timeout: fetching the PDF took ${spentMs} ms of the ${plan.request.timeout} ms timeout, ` +
        `leaving no time to parse it; raise the request timeout.`,
      code: 'SCRAPE_TIMEOUT',
      details: { code: 'PDF_TIMEOUT', elapsedMs: spentMs, timeoutMs: plan.request.timeout },
    });
  }
  // Each parsed page costs a credit: once the parser knows the document's page count (capped by maxPages), those
  // pages are reserved, before any is read, and the parse reads no more than the reservation got.
  const budget = plan.creditBudget;
  let cut: { wanted: number; paid: number } | undefined;
  const pageBudget = budget
    ? async (wanted: number) => {
        const paid = Math.min(wanted, await budget(wanted));
        if (paid < wanted) cut = { wanted, paid };
        return paid;
      }
    : undefined;
  let result: ParsePdfResult;
  try {
    result = await pool.parse(
      source.body,
      {
        mode: parser.mode,
        maxPages: parser.maxPages ?? PDF_MAX_PAGES_MAX,
        pages: parser.pages,
        blocks: parser.blocks,
        pageMarkers: parser.pageMarkers,
      },
      { deadline, signal, tenant: plan.team, ...(pageBudget ? { pageBudget } : {}) },
    );
  } catch (error) {
    throw fromPdfError(error, plan.request.timeout);
  }
  const content: Content = {
    kind: 'pdf',
    markdown: result.markdown,
    links: linksOf(result.markdown),
    metadata: metadataOf(result),
    creditsUsed: result.numPages,
  };
  if (result.pages) content.pages = result.pages;
  if (result.blocks) content.blocks = result.blocks;
  if (cut && result.metadata.totalPages > result.numPages) {
    content.warning =
      `Parsed the first ${result.numPages} of ${result.metadata.totalPages} PDF pages: the account's ` +
      `credits cover no more (1 credit per page).`;
  }
  if (result.metadata.failedPages > 0) {
    content.warning =
      (content.warning ? `${content.warning} ` : '') +
      `${result.metadata.failedPages} of ${result.numPages} PDF pages could not be read; their text is missing ` +
      `(blocks[].status says which).`;
  }
  return content;
}

function metadataOf(result: ParsePdfResult): Content['metadata'] {
  const info: PdfMetadata = result.metadata;
  const metadata: Content['metadata'] = {};
  for (const field of INFO_FIELDS) {
    const value = info[field];
    if (typeof value === 'string' && value.trim() !== '') metadata[field] = value;
  }
  if (result.title) metadata.title = result.title;
  metadata.numPages = info.numPages;
  metadata.totalPages = info.totalPages;
  return metadata;
}

/** `links` of a PDF: the link targets in its markdown, first occurrence order. */
function linksOf(markdown: string): string[] {
  const links = new Set<string>();
  for (const match of markdown.matchAll(MARKDOWN_LINK)) links.add(match[1]);
  return [...links];
}

/** core's PDF_* codes → the spec's statuses (the message always says what to do). */
export function fromPdfError(error: unknown, timeoutMs: number): unknown {
  if (!isCoreError(error)) return error;
  const details = (error.details ?? {}) as { code?: string };
  const code = details.code ?? 'PDF_UNREADABLE';
  const scrapeCode = `SCRAPE_${code}`;
  switch (code) {
    case 'PDF_TIMEOUT':
      return new ScrapeError({
        status: 408,
        error: `Request Timeout: ${error.message}`,
        code: 'SCRAPE_TIMEOUT',
        details: { ...details, timeoutMs },
      });
    case 'PDF_ABORTED':
      return errors.aborted();
    case 'PDF_NO_CREDITS':
      return errors.paymentRequired();
    case 'PDF_TOO_LARGE':
      return new ScrapeError({ status: 413, error: error.message, code: scrapeCode, details });
    case 'PDF_OCR_UNAVAILABLE':
    case 'PDF_WORKER_MISSING':
      return new ScrapeError({ status: 503, error: error.message, code: scrapeCode, details });
    default:
      // PDF_NEEDS_OCR, PDF_ENCRYPTED, PDF_NOT_A_PDF, PDF_UNREADABLE, PDF_NO_PAGES, and PDF_EMPTY: an empty body is
      // the remote server's doing, not a bad request (core calls it invalid_input as a function argument).
      return new ScrapeError({ status: 422, error: error.message, code: scrapeCode, details });
  }
}
