import { CoreError, type CoreErrorKind, type OcrEngine } from '@scrape/core';
import type { ThreadSlot } from '../../threads/threadPoolTypes.js';
import type { FromWorker } from '../pdfWorkerMessages.js';
import { type PdfPoolCounts, type PdfPoolJob, type PdfThreadPool, post } from './pdfPoolJob.js';

/** What answering a parse thread needs: the pool (to finish its job), the OCR engine, the counters. */
export interface PdfMessageDeps {
  pool: PdfThreadPool;
  ocr: (() => OcrEngine) | undefined;
  counts: PdfPoolCounts;
}

/**
 * The pool's `onMessage`: a parse done or failed finishes its job; a request for the page budget or an OCR page is
 * answered over messages; an OCR page no longer needed is cancelled.
 */
export function handlePdfWorkerMessage(
  deps: PdfMessageDeps,
  slot: ThreadSlot<PdfPoolJob>,
  job: PdfPoolJob,
  message: FromWorker,
): void {
  switch (message.type) {
    case 'done':
      deps.pool.finish(slot, job, null, message.result);
      return;
    case 'failed': {
      const { kind, message: text, details } = message.error;
      const error = kind ? new CoreError(kind as CoreErrorKind, text, details) : new Error(text);
      deps.pool.finish(slot, job, job.budgetError ?? error);
      return;
    }
    case 'budget':
      askBudget(slot, job, message.pages);
      return;
    case 'ocr':
      recognize(deps, slot, job, message);
      return;
    case 'ocr-cancel':
      job.ocr.get(message.ocrId)?.abort(new DOMException('OCR no longer needed', 'AbortError'));
      job.ocr.delete(message.ocrId);
      return;
  }
}

/** Asks the caller's page budget; a failure answers 0 pages and is kept as the job's error. */
function askBudget(slot: ThreadSlot<PdfPoolJob>, job: PdfPoolJob, pages: number): void {
  const reply = (paid: number) => {
    if (slot.job === job) post(slot, { type: 'budget-result', id: job.id, pages: paid });
  };
  Promise.resolve()
    .then(() => job.context.pageBudget!(pages))
    .then(
      (paid) => reply(Number.isFinite(paid) ? Math.max(0, Math.min(pages, Math.floor(paid))) : 0),
      (err: unknown) => {
        job.budgetError = err;
        reply(0);
      },
    );
}

/** Recognises one page on the main thread's OCR engine, cancellable while the job lives. */
function recognize(
  deps: PdfMessageDeps,
  slot: ThreadSlot<PdfPoolJob>,
  job: PdfPoolJob,
  { ocrId, png, languageText, purpose }: Extract<FromWorker, { type: 'ocr' }>,
): void {
  const { counts } = deps;
  const controller = new AbortController();
  job.ocr.set(ocrId, controller);
  counts.ocrActive++;
  const reply = (result?: Awaited<ReturnType<OcrEngine['recognize']>>, error?: string) => {
    counts.ocrActive--;
    if (result) counts.ocrPages++;
    job.ocr.delete(ocrId);
    if (slot.job === job) post(slot, { type: 'ocr-result', id: job.id, ocrId, result, error });
  };
  let engine: OcrEngine;
  try {
    engine = deps.ocr!();
  } catch (err) {
    reply(undefined, `OCR engine unavailable: ${String(err)}`);
    return;
  }
  engine.recognize(png, { signal: controller.signal, languageText, purpose }).then(
    (result) => reply(result),
    (err: unknown) => reply(undefined, err instanceof Error ? err.message : String(err)),
  );
}
