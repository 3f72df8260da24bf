// Why scans fail: each failed check of the `scans` cause of heldOutTests.mjs classified by a general cause, from
// the document's parameters and the output alone (for the held-out split only counts are printed, no text):
// - error: the parse failed;
// - diacritics: the words are there once accents are folded away (the model lacks the language's letters);
// - misread: a window of the output resembles the words (>= 0.6 letter similarity): low-confidence reading;
// - missing: nothing like the words came out (a dropped line or region: resolution or layout);
// - order: both ends are present but in the wrong order (OCR line grouping / reading order).
// Run: node benchmarks/pdf/scanCauses.mjs [--mode auto] [--dev-only | --held-out-only] [--show-dev]
import { CAUSES, splitsFromArgv } from './heldOutTests.mjs';
import { runCheck } from './shapes.mjs';

const LANGS = ['en', 'fr', 'de', 'es'];
/** The seed's language, drawn exactly as heldOutTests' style() draws it (its first pick). */
function langOf(seed) {
  const s = ((seed + 4000) * 2654435761 + 12345) >>> 0;
  const r = ((s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  return LANGS[Math.floor(r * LANGS.length)];
}
const fold = (s) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const bare = (s) => s.normalize('NFD').replace(/\p{M}/gu, '');

function similarity(a, b) {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[n] / Math.max(1, m, n);
}

function classifyPresent(phrase, md) {
  const out = fold(md.replace(/[\\*_#|`>]/g, ' '));
  const want = fold(phrase);
  if (` ${bare(out)} `.includes(` ${bare(want)} `)) return 'diacritics';
  const words = out.split(' ');
  const n = want.split(' ').length;
  let best = 0;
  for (let i = 0; i + n <= words.length; i++) best = Math.max(best, similarity(words.slice(i, i + n).join(' '), want));
  return best >= 0.6 ? 'misread' : 'missing';
}

function classify(check, md, error) {
  if (error) return 'error';
  if (check.present !== undefined) return classifyPresent(check.present, md);
  if (check.order) {
    const missing = check.order.filter((p) => !runCheck({ present: p }, md));
    return missing.length ? `order<-${classifyPresent(missing[0], md)}` : 'order';
  }
  return 'other';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createPdfWorkerPool } = await import('../../packages/scraper/dist/pdf/createPdfWorkerPool.js');
  const { createTesseractOcr } = await import('../../packages/scraper/dist/ocr/createTesseractOcr.js');
  const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
  const mode = process.argv.includes('--mode') ? arg('--mode') : 'auto';
  const splits = splitsFromArgv();
  const scan = CAUSES.find((f) => f.name === 'scan');
  let ocr;
  const pool = createPdfWorkerPool({ workers: 1, ocr: () => (ocr ??= createTesseractOcr({ workers: 2 })) });
  try {
    for (const [split, seeds] of splits) {
      const counts = {};
      let passed = 0;
      let total = 0;
      for (const seed of seeds) {
        const doc = scan(seed);
        let md = '';
        let error;
        const t0 = performance.now();
        try {
          md = (await pool.parse(doc.pdf, { mode }, { deadline: Date.now() + 300_000 })).markdown;
        } catch (err) {
          error = err?.details?.code ?? err?.message ?? String(err);
        }
        const ms = Math.round(performance.now() - t0);
        const causes = {};
        for (const check of doc.checks) {
          total++;
          if (!error && runCheck(check, md)) {
            passed++;
            continue;
          }
          const c = classify(check, md, error);
          causes[c] = (causes[c] ?? 0) + 1;
          counts[c] = (counts[c] ?? 0) + 1;
          if (split === 'dev' && process.argv.includes('--show-dev')) console.log(`  ${c}: ${JSON.stringify(check)}`);
        }
        const failed = Object.values(causes).reduce((a, b) => a + b, 0);
        console.log(
          `${split} ${doc.name} lang=${langOf(seed)} ${ms} ms failed ${failed}/${doc.checks.length} ` +
            `${JSON.stringify(causes)}${error ? ` error=${error}` : ''}`,
        );
        if (split === 'dev' && process.argv.includes('--show-dev')) console.log(md.slice(0, 3000));
      }
      console.log(`${split} (${mode}): ${passed}/${total} passed; failed by cause ${JSON.stringify(counts)}`);
    }
  } finally {
    await pool.close();
    await ocr?.close();
  }
}
