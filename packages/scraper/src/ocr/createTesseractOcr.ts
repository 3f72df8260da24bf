// The OCR engine @scrape/core's parsePdf takes: a pool of tesseract.js workers, fully offline.
// Lives here, not in core, because it starts worker threads and reads the traineddata from disk.
import { mkdirSync, symlinkSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OcrEngine, OcrLine, OcrPageResult } from '@scrape/core';
import { createTesseractPool } from './createTesseractPool.js';
import { detectOcrLanguages } from './ocrLanguage.js';

/** The int-quantised "best" LSTM model: near-best accuracy at a fraction of the float model's cost. */
const MODEL_FOLDER = '4.0.0_best_int';

export interface TesseractOcrOptions {
  /** Workers in the pool (each a thread with its own ~30 MB model); default: the CPU count. */
  workers?: number;
  /** Folder with `<lang>.traineddata.gz` for every model used; default: links to the bundled packages' int models. */
  langPath?: string;
  /** Tesseract language code(s) of the first reading, default DEFAULT_LANGUAGE; each needs its bundled package. */
  language?: string;
  /**
   * Models that may read a page again when the first reading is in their language (the more confident reading is
   * kept); default: every bundled model (none with a `langPath`, which holds only what its owner put there).
   * `false`: one reading per page, with `language` only.
   */
  reread?: string[] | false;
}

export interface TesseractOcr extends OcrEngine {
  /** Terminate every worker; later calls to recognize start fresh ones. */
  close(): Promise<void>;
  /** Readings so far: `pages` first readings, `rereads` second ones with a page's own language model. */
  readonly stats: { readonly pages: number; readonly rereads: number };
}

/**
 * English and French together: the French model reads the accented Latin letters (é è à ç ê ô û ë ï ü œ) that the
 * English one turns into plain or wrong letters, and tesseract keeps, word by word, the better of the two readings.
 * Every page is read with these first; a page in another language with a bundled model is read again with it.
 */
export const DEFAULT_LANGUAGE = 'eng+fra';

/**
 * The models this package ships, one `@tesseract.js-data/<code>` dependency each (literal package names, so
 * dependency checks (knip) see them used). German, Spanish, Italian, Portuguese and Dutch letters (ä ö ü ß, á í ó ú
 * ñ, ì ò ù, ã õ ç â ê, ë ï é) are beyond the default pair: the English and French models turn them into plain
 * letters or others ("Säule" → "Saule", "coração" → "coracao"). Each int model is 1.3–2.9 MB; a worker loads only
 * the pair a page asks for, so more models cost disk, not memory.
 */
const MODEL_PACKAGES: Record<string, (require: NodeJS.Require) => string> = {
  eng: (require) => require.resolve('@tesseract.js-data/eng/package.json'),
  fra: (require) => require.resolve('@tesseract.js-data/fra/package.json'),
  deu: (require) => require.resolve('@tesseract.js-data/deu/package.json'),
  spa: (require) => require.resolve('@tesseract.js-data/spa/package.json'),
  ita: (require) => require.resolve('@tesseract.js-data/ita/package.json'),
  por: (require) => require.resolve('@tesseract.js-data/por/package.json'),
  nld: (require) => require.resolve('@tesseract.js-data/nld/package.json'),
};
export const BUNDLED_LANGUAGES = Object.keys(MODEL_PACKAGES);

/**
 * A re-read runs the page's own model with English beside it: names, brands and English phrases are common in
 * documents of any language, and the English model reads them where the other one garbles them.
 */
const REREAD_COMPANION = 'eng';

/** The folder of one bundled model's int traineddata, inside its package. */
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

/**
 * The languages further readings should use (best first), or none when the first one is good as it is: a page whose
 * letters fit a first-reading model best is not read again.
 */
function rereadLanguages(first: OcrPageResult, firstCodes: string[], reread: string[]): string[] {
  const words = first.lines.flatMap((l) => l.words);
  const codes = detectOcrLanguages(words, [...new Set([...firstCodes, ...reread])]);
  if (codes.length === 0 || firstCodes.includes(codes[0])) return [];
  return codes
    .filter((code) => !firstCodes.includes(code) && reread.includes(code))
    .map((code) => [code, REREAD_COMPANION].filter((c, i, all) => all.indexOf(c) === i).join('+'));
}

/**
 * The models to read an image with when the text beside it (its page's text layer) is in a language other than the
 * first model's: that language's model first, with English. A poster's few words are too few to name their
 * language, so the first reading (English, then French) turned its accents into plain letters (`BRÜCKE` → `BRUCKE`,
 * `SEÑAL` → `SENAL`, and French capitals too: `ÉTÉ` → `ETE`, `GARÇON` → `GARCON`, as English led the pair) and no
 * re-read was asked for. Undefined when the text is in the first model's language, too short, or has no bundled
 * model. Still one reading: only the models' order changes for a language of the first pair.
 */
function hintedLanguage(text: string, firstCodes: string[], reread: string[]): string | undefined {
  const [code] = detectOcrLanguages([{ text, confidence: 1 }], [...new Set([...firstCodes, ...reread])]);
  if (!code || code === firstCodes[0] || !reread.includes(code)) return undefined;
  return [code, REREAD_COMPANION].filter((c, i, all) => all.indexOf(c) === i).join('+');
}

export function createTesseractOcr(options: TesseractOcrOptions = {}): TesseractOcr {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const language = options.language ?? DEFAULT_LANGUAGE;
  const firstCodes = language.split('+');
  const reread = options.reread === false ? [] : (options.reread ?? (options.langPath ? [] : BUNDLED_LANGUAGES));
  const langPath = options.langPath ?? defaultLangPath([language, ...reread.map((c) => `${c}+${REREAD_COMPANION}`)]);
  const pool = createTesseractPool(size, langPath);
  const stats = { pages: 0, rereads: 0 };
  // The regions of one page share its text: the language is told once per page, not once per image.
  let lastHint: { text: string; language: string | undefined } | undefined;
  const hintFor = (text: string) => {
    if (lastHint?.text !== text) lastHint = { text, language: hintedLanguage(text, firstCodes, reread) };
    return lastHint.language;
  };
  return {
    concurrency: size,
    stats,
    async recognize(png, opts = {}) {
      stats.pages++;
      const hinted =
        reread.length && opts.purpose !== 'confirm' && opts.languageText ? hintFor(opts.languageText) : undefined;
      const readWith = hinted ?? language;
      const first = toResult(await pool.read(png, readWith, opts.signal));
      // A reading that only confirms a page's own text layer is compared with it without accents, and the layer keeps
      // its own letters: the second reading, which only sharpens letters, would be paid for nothing.
      const others =
        reread.length && opts.purpose !== 'confirm' ? rereadLanguages(first, readWith.split('+'), reread) : [];
      // Only pages in a language the first models lack pay for a second reading (a third when two languages fit its
      // letters equally, as on lists of nouns). The most confident reading is kept: on the German and Spanish pages
      // of our scans their own model gained up to 0.10 of mean confidence and never lost, and of two close languages
      // the page's own model reads it more surely.
      let best = first;
      for (const other of others) {
        let next: OcrPageResult;
        try {
          stats.rereads++;
          next = toResult(await pool.read(png, other, opts.signal));
        } catch (err) {
          // The readings so far stand when another cannot be had; an abort still aborts.
          if (opts.signal?.aborted) throw err;
          return best;
        }
        if ((next.confidence ?? 0) >= (best.confidence ?? 0)) best = next;
      }
      return best;
    },
    close: pool.close,
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
