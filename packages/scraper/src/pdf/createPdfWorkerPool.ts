// Runs @scrape/core's parsePdf in worker threads. parsePdf checks its deadline between pages, but one hostile page can
// keep MuPDF (synchronous WASM) busy far longer; on the main thread that would stall every other request. In a worker
// the pool can terminate the thread at the deadline and answer at once. Core stays pure: this wrapper lives here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CoreError, type CoreErrorKind, type OcrEngine, type ParsePdfOptions, type ParsePdfResult } from '@scrape/core';
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

interface Slot {
  worker: Worker;
  job?: Job;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  options: ParsePdfOptions;
  context: PdfParseContext;
  resolve: (r: ParsePdfResult) => void;
  reject: (e: unknown) => void;
  slot?: Slot;
  started: number;
  timers: NodeJS.Timeout[];
  ocr: Map<number, AbortController>;
  onAbort?: () => void;
  settled: boolean;
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

export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfWorkerPool {
  const size = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;
  const counts = { parses: 0, ocrPages: 0, ocrActive: 0 };
  let script: { url: URL; parsePdfUrl: string } | undefined;
  /** When each tenant last got a thread (see fairestIndex). */
  const lastStart = new Map<string, number>();
  let starts = 0;

  function spawn(): Slot {
    script ??= { url: workerUrl(), parsePdfUrl: parsePdfUrl() };
    if (!existsSync(fileURLToPath(script.url))) {
      throw new CoreError(
        'parse_failed',
        `The PDF worker script is missing (${fileURLToPath(script.url)}); build @scrape/scraper first.`,
        {
          code: 'PDF_WORKER_MISSING',
        },
      );
    }
    const worker = new Worker(script.url, { workerData: { parsePdfUrl: script.parsePdfUrl } });
    const slot: Slot = { worker, jobs: 0 };
    worker.on('message', (message: FromWorker) => onMessage(slot, message));
    const lost = (reason: string) => {
      if (!slots.delete(slot)) return;
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      slot.job = undefined;
      if (job)
        settle(
          job,
          new CoreError('parse_failed', `The PDF could not be parsed: the parser stopped (${reason}).`, {
            code: 'PDF_UNREADABLE',
          }),
        );
      pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.add(slot);
    return slot;
  }

  function retire(slot: Slot): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate().catch(() => undefined);
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot) {
        if (slots.size >= size) return;
        try {
          slot = spawn();
        } catch (err) {
          for (const job of queue.splice(0)) settle(job, err);
          return;
        }
      }
      start(slot, queue.splice(fairestIndex(), 1)[0]);
    }
  }

  /**
   * The queued job whose tenant runs the fewest parses now, and among those the tenant served longest ago (round
   * robin), the oldest job first: fair shares of the threads however many jobs one account queues.
   */
  function fairestIndex(): number {
    const running = new Map<string, number>();
    for (const s of slots)
      if (s.job) running.set(s.job.context.tenant ?? '', (running.get(s.job.context.tenant ?? '') ?? 0) + 1);
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

  function start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    counts.parses++;
    slot.jobs++;
    job.slot = slot;
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

  function post(slot: Slot, message: ToWorker, transfer: ArrayBuffer[] = []): void {
    slot.worker.postMessage(message, transfer);
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    const job = slot.job;
    if (message.type === 'ready' || !job || job.id !== message.id) return;
    switch (message.type) {
      case 'done':
        release(slot, job);
        settle(job, null, message.result);
        return;
      case 'failed': {
        const { kind, message: text, details } = message.error;
        release(slot, job);
        settle(job, job.budgetError ?? (kind ? new CoreError(kind as CoreErrorKind, text, details) : new Error(text)));
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

  function askBudget(slot: Slot, job: Job, pages: number): void {
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

  function recognize(slot: Slot, job: Job, ocrId: number, png: Uint8Array): void {
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

  function release(slot: Slot, job: Job): void {
    slot.job = undefined;
    if (closed || job.bytes.length >= RECYCLE_AFTER_BYTES || slot.jobs >= RECYCLE_AFTER_JOBS) retire(slot);
    else {
      slot.idleTimer = setTimeout(() => {
        if (!slot.job) retire(slot);
      }, IDLE_MS);
      slot.idleTimer.unref();
    }
    queueMicrotask(pump);
  }

  function settle(job: Job, error: unknown, result?: ParsePdfResult): void {
    if (job.settled) return;
    job.settled = true;
    for (const timer of job.timers) clearTimeout(timer);
    for (const controller of job.ocr.values()) controller.abort(new DOMException('PDF parse over', 'AbortError'));
    job.ocr.clear();
    if (job.onAbort) job.context.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result!);
  }

  /** Ends a parse that did not stop by itself: the thread is terminated and a fresh one serves the next job. */
  function hardStop(job: Job, error: CoreError): void {
    if (job.settled) return;
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = job.slot;
    settle(job, error);
    if (slot && slot.job === job) {
      slot.job = undefined;
      retire(slot);
      pump();
    }
  }

  return {
    stats: () => ({
      size,
      threads: slots.size,
      busy: [...slots].filter((s) => s.job).length,
      queued: queue.length,
      ...counts,
    }),
    parse(bytes, parseOptions, context) {
      if (closed)
        return Promise.reject(
          new CoreError('parse_failed', 'The PDF parser pool is closed.', { code: 'PDF_UNREADABLE' }),
        );
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
        };
        const { deadline, signal } = context;
        // At the deadline: stop OCR (tesseract cannot be interrupted mid-page; its worker is dropped) and tell the
        // parse, which answers with its own estimate. Shortly after, a parse still running is terminated.
        const atDeadline = setTimeout(
          () => {
            for (const controller of job.ocr.values())
              controller.abort(new DOMException('PDF deadline reached', 'TimeoutError'));
            if (job.slot?.job === job) post(job.slot, { type: 'abort', id: job.id, reason: 'TimeoutError' });
          },
          Math.max(0, deadline - Date.now()),
        );
        const hardKill = setTimeout(
          () => hardStop(job, stuckError(job)),
          Math.max(0, deadline + HARD_KILL_GRACE_MS - Date.now()),
        );
        job.timers.push(atDeadline, hardKill);
        if (signal) {
          job.onAbort = () => {
            for (const controller of job.ocr.values()) controller.abort(signal.reason);
            if (job.slot?.job === job) post(job.slot, { type: 'abort', id: job.id, reason: 'AbortError' });
            const kill = setTimeout(
              () => hardStop(job, new CoreError('timeout', 'PDF parsing was cancelled.', { code: 'PDF_ABORTED' })),
              job.slot ? ABORT_GRACE_MS : 0,
            );
            job.timers.push(kill);
          };
          if (signal.aborted) {
            settle(job, new CoreError('timeout', 'PDF parsing was cancelled.', { code: 'PDF_ABORTED' }));
            return;
          }
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        settle(job, new CoreError('parse_failed', 'The PDF parser pool is closed.', { code: 'PDF_UNREADABLE' }));
      const all = [...slots];
      slots.clear();
      for (const slot of all) {
        clearTimeout(slot.idleTimer);
        if (slot.job)
          settle(slot.job, new CoreError('parse_failed', 'The PDF parser pool is closed.', { code: 'PDF_UNREADABLE' }));
      }
      await Promise.all(all.map((slot) => slot.worker.terminate().catch(() => undefined)));
    },
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
