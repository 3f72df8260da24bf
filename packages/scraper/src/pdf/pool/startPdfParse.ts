import type { OcrEngine } from '@scrape/core';
import type { ThreadSlot } from '../../threads/threadPoolTypes.js';
import { type PdfPoolCounts, type PdfPoolJob, post } from './pdfPoolJob.js';

/** The pool's `start`: sends the parse to its thread with a copy of the bytes and the OCR concurrency. */
export function startPdfParse(
  slot: ThreadSlot<PdfPoolJob>,
  job: PdfPoolJob,
  ocr: (() => OcrEngine) | undefined,
  counts: PdfPoolCounts,
): void {
  counts.parses++;
  // A copy is sent: the Source's body may be cached and served again, so its buffer must not be transferred away.
  // (`new Uint8Array(view)` copies; a Buffer's `slice()` would not, and a small Buffer may share Node's pool.)
  const bytes = new Uint8Array(job.bytes);
  // parsePdf keeps as many page renders in flight as the engine recognises at once.
  let ocrConcurrency: number | null = null;
  if (ocr && job.options.mode !== 'fast') {
    try {
      ocrConcurrency = Math.max(1, ocr().concurrency);
    } catch {
      ocrConcurrency = null; // parsePdf then answers PDF_OCR_UNAVAILABLE for pages that need OCR
    }
  }
  post(
    slot,
    {
      type: 'parse',
      id: job.id,
      bytes,
      options: job.options,
      deadline: job.context.deadline,
      ocrConcurrency,
      budgeted: job.context.pageBudget !== undefined,
    },
    [bytes.buffer as ArrayBuffer],
  );
}
