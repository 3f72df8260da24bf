// The worker thread side of createPdfWorkerPool: runs @scrape/core's parsePdf off the main thread, so a page that keeps
// MuPDF busy past the deadline can be stopped by terminating the thread. OCR stays on the main thread (one tesseract
// pool per scraper): recognition requests go out as messages and their results come back.
import { parentPort, workerData } from 'node:worker_threads';
import type { OcrEngine, OcrPageResult, ParsePdfOptions, parsePdf as ParsePdf } from '@scrape/core';
import type { FromWorker, ToWorker } from './pdfWorkerMessages.js';

const port = parentPort;
if (!port) throw new Error('parsePdfWorker.js runs as a worker thread only');

// Only core's PDF module is loaded (its URL comes from the pool): the whole of @scrape/core takes twice as long to
// start.
const { parsePdf } = (await import((workerData as { parsePdfUrl: string }).parsePdfUrl)) as {
  parsePdf: typeof ParsePdf;
};

const pendingOcr = new Map<number, { resolve: (r: OcrPageResult) => void; reject: (e: unknown) => void }>();
let nextOcrId = 0;
let current: { id: number; controller: AbortController } | undefined;
/** The answer of the main thread's page budget, for the parse running now. */
let pendingBudget: ((pages: number) => void) | undefined;

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

function ocrProxy(id: number, concurrency: number): OcrEngine {
  return {
    concurrency,
    recognize(png, options = {}) {
      if (options.signal?.aborted) return Promise.reject(options.signal.reason);
      const ocrId = nextOcrId++;
      const copy = new Uint8Array(png); // a copy of its own, so transferring it detaches nothing else
      return new Promise<OcrPageResult>((resolve, reject) => {
        const onAbort = () => {
          pendingOcr.delete(ocrId);
          send({ type: 'ocr-cancel', id, ocrId });
          reject(options.signal!.reason);
        };
        options.signal?.addEventListener('abort', onAbort, { once: true });
        pendingOcr.set(ocrId, {
          resolve: (r) => {
            options.signal?.removeEventListener('abort', onAbort);
            resolve(r);
          },
          reject: (e) => {
            options.signal?.removeEventListener('abort', onAbort);
            reject(e);
          },
        });
        const { languageText, purpose } = options;
        send({ type: 'ocr', id, ocrId, png: copy, languageText, purpose }, [copy.buffer as ArrayBuffer]);
      });
    },
  };
}

/** Asks the pool how many pages are paid for; an abort (deadline, client gone) answers 0 pages at once. */
function budgetProxy(id: number, signal: AbortSignal): (pages: number) => Promise<number> {
  return (pages) =>
    new Promise<number>((resolve) => {
      const onAbort = () => resolve(0);
      signal.addEventListener('abort', onAbort, { once: true });
      pendingBudget = (paid) => {
        signal.removeEventListener('abort', onAbort);
        resolve(paid);
      };
      send({ type: 'budget', id, pages });
    });
}

async function run(
  id: number,
  bytes: Uint8Array,
  options: ParsePdfOptions,
  deadline: number,
  ocrConcurrency: number | null,
  budgeted: boolean,
): Promise<void> {
  const controller = new AbortController();
  current = { id, controller };
  try {
    const result = await parsePdf(bytes, options, {
      deadline,
      signal: controller.signal,
      ocr: ocrConcurrency ? ocrProxy(id, ocrConcurrency) : undefined,
      ...(budgeted ? { pageBudget: budgetProxy(id, controller.signal) } : {}),
    });
    send({ type: 'done', id, result });
  } catch (err) {
    const e = err as { name?: string; kind?: string; message?: string; details?: unknown };
    send({
      type: 'failed',
      id,
      error: {
        name: String(e?.name ?? 'Error'),
        kind: e?.kind,
        message: String(e?.message ?? err),
        details: e?.details,
      },
    });
  } finally {
    current = undefined;
    pendingBudget = undefined;
    for (const [ocrId, job] of pendingOcr) {
      pendingOcr.delete(ocrId);
      job.reject(new Error('parse finished'));
    }
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'parse':
      void run(message.id, message.bytes, message.options, message.deadline, message.ocrConcurrency, message.budgeted);
      return;
    case 'budget-result': {
      const answer = current?.id === message.id ? pendingBudget : undefined;
      pendingBudget = undefined;
      answer?.(message.pages);
      return;
    }
    case 'abort':
      if (current?.id === message.id)
        current.controller.abort(new DOMException('PDF parsing was cancelled', message.reason));
      return;
    case 'ocr-result': {
      const job = pendingOcr.get(message.ocrId);
      pendingOcr.delete(message.ocrId);
      if (!job) return;
      if (message.result) job.resolve(message.result);
      else job.reject(new Error(message.error ?? 'OCR failed'));
      return;
    }
  }
});
send({ type: 'ready' });
