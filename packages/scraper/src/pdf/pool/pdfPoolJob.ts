import type { ParsePdfOptions, ParsePdfResult } from '@scrape/core';
import type { ThreadJob, ThreadPool, ThreadSlot } from '../../threads/threadPoolTypes.js';
import type { ToWorker } from '../pdfWorkerMessages.js';

export interface PdfParseContext {
  /** Epoch ms by which the parse must be done. */
  deadline: number;
  /** The caller's cancellation (client went away). */
  signal?: AbortSignal;
  /** Who the parse is for (the account): a free thread goes to the tenant running the fewest parses. */
  tenant?: string;
  /** Pages paid for, asked once the page count is known (see core's ParsePdfContext.pageBudget). */
  pageBudget?: (pages: number) => Promise<number>;
}

/** One parse in the PDF pool. */
export interface PdfPoolJob extends ThreadJob<ParsePdfResult> {
  bytes: Uint8Array;
  options: ParsePdfOptions;
  context: PdfParseContext;
  started: number;
  timers: NodeJS.Timeout[];
  ocr: Map<number, AbortController>;
  /** The page budget failed (the account store): the parse's PDF_NO_CREDITS is answered with this instead. */
  budgetError?: unknown;
}

/** The thread pool under the PDF pool. */
export type PdfThreadPool = ThreadPool<ParsePdfResult, PdfPoolJob>;

/** Parses started and OCR pages recognized since the pool was made; OCR pages being recognized now. */
export interface PdfPoolCounts {
  parses: number;
  ocrPages: number;
  ocrActive: number;
}

/** Sends a message to the thread (typed: only what parsePdfWorker understands). */
export function post(
  slot: Pick<ThreadSlot<PdfPoolJob>, 'worker'>,
  message: ToWorker,
  transfer: ArrayBuffer[] = [],
): void {
  slot.worker.postMessage(message, transfer);
}
