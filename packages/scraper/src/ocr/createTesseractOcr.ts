// The OCR engine @scrape/core's parsePdf takes: a pool of tesseract.js workers, fully offline.
// Lives here, not in core, because it starts worker threads and reads the traineddata from disk.
import { mkdirSync, symlinkSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { OcrEngine, OcrLine, OcrPageResult } from '@scrape/core';
import { detectOcrLanguage } from './ocrLanguage.js';

/** The int-quantised "best" LSTM model: near-best accuracy at a fraction of the float model's cost. */
const MODEL_FOLDER = '4.0.0_best_int';
/** Rendered pages arrive at this resolution (core's OCR_DPI); telling tesseract avoids its guessing and warning. */
const PAGE_DPI = '200';
/** 1 = LSTM only: the int model has no legacy engine data. */
const OEM_LSTM_ONLY = 1;
/** Workers per concurrent recognition: room for idle workers holding another language's models. */
const MAX_WORKERS_PER_SLOT = 2;

export interface TesseractOcrOptions {
  /** Workers in the pool (each a thread with its own ~30 MB model); default: the CPU count. */
  workers?: number;
  /** Folder with `<lang>.traineddata.gz` for every model used; default: links to the bundled packages' int models. */
  langPath?: string;
  /** Tesseract language code(s) of the first reading, default DEFAULT_LANGUAGE; each needs its bundled package. */
  language?: string;
  /**
   * Models that may read a page again when the first reading is in their language (the more confident reading
   * is kept); default:
   * every bundled model not in `language`. `false`: one reading per page, with `language` only.
   */
  reread?: string[] | false;
}

export interface TesseractOcr extends OcrEngine {
  /** Terminate every worker; later calls to recognize start fresh ones. */
  close(): Promise<void>;
}

interface Job {
  png: Uint8Array;
  language: string;
  signal?: AbortSignal;
  resolve: (r: OcrPageResult) => void;
  reject: (e: unknown) => void;
}

interface PoolWorker {
  worker: Worker;
  /** The models it has loaded ("eng+fra"). */
  language: string;
}

/**
 * English and French together: the French model reads the accented Latin letters (é è à ç ê ô û ë ï ü œ) that the
 * English one turns into plain or wrong letters, and tesseract keeps, word by word, the better of the two readings.
 * Every page is read with these first; a page in another language with a bundled model is read again with it.
 */
export const DEFAULT_LANGUAGE = 'eng+fra';

/**
 * The models this package ships, one `@tesseract.js-data/<code>` dependency each (literal package names, so
 * dependency checks (knip) see them used). German and Spanish letters (ä ö ü ß, á í ó ú ñ ¿ ¡) are beyond the
 * default pair: the English and French models turn them into plain letters or others ("Säule" → "Saule").
 */
const MODEL_PACKAGES: Record<string, (require: NodeJS.Require) => string> = {
  eng: (require) => require.resolve('@tesseract.js-data/eng/package.json'),
  fra: (require) => require.resolve('@tesseract.js-data/fra/package.json'),
  deu: (require) => require.resolve('@tesseract.js-data/deu/package.json'),
  spa: (require) => require.resolve('@tesseract.js-data/spa/package.json'),
};
export const BUNDLED_LANGUAGES = Object.keys(MODEL_PACKAGES);

/**
 * A re-read runs the page's own model with English beside it: names, brands and English phrases are common in
 * documents of any language, and the English model reads them where the other one garbles them.
 */
const REREAD_COMPANION = 'eng';

/** Model location for the codes of `language` ("eng", "eng+fra" or ["spa", "eng+fra"]): see defaultLangPath. */
function modelFolder(code: string): string {
  const resolve = MODEL_PACKAGES[code];
  if (!resolve) throw new Error(`No bundled OCR model for language "${code}" (have: ${BUNDLED_LANGUAGES})`);
  return join(dirname(resolve(createRequire(import.meta.url))), MODEL_FOLDER);
}

/**
 * Model location for `language` ("eng", "eng+fra", or several such): resolved from this package's dependencies,
 * never fetched (without a local langPath tesseract.js tries a CDN). tesseract.js reads every model of a worker
 * from one folder, while each language is its own package: for several, a folder of links to them is made once per
 * process.
 */
export function defaultLangPath(language: string | string[] = 'eng'): string {
  const codes = [...new Set([language].flat().flatMap((l) => l.split('+')))].sort();
  if (codes.length === 1) return modelFolder(codes[0]);
  const joined = join(tmpdir(), `scrape-tessdata-${process.pid}-${codes.join('-')}`);
  mkdirSync(joined, { recursive: true });
  for (const code of codes) {
    const file = `${code}.traineddata.gz`;
    try {
      if (!existsSync(join(joined, file))) symlinkSync(join(modelFolder(code), file), join(joined, file));
    } catch (err) {
      // Another thread of this process made the same link first.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return joined;
}

/** The language a second reading should use, or null when the first one is good as it is. */
function rereadLanguage(first: OcrPageResult, firstCodes: string[], reread: string[]): string | null {
  const words = first.lines.flatMap((l) => l.words);
  const code = detectOcrLanguage(words, [...new Set([...firstCodes, ...reread])]);
  if (code === null || firstCodes.includes(code) || !reread.includes(code)) return null;
  return [code, REREAD_COMPANION].filter((c, i, all) => all.indexOf(c) === i).join('+');
}

export function createTesseractOcr(options: TesseractOcrOptions = {}): TesseractOcr {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const language = options.language ?? DEFAULT_LANGUAGE;
  const firstCodes = language.split('+');
  const reread = options.reread === false ? [] : (options.reread ?? BUNDLED_LANGUAGES);
  const langPath = options.langPath ?? defaultLangPath([language, ...reread.map((c) => `${c}+${REREAD_COMPANION}`)]);
  // Up to `size` recognitions run at once; a worker holds one set of models, and switching costs a model load (about
  // a quarter of a page's reading), so idle workers with other models are kept, up to MAX_WORKERS_PER_SLOT × size.
  const maxWorkers = size * MAX_WORKERS_PER_SLOT;
  const idle: PoolWorker[] = [];
  const queue: Job[] = [];
  const startingLanguages: string[] = [];
  let busy = 0;
  let live = 0;
  let closed = false;

  async function spawn(lang: string): Promise<void> {
    startingLanguages.push(lang);
    try {
      const worker = await createWorker(lang, OEM_LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true });
      await worker.setParameters({ user_defined_dpi: PAGE_DPI });
      live++;
      idle.push({ worker, language: lang });
    } catch (err) {
      // A worker that cannot start fails the waiting jobs with the reason instead of hanging them.
      for (const job of queue.splice(0)) job.reject(new Error(`OCR engine could not start: ${String(err)}`));
    } finally {
      startingLanguages.splice(startingLanguages.indexOf(lang), 1);
      pump();
    }
  }

  function pump(): void {
    for (let k = 0; k < queue.length && busy < size; ) {
      const job = queue[k];
      if (job.signal?.aborted) {
        queue.splice(k, 1);
        job.reject(job.signal.reason);
        continue;
      }
      let i = idle.findIndex((w) => w.language === job.language);
      // No room for another worker: the least recently used idle one loads this job's models instead.
      if (i < 0 && live + startingLanguages.length >= maxWorkers && idle.length > 0) i = 0;
      if (i < 0) {
        k++;
        continue;
      }
      queue.splice(k, 1);
      busy++;
      run(idle.splice(i, 1)[0], job);
    }
    if (closed) return;
    // Workers are created lazily, only as many as the waiting work needs, each with the models its job asks for.
    for (const job of queue) {
      if (busy + startingLanguages.length >= size || live + startingLanguages.length >= maxWorkers) break;
      const waiting = queue.filter((j) => j.language === job.language).length;
      if (startingLanguages.filter((l) => l === job.language).length < waiting) void spawn(job.language);
    }
  }

  async function recognizeWith(pw: PoolWorker, job: Job) {
    if (pw.language !== job.language) {
      await pw.worker.reinitialize(job.language, OEM_LSTM_ONLY);
      await pw.worker.setParameters({ user_defined_dpi: PAGE_DPI });
      pw.language = job.language;
    }
    const png = Buffer.from(job.png.buffer, job.png.byteOffset, job.png.byteLength);
    return pw.worker.recognize(png, {}, { blocks: true, text: false });
  }

  function run(pw: PoolWorker, job: Job): void {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      job.reject(job.signal!.reason);
      // A recognition cannot be interrupted; dropping its worker frees the CPU for the next request.
      live--;
      busy--;
      void pw.worker.terminate().catch(() => undefined);
      pump();
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    recognizeWith(pw, job)
      .then(
        (res) => {
          if (settled) return;
          settled = true;
          job.resolve(toResult(res.data));
          busy--;
          idle.push(pw);
        },
        (err) => {
          if (settled) return;
          settled = true;
          job.reject(err);
          busy--;
          idle.push(pw);
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
    await Promise.all(workers.map((w) => w.worker.terminate().catch(() => undefined)));
  }

  function read(png: Uint8Array, lang: string, signal?: AbortSignal): Promise<OcrPageResult> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    closed = false;
    return new Promise<OcrPageResult>((resolve, reject) => {
      queue.push({ png, language: lang, signal, resolve, reject });
      pump();
    });
  }

  return {
    concurrency: size,
    async recognize(png, opts = {}) {
      const first = await read(png, language, opts.signal);
      const other = reread.length ? rereadLanguage(first, firstCodes, reread) : null;
      if (other === null) return first;
      // Only pages in a language the first models lack pay for a second reading. The more confident one is kept:
      // on the German and Spanish pages of our scans their own model gained up to 0.10 of mean confidence and never
      // lost, while a language without a model, read again by its nearest one, keeps whichever reads it better.
      const second = await read(png, other, opts.signal);
      return (second.confidence ?? 0) >= (first.confidence ?? 0) ? second : first;
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
