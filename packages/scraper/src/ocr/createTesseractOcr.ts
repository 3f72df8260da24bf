// The OCR engine @scrape/core's parsePdf takes: a pool of tesseract.js workers, fully offline.
// Lives here, not in core, because it starts worker threads and reads the traineddata from disk.
import { mkdirSync, symlinkSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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
  /** Tesseract language code(s), default DEFAULT_LANGUAGE; each needs its `@tesseract.js-data/<code>` package. */
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
 * English and French together: the French model reads the accented Latin letters (é è à ç ê ô û ë ï ü œ) that the
 * English one turns into plain or wrong letters, and tesseract keeps, word by word, the better of the two readings.
 * They are the only Latin-script models the npm registry ships as packages (no German or Spanish one).
 */
export const DEFAULT_LANGUAGE = 'eng+fra';

/**
 * Model location for `language` ("eng" or "eng+fra"): resolved from this package's dependencies, never fetched
 * (without a local langPath tesseract.js tries a CDN). tesseract.js reads every model of a worker from one folder,
 * while each language is its own package: for several, a folder of links to them is made once per process.
 */
export function defaultLangPath(language = 'eng'): string {
  const require = createRequire(import.meta.url);
  // Literal package names, so dependency checks (knip) see them used; another code needs its package added here.
  const packages: Record<string, () => string> = {
    eng: () => require.resolve('@tesseract.js-data/eng/package.json'),
    fra: () => require.resolve('@tesseract.js-data/fra/package.json'),
  };
  const folder = (code: string) => {
    const resolve = packages[code];
    if (!resolve) throw new Error(`No bundled OCR model for language "${code}" (have: ${Object.keys(packages)})`);
    return join(dirname(resolve()), MODEL_FOLDER);
  };
  const codes = language.split('+');
  if (codes.length === 1) return folder(codes[0]);
  const joined = join(tmpdir(), `scrape-tessdata-${process.pid}-${codes.join('-')}`);
  mkdirSync(joined, { recursive: true });
  for (const code of codes) {
    const file = `${code}.traineddata.gz`;
    try {
      if (!existsSync(join(joined, file))) symlinkSync(join(folder(code), file), join(joined, file));
    } catch (err) {
      // Another thread of this process made the same link first.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return joined;
}

export function createTesseractOcr(options: TesseractOcrOptions = {}): TesseractOcr {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const language = options.language ?? DEFAULT_LANGUAGE;
  const langPath = options.langPath ?? defaultLangPath(language);
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
