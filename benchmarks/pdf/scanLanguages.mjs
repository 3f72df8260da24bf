// OCR quality and cost on scans made here: letters in seven languages and noun lists (scanLanguagesText.mjs; German
// and Spanish have models since the language re-read, Italian, Portuguese and Dutch since a later round), typeset at
// two sizes, rasterised at 100-300 dpi, half with speckle noise, stored as image-only pages and read through
// parsePdf's `ocr` mode. Scores: share of the letter's words read exactly (accents included), and with accents folded
// away (so the gap between the two is what a missing language model costs); OCR milliseconds per page. Compares one
// reading per page (`reread: false`, as before) with the language re-read, interleaved page by page.
// Run (build first): node benchmarks/pdf/scanLanguages.mjs [--langs de,es] [--language eng+fra]
//   [--before-reread deu,spa]
import { parsePdf } from '@scrape/core';
import * as mupdf from 'mupdf';
import { createTesseractOcr } from '../../packages/scraper/dist/ocr/createTesseractOcr.js';
import { textPdf, wrap } from './textPdf.mjs';
import { LETTERS } from './scanLanguagesText.mjs';

const A4 = { width: 595, height: 842 };
const DPIS = [100, 150, 300];
const SIZES = [9, 12];

/** Page 1 of `pdf` as 8-bit grey at `dpi`, every `1 / noise`-th pixel or so flipped (speckle). */
function rasterise(pdf, dpi, noise, seed) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false, false);
    const gray = Buffer.from(pix.getPixels());
    let s = seed >>> 0;
    for (let i = 0; i < gray.length && noise > 0; i++) {
      s = (s * 1664525 + 1013904223) >>> 0;
      if (s / 2 ** 32 < noise) gray[i] = 255 - gray[i];
    }
    const out = { width: pix.getWidth(), height: pix.getHeight(), gray };
    pix.destroy();
    page.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}

export function buildScans(langs = Object.keys(LETTERS)) {
  const scans = [];
  let k = 0;
  for (const lang of langs)
    for (const size of SIZES)
      for (const dpi of DPIS) {
        k++;
        const font = k % 2 ? 'regular' : 'serif';
        const items = [];
        let top = 80;
        for (const line of wrap(LETTERS[lang].join(' '), A4.width - 140, size)) {
          items.push({ x: 70, top, size, text: line, font });
          top += size * 1.35;
        }
        const img = rasterise(textPdf([{ ...A4, items }]), dpi, k % 3 === 0 ? 0.002 : 0, k);
        const pdf = textPdf([{ ...A4, items: [], images: [{ x: 0, top: 0, w: A4.width, h: A4.height, ...img }] }]);
        scans.push({ lang, size, dpi, pdf, words: LETTERS[lang].join(' ') });
      }
  return scans;
}

const words = (s) =>
  s
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const bare = (s) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** Share of `truth`'s words found in `read` (as a bag: each read word matches once). */
function recall(truth, read, map = (w) => w) {
  const bag = new Map();
  for (const w of words(read).map(map)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let hit = 0;
  const want = words(truth).map(map);
  for (const w of want)
    if (bag.get(w)) {
      hit++;
      bag.set(w, bag.get(w) - 1);
    }
  return hit / want.length;
}

/** Reads every scan with each engine in turn (interleaved, so a loaded machine slows them alike). */
export async function measureScans(scans, engines) {
  const rows = engines.map(() => []);
  for (const s of scans)
    for (let k = 0; k < engines.length; k++) {
      const t0 = performance.now();
      const r = await parsePdf(s.pdf, { mode: 'ocr' }, { ocr: engines[k] });
      const ms = performance.now() - t0;
      rows[k].push({ ...s, ms, exact: recall(s.words, r.markdown), folded: recall(s.words, r.markdown, bare) });
    }
  return rows;
}

function summary(rows, key) {
  const groups = new Map();
  for (const r of rows) groups.set(r[key], [...(groups.get(r[key]) ?? []), r]);
  const mean = (rs, f) => rs.reduce((a, r) => a + f(r), 0) / rs.length;
  let out = `| ${key} | pages | exact words | accents folded | ms/page |\n|---|---:|---:|---:|---:|\n`;
  for (const [k, rs] of [...groups, ['all', rows]])
    out += `| ${k} | ${rs.length} | ${mean(rs, (r) => r.exact).toFixed(3)} | ${mean(rs, (r) => r.folded).toFixed(3)} | ${Math.round(mean(rs, (r) => r.ms))} |\n`;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const langs = arg('--langs')?.split(',');
  // Before (one reading with English + French, or with `--before-reread deu,spa` a re-read by fewer models) and
  // after (the language re-read with every bundled model), one worker each.
  const before = arg('--before-reread')?.split(',');
  const configs = [
    { workers: 1, reread: before ?? false },
    { workers: 1, ...(arg('--language') ? { language: arg('--language') } : {}) },
  ];
  const engines = configs.map((c) => createTesseractOcr(c));
  try {
    const scans = buildScans(langs);
    // Start each engine's workers (and their models) before timing.
    for (const e of engines) await parsePdf(scans[0].pdf, { mode: 'ocr' }, { ocr: e });
    const rows = await measureScans(scans, engines);
    for (let k = 0; k < configs.length; k++) {
      console.log(JSON.stringify(configs[k]), `re-reads: ${engines[k].stats.rereads}`);
      console.log(summary(rows[k], 'lang'));
      console.log(summary(rows[k], 'dpi'));
    }
  } finally {
    await Promise.all(engines.map((e) => e.close()));
  }
}
