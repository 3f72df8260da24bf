// The CoreErrors parsePdf throws (details.code PDF_*), and the time check run between pages: a deadline passed or a
// cancelled request ends the parse with PDF_TIMEOUT / PDF_ABORTED and how far it got.
import { CoreError } from '../errors.js';
import type { ParsePdfContext } from './pdfTypes.js';

export function pdfError(
  kind: ConstructorParameters<typeof CoreError>[0],
  code: string,
  message: string,
  details: object = {},
): CoreError {
  return new CoreError(kind, message, { code, ...details });
}

export function checkTime(context: ParsePdfContext, started: number, done: number, total: number): void {
  const late = context.deadline !== undefined && Date.now() > context.deadline;
  if (late || context.signal?.aborted) throw timeoutError(context, started, done, total);
}

export function timeoutError(context: ParsePdfContext, started: number, done: number, total: number): CoreError {
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

export function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300);
}
