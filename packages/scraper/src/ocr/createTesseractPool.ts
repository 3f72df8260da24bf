// The tesseract.js workers behind createTesseractOcr: at most `size` recognitions at once, each worker holding one set
// of models ("eng+fra", "spa+eng"), created lazily with the models its first job asks for.
import { createWorker, type RecognizeResult, type Worker } from 'tesseract.js';

/** Rendered pages arrive at this resolution (core's OCR_DPI); telling tesseract avoids its guessing and warning. */
const PAGE_DPI = '200';
/** 1 = LSTM only: the int model has no legacy engine data. */
const OEM_LSTM_ONLY = 1;
/**
 * Init-only parameters. The Italian model's config asks for a user word list (`ita.special-words`) that its package
 * does not ship: tesseract then prints "failed to load" on every load and reads without it; naming no list is the
 * same reading, quietly. (tesseract.js types only the dictionary switches, hence the cast.)
 */
const INIT_CONFIG = { user_words_suffix: '' } as unknown as Parameters<typeof createWorker>[3];
/** Workers per concurrent recognition: room for idle workers holding another language's models. */
const MAX_WORKERS_PER_SLOT = 2;

interface Job {
  png: Uint8Array;
  language: string;
  signal?: AbortSignal;
  resolve: (r: RecognizeResult['data']) => void;
  reject: (e: unknown) => void;
}

interface PoolWorker {
  worker: Worker;
  /** The models it has loaded ("eng+fra"). */
  language: string;
}

export interface TesseractPool {
  /** Recognise one PNG with the models of `language` (from `langPath`); rejects promptly when `signal` aborts. */
  read(png: Uint8Array, language: string, signal?: AbortSignal): Promise<RecognizeResult['data']>;
  /** Terminate every worker; later reads start fresh ones. */
  close(): Promise<void>;
}

/** Recognises the job's page, first loading the models it asks for when the worker holds others. */
async function recognizeWith(pw: PoolWorker, job: Job): Promise<RecognizeResult> {
  if (pw.language !== job.language) {
    await pw.worker.reinitialize(job.language, OEM_LSTM_ONLY, INIT_CONFIG);
    await pw.worker.setParameters({ user_defined_dpi: PAGE_DPI });
    pw.language = job.language;
  }
  const png = Buffer.from(job.png.buffer, job.png.byteOffset, job.png.byteLength);
  return pw.worker.recognize(png, {}, { blocks: true, text: false });
}

/** A worker with the models of `language` loaded, told the pages' resolution. */
async function startWorker(language: string, langPath: string): Promise<PoolWorker> {
  const worker = await createWorker(
    language,
    OEM_LSTM_ONLY,
    { langPath, cacheMethod: 'none', gzip: true },
    INIT_CONFIG,
  );
  await worker.setParameters({ user_defined_dpi: PAGE_DPI });
  return { worker, language };
}

export function createTesseractPool(size: number, langPath: string): TesseractPool {
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
      const pw = await startWorker(lang, langPath);
      live++;
      idle.push(pw);
    } catch (err) {
      // A worker that cannot start fails the waiting jobs with the reason instead of hanging them.
      for (const job of queue.splice(0)) job.reject(new Error(`OCR engine could not start: ${String(err)}`));
    } finally {
      startingLanguages.splice(startingLanguages.indexOf(lang), 1);
      pump();
    }
  }

  function pump(): void {
    dispatchToIdle();
    if (!closed) spawnForWaiting();
  }

  /** Waiting jobs go to idle workers holding their models; aborted ones are dropped on the way. */
  function dispatchToIdle(): void {
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
  }

  /** Workers are created lazily, only as many as the waiting work needs, each with the models its job asks for. */
  function spawnForWaiting(): void {
    for (const job of queue) {
      if (busy + startingLanguages.length >= size || live + startingLanguages.length >= maxWorkers) break;
      const waiting = queue.filter((j) => j.language === job.language).length;
      if (startingLanguages.filter((l) => l === job.language).length < waiting) void spawn(job.language);
    }
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
    // The first of the answer and the abort settles the job; an answered worker goes back to the idle ones.
    const settle = (answer: () => void) => {
      if (settled) return;
      settled = true;
      answer();
      busy--;
      idle.push(pw);
    };
    recognizeWith(pw, job)
      .then(
        (res) => settle(() => job.resolve(res.data)),
        (err) => settle(() => job.reject(err)),
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

  function read(png: Uint8Array, lang: string, signal?: AbortSignal): Promise<RecognizeResult['data']> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    closed = false;
    return new Promise<RecognizeResult['data']>((resolve, reject) => {
      queue.push({ png, language: lang, signal, resolve, reject });
      pump();
    });
  }

  return { read, close };
}
