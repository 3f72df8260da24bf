import { CoreError } from '@scrape/core';
import { type PdfPoolJob, type PdfThreadPool, post } from './pdfPoolJob.js';

/** Past the deadline a parse gets this long to stop by itself (parsePdf's own check gives the better message). */
const HARD_KILL_GRACE_MS = 150;
/** A cancelled parse (client gone) gets this long to stop before its thread is terminated. */
const ABORT_GRACE_MS = 500;

const cancelled = () => new CoreError('timeout', 'PDF parsing was cancelled.', { code: 'PDF_ABORTED' });

/**
 * Sets the job's deadline timers and its abort listener before it is submitted. At the deadline: stop OCR (tesseract
 * cannot be interrupted mid-page; its worker is dropped) and tell the parse, which answers with its own estimate.
 * Shortly after, a parse still running is terminated (its thread ends and a fresh one serves the next job). A cancel
 * does the same with a longer grace. Returns false when the caller's signal had already aborted (the job is settled).
 */
export function armPdfJob(pool: PdfThreadPool, job: PdfPoolJob): boolean {
  const { deadline, signal } = job.context;
  const atDeadline = setTimeout(
    () => {
      for (const controller of job.ocr.values())
        controller.abort(new DOMException('PDF deadline reached', 'TimeoutError'));
      if (job.slot?.job === job) post(job.slot, { type: 'abort', id: job.id, reason: 'TimeoutError' });
    },
    Math.max(0, deadline - Date.now()),
  );
  const hardKill = setTimeout(
    () => pool.stop(job, stuckError(job)),
    Math.max(0, deadline + HARD_KILL_GRACE_MS - Date.now()),
  );
  job.timers.push(atDeadline, hardKill);
  if (!signal) return true;
  job.onAbort = () => {
    for (const controller of job.ocr.values()) controller.abort(signal.reason);
    if (job.slot?.job === job) post(job.slot, { type: 'abort', id: job.id, reason: 'AbortError' });
    const kill = setTimeout(() => pool.stop(job, cancelled()), job.slot ? ABORT_GRACE_MS : 0);
    job.timers.push(kill);
  };
  if (signal.aborted) {
    pool.settle(job, cancelled());
    return false;
  }
  signal.addEventListener('abort', job.onAbort, { once: true });
  return true;
}

/**
 * The timeout of a parse that had to be terminated: no page count to extrapolate from, so the time spent is the floor.
 */
function stuckError(job: PdfPoolJob): CoreError {
  const elapsedMs = Date.now() - job.started;
  const seconds = Math.max(1, Math.ceil(elapsedMs / 1000));
  const waited = job.slot
    ? 'a page kept the parser busy past the deadline'
    : 'it waited for a free PDF parser until the deadline';
  return new CoreError(
    'timeout',
    `PDF parsing did not finish in time: ${waited} (${elapsedMs} ms spent). Parsing this PDF needs more than ` +
      `${seconds} s; ` +
      `raise the request timeout accordingly, or lower parsers[].maxPages, or use mode "fast".`,
    { code: 'PDF_TIMEOUT', elapsedMs },
  );
}
