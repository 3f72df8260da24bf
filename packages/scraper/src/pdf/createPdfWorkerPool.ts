// Runs @scrape/core's parsePdf in worker threads. parsePdf checks its deadline between pages, but one hostile page can
// keep MuPDF (synchronous WASM) busy far longer; on the main thread that would stall every other request. In a worker
// the pool can terminate the thread at the deadline and answer at once. Core stays pure: this wrapper lives here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CoreError, type CoreErrorKind, type OcrEngine, type ParsePdfOptions, type ParsePdfResult } from '@scrape/core';
import { createThreadPool, type ThreadJob, type ThreadSlot } from '../threads/createThreadPool.js';
import type { FromWorker, ToWorker } from './pdfWorkerMessages.js';

/** Parses at once: PDF parsing is CPU-bound, so more threads than cores only add memory (each holds MuPDF's heap). */
const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
/** Past the deadline a parse gets this long to stop by itself (parsePdf's own check gives the better message). */
const HARD_KILL_GRACE_MS = 150;
/** A cancelled parse (client gone) gets this long to stop before its thread is terminated. */
const ABORT_GRACE_MS = 500;
/** An idle thread is ended after this long: MuPDF's WASM heap never shrinks, so an idle thread only holds memory. */
const IDLE_MS = 60_000;
/** A thread that parsed a body this large is replaced: its WASM heap grew to fit it and would stay that size. */
const RECYCLE_AFTER_BYTES = 32 * 1024 * 1024;
/** Threads are also replaced after this many parses, so fragmentation of the WASM heap cannot build up. */
const RECYCLE_AFTER_JOBS = 200;

export interface PdfWorkerPoolOptions {
  /** Parse threads (default: up to 2, fewer on a 1-core machine). */
  workers?: number;
  /**
   * The OCR engine for `auto`/`ocr` modes, asked for when such a parse starts (the engine should start its workers
   * lazily).
   */
  ocr?: () => OcrEngine;
}

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

export interface PdfWorkerPoolStats {
  /** Most parse threads at once. */
  size: number;
  /** Threads alive now / parsing now. */
  threads: number;
  busy: number;
  /** Parses waiting for a thread. */
  queued: number;
  /** Parses started and OCR pages recognized since the pool was made; OCR pages being recognized now. */
  parses: number;
  ocrPages: number;
  ocrActive: number;
}

export interface PdfWorkerPool {
  /** parsePdf in a worker; rejects with core's CoreError (PDF_* codes), a hard-stopped parse with PDF_TIMEOUT. */
  parse(bytes: Uint8Array, options: ParsePdfOptions, context: PdfParseContext): Promise<ParsePdfResult>;
  /** Counters for metrics (read-only, cheap). */
  stats(): PdfWorkerPoolStats;
  close(): Promise<void>;
}

interface Job extends ThreadJob<ParsePdfResult> {
  bytes: Uint8Array;
  options: ParsePdfOptions;
  context: PdfParseContext;
  started: number;
  timers: NodeJS.Timeout[];
  ocr: Map<number, AbortController>;
  /** The page budget failed (the account store): the parse's PDF_NO_CREDITS is answered with this instead. */
  budgetError?: unknown;
}

/** Where the worker script is: beside this module in dist; tests running the TypeScript sources use the built one. */
function workerUrl(): URL {
  const here = new URL('./parsePdfWorker.js', import.meta.url);
  if (import.meta.url.endsWith('.ts')) return new URL('../../dist/pdf/parsePdfWorker.js', import.meta.url);
  return here;
}

/**
 * core's PDF module alone (about half the start-up time of the whole package), or the package when laid out otherwise.
 */
function parsePdfUrl(): string {
  const entry = import.meta.resolve('@scrape/core');
  const pdfModule = new URL('./pdf/parsePdf.js', entry);
  return existsSync(fileURLToPath(pdfModule)) ? pdfModule.href : entry;
}

const closedError = () => new CoreError('parse_failed', 'The PDF parser pool is closed.', { code: 'PDF_UNREADABLE' });

export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfWorkerPool {
  const size = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  let nextId = 0;
  const counts = { parses: 0, ocrPages: 0, ocrActive: 0 };
  /** When each tenant last got a thread (see fairestIndex). */
  const lastStart = new Map<string, number>();
  let starts = 0;
  const pool = createThreadPool<ParsePdfResult, Job, FromWorker>({
    size,
    idleMs: IDLE_MS,
    recycleAfterJobs: RECYCLE_AFTER_JOBS,
    script: () => ({ url: workerUrl(), workerData: { parsePdfUrl: parsePdfUrl() } }),
    missingScript: (path) =>
      new CoreError('parse_failed', `The PDF worker script is missing (${path}); build @scrape/scraper first.`, {
        code: 'PDF_WORKER_MISSING',
      }),
    lost: (reason) =>
      new CoreError('parse_failed', `The PDF could not be parsed: the parser stopped (${reason}).`, {
        code: 'PDF_UNREADABLE',
      }),
    closed: closedError,
    pick: fairestIndex,
    start,
    messageId: (message) => (message.type === 'ready' ? undefined : message.id),
    onMessage,
    recycle: (job) => job.bytes.length >= RECYCLE_AFTER_BYTES,
    onSettle(job) {
      for (const timer of job.timers) clearTimeout(timer);
      for (const controller of job.ocr.values()) controller.abort(new DOMException('PDF parse over', 'AbortError'));
      job.ocr.clear();
    },
  });

  /**
   * The queued job whose tenant runs the fewest parses now, and among those the tenant served longest ago (round
   * robin), the oldest job first: fair shares of the threads however many jobs one account queues.
   */
  function fairestIndex(queue: readonly Job[], runningJobs: readonly Job[]): number {
    const running = new Map<string, number>();
    for (const job of runningJobs)
      running.set(job.context.tenant ?? '', (running.get(job.context.tenant ?? '') ?? 0) + 1);
    const rank = (job: Job) =>
      [running.get(job.context.tenant ?? '') ?? 0, lastStart.get(job.context.tenant ?? '') ?? -1] as const;
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      const [ri, li] = rank(queue[i]);
      const [rb, lb] = rank(queue[best]);
      if (ri < rb || (ri === rb && li < lb)) best = i;
    }
    lastStart.set(queue[best].context.tenant ?? '', starts++);
    return best;
  }

  function start(slot: ThreadSlot<Job>, job: Job): void {
    counts.parses++;
    // A copy is sent: the Source's body may be cached and served again, so its buffer must not be transferred away.
    // (`new Uint8Array(view)` copies; a Buffer's `slice()` would not, and a small Buffer may share Node's pool.)
    const bytes = new Uint8Array(job.bytes);
    // parsePdf keeps as many page renders in flight as the engine recognises at once.
    let ocrConcurrency: number | null = null;
    if (options.ocr && job.options.mode !== 'fast') {
      try {
        ocrConcurrency = Math.max(1, options.ocr().concurrency);
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

  function post(slot: Pick<ThreadSlot<Job>, 'worker'>, message: ToWorker, transfer: ArrayBuffer[] = []): void {
    slot.worker.postMessage(message, transfer);
  }

  function onMessage(slot: ThreadSlot<Job>, job: Job, message: FromWorker): void {
    switch (message.type) {
      case 'done':
        pool.finish(slot, job, null, message.result);
        return;
      case 'failed': {
        const { kind, message: text, details } = message.error;
        const error = kind ? new CoreError(kind as CoreErrorKind, text, details) : new Error(text);
        pool.finish(slot, job, job.budgetError ?? error);
        return;
      }
      case 'budget':
        askBudget(slot, job, message.pages);
        return;
      case 'ocr':
        recognize(slot, job, message.ocrId, message.png);
        return;
      case 'ocr-cancel':
        job.ocr.get(message.ocrId)?.abort(new DOMException('OCR no longer needed', 'AbortError'));
        job.ocr.delete(message.ocrId);
        return;
    }
  }

  function askBudget(slot: ThreadSlot<Job>, job: Job, pages: number): void {
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

  function recognize(slot: ThreadSlot<Job>, job: Job, ocrId: number, png: Uint8Array): void {
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
      engine = options.ocr!();
    } catch (err) {
      reply(undefined, `OCR engine unavailable: ${String(err)}`);
      return;
    }
    engine.recognize(png, { signal: controller.signal }).then(
      (result) => reply(result),
      (err: unknown) => reply(undefined, err instanceof Error ? err.message : String(err)),
    );
  }

  return {
    stats: () => ({
      size,
      threads: pool.threads,
      busy: pool.busy,
      queued: pool.queued,
      ...counts,
    }),
    parse(bytes, parseOptions, context) {
      if (pool.isClosed) return Promise.reject(closedError());
      return new Promise<ParsePdfResult>((resolve, reject) => {
        const job: Job = {
          id: nextId++,
          bytes,
          options: parseOptions,
          context,
          resolve,
          reject,
          started: Date.now(),
          timers: [],
          ocr: new Map(),
          settled: false,
          signal: context.signal,
        };
        const { deadline, signal } = context;
        // At the deadline: stop OCR (tesseract cannot be interrupted mid-page; its worker is dropped) and tell the
        // parse, which answers with its own estimate. Shortly after, a parse still running is terminated (its thread
        // ends and a fresh one serves the next job).
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
        if (signal) {
          job.onAbort = () => {
            for (const controller of job.ocr.values()) controller.abort(signal.reason);
            if (job.slot?.job === job) post(job.slot, { type: 'abort', id: job.id, reason: 'AbortError' });
            const kill = setTimeout(
              () => pool.stop(job, new CoreError('timeout', 'PDF parsing was cancelled.', { code: 'PDF_ABORTED' })),
              job.slot ? ABORT_GRACE_MS : 0,
            );
            job.timers.push(kill);
          };
          if (signal.aborted) {
            pool.settle(job, new CoreError('timeout', 'PDF parsing was cancelled.', { code: 'PDF_ABORTED' }));
            return;
          }
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        pool.submit(job);
      });
    },
    close: () => pool.close(),
  };
}

/**
 * The timeout of a parse that had to be terminated: no page count to extrapolate from, so the time spent is the floor.
 */
function stuckError(job: Job): CoreError {
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
