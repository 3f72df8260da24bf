// Runs @scrape/core's parsePdf in worker threads. parsePdf checks its deadline between pages, but one hostile page can
// keep MuPDF (synchronous WASM) busy far longer; on the main thread that would stall every other request. In a worker
// the pool can terminate the thread at the deadline and answer at once. Core stays pure: this wrapper lives here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CoreError, type OcrEngine, type ParsePdfOptions, type ParsePdfResult } from '@scrape/core';
import { createThreadPool } from '../threads/createThreadPool.js';
import type { FromWorker } from './pdfWorkerMessages.js';
import { armPdfJob } from './pool/armPdfJob.js';
import { createFairPicker } from './pool/createFairPicker.js';
import { handlePdfWorkerMessage } from './pool/handlePdfWorkerMessage.js';
import type { PdfParseContext, PdfPoolJob } from './pool/pdfPoolJob.js';
import { startPdfParse } from './pool/startPdfParse.js';

/** Parses at once: PDF parsing is CPU-bound, so more threads than cores only add memory (each holds MuPDF's heap). */
const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
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

/**
 * The PDF parse threads on the shared thread pool; its steps (pool/): the fair pick between tenants, starting a
 * parse, answering a thread's messages (budget, OCR), and each job's deadline and cancel timers.
 */
export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfWorkerPool {
  const size = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  let nextId = 0;
  const counts = { parses: 0, ocrPages: 0, ocrActive: 0 };
  const pool = createThreadPool<ParsePdfResult, PdfPoolJob, FromWorker>({
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
    pick: createFairPicker(),
    start: (slot, job) => startPdfParse(slot, job, options.ocr, counts),
    messageId: (message) => (message.type === 'ready' ? undefined : message.id),
    onMessage: (slot, job, message) => handlePdfWorkerMessage({ pool, ocr: options.ocr, counts }, slot, job, message),
    recycle: (job) => job.bytes.length >= RECYCLE_AFTER_BYTES,
    onSettle(job) {
      for (const timer of job.timers) clearTimeout(timer);
      for (const controller of job.ocr.values()) controller.abort(new DOMException('PDF parse over', 'AbortError'));
      job.ocr.clear();
    },
  });

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
        const job: PdfPoolJob = {
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
        if (armPdfJob(pool, job)) pool.submit(job);
      });
    },
    close: () => pool.close(),
  };
}
