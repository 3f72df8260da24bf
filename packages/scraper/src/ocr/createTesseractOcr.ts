// The OCR engine @scrape/core's parsePdf takes: a pool of tesseract.js workers, fully offline.
// Lives here, not in core, because it starts worker threads and reads the traineddata from disk.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { OcrEngine, OcrLine, OcrPageResult } from '@scrape/core';

/** The int-quantised "best" LSTM model: near-best accuracy at a fraction of the float model's cost. */
const MODEL_FOLDER = '4.0.0_best_int';
/** Rendered pages arrive at this resolution (core's OCR_DPI); telling tesseract avoids its guessing and warning. */
const PAGE_DPI = '200';
/** 1 = LSTM only: the int model has no legacy engine data. */
const OEM_LSTM_ONLY = 1;

export interface TesseractOcrOptions {
  /** Workers in the pool (each a thread with its own ~30 MB model); default: the CPU count. */
  workers?: number;
  /** Folder with `<lang>.traineddata.gz`; default: the `@tesseract.js-data/eng` package's int model. */
  langPath?: string;
  /** Tesseract language code(s), default `eng`. */
  language?: string;
}

export interface TesseractOcr extends OcrEngine {
  /** Terminate every worker; later calls to recognize start fresh ones. */
  close(): Promise<void>;
}

interface Job {
  png: Uint8Array;
  signal?: AbortSignal;
  resolve: (r: OcrPageResult) => void;
  reject: (e: unknown) => void;
}

/**
 * Default model location: resolved from this package's dependency, never fetched (without a local langPath tesseract.js
 * tries a CDN).
 */
export function defaultLangPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), MODEL_FOLDER);
}

export function createTesseractOcr(options: TesseractOcrOptions = {}): TesseractOcr {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const langPath = options.langPath ?? defaultLangPath();
  const language = options.language ?? 'eng';
  const idle: Worker[] = [];
  const queue: Job[] = [];
  let starting = 0;
  let live = 0;
  let closed = false;

  async function spawn(): Promise<void> {
    starting++;
    try {
      const worker = await createWorker(language, OEM_LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true });
      await worker.setParameters({ user_defined_dpi: PAGE_DPI });
      live++;
      idle.push(worker);
    } catch (err) {
      // A worker that cannot start fails the waiting jobs with the reason instead of hanging them.
      for (const job of queue.splice(0)) job.reject(new Error(`OCR engine could not start: ${String(err)}`));
    } finally {
      starting--;
      pump();
    }
  }

  function pump(): void {
    while (queue.length > 0 && idle.length > 0) {
      const job = queue.shift()!;
      if (job.signal?.aborted) {
        job.reject(job.signal.reason);
        continue;
      }
      run(idle.pop()!, job);
    }
    // Workers are created lazily, only as many as the waiting work needs.
    if (!closed && queue.length > 0 && live + starting < size && starting < queue.length) void spawn();
  }

  function run(worker: Worker, job: Job): void {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      job.reject(job.signal!.reason);
      // A recognition cannot be interrupted; dropping its worker frees the CPU for the next request.
      live--;
      void worker.terminate().catch(() => undefined);
      pump();
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    worker
      .recognize(Buffer.from(job.png.buffer, job.png.byteOffset, job.png.byteLength), {}, { blocks: true, text: false })
      .then(
        (res) => {
          if (settled) return;
          settled = true;
          job.resolve(toResult(res.data));
          idle.push(worker);
        },
        (err) => {
          if (settled) return;
          settled = true;
          job.reject(err);
          idle.push(worker);
        },
      )
      .finally(() => {
        job.signal?.removeEventListener('abort', onAbort);
        if (closed) void close();
        pump();
      });
  }

  async function close(): Promise<void> {
    closed = true;
    for (const job of queue.splice(0)) job.reject(new Error('OCR engine closed'));
    const workers = idle.splice(0);
    live -= workers.length;
    await Promise.all(workers.map((w) => w.terminate().catch(() => undefined)));
  }

  return {
    concurrency: size,
    recognize(png, opts = {}) {
      if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
      closed = false;
      return new Promise<OcrPageResult>((resolve, reject) => {
        queue.push({ png, signal: opts.signal, resolve, reject });
        pump();
      });
    },
    close,
  };
}

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TesseractPage {
  confidence: number;
  blocks:
    | {
        paragraphs: {
          lines: { text: string; confidence: number; bbox: TesseractWord['bbox']; words: TesseractWord[] }[];
        }[];
      }[]
    | null;
}

function toResult(data: TesseractPage): OcrPageResult {
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? [])
    for (const para of block.paragraphs)
      for (const line of para.lines) {
        const text = line.text.trim();
        if (!text) continue;
        lines.push({
          text,
          bbox: [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1],
          confidence: line.confidence / 100,
          words: line.words.map((w) => ({
            text: w.text,
            bbox: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1],
            confidence: w.confidence / 100,
          })),
        });
      }
  return { lines, confidence: lines.length ? data.confidence / 100 : null };
}
