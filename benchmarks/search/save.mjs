// Event-loop block of one save of the service's own search index (issue 27): the old save (one JSON.stringify of
// the whole index, then writeFileSync) against writeSearchSnapshot (sliced, awaited writes), A/B alternating over
// ROUNDS rounds on the same index, for 1k, 5k and 10k generated pages of 10 KB. Reports the median max event-loop
// delay (perf_hooks.monitorEventLoopDelay) and save time, the snapshot size, and whether both files are the same
// bytes and load back with MiniSearch.loadJSON. `node benchmarks/search/save.mjs [pages...]`, ROUNDS=3 by default.
import { readFileSync, renameSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openMiniSearch, writeSearchSnapshot } from '../../packages/scraper/dist/internal.js';

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PAGE_CHARS = 10_000;

// Seeded generator: a Zipf-like draw from a 40,000-word vocabulary plus a few page-unique tokens (numbers, names).
let seed = 27;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const syllables = ['ka', 'lo', 'mer', 'tin', 'sa', 'ro', 'ven', 'di', 'qua', 'pel', 'stu', 'nor', 'ab', 'ix', 'ge'];
const vocabulary = Array.from({ length: 40_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / syllables.length)) word += syllables[n % syllables.length];
  return word;
});
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)];
function pageText(n) {
  let text = '';
  while (text.length < PAGE_CHARS) text += random() < 0.03 ? ` item${n}x${Math.floor(random() * 1e6)}` : ` ${word()}`;
  return text.slice(0, PAGE_CHARS);
}

async function measure(save) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  // A 1 ms timer ticks through the save: the longest gap between its ticks is the longest the loop was held.
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 1);
  histogram.enable();
  // The histogram records from its second tick on: give it (and the gap timer) a few before the save starts.
  await new Promise((resolve) => setTimeout(resolve, 10));
  gap = 0;
  const started = performance.now();
  await save();
  const ms = performance.now() - started;
  // Let the ticking timer run once more: a fully synchronous save only shows as delay on the turn after it.
  await new Promise((resolve) => setTimeout(resolve, 10));
  histogram.disable();
  clearInterval(tick);
  return { blockMs: gap, histogramMs: histogram.max / 1e6, ms };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'search-save-bench-'));
const rows = [];
try {
  for (const pages of SIZES.length > 0 ? SIZES : [1_000, 5_000, 10_000]) {
    const index = openMiniSearch();
    for (let n = 0; n < pages; n++) {
      const text = pageText(n);
      index.add({
        id: `https://s${n % 50}.test/p/${n}`,
        title: `${word()} ${word()} ${n}`,
        description: '',
        text,
        head: text.slice(0, 1_500),
      });
    }
    const oldPath = join(dir, `old-${pages}.json`);
    const newPath = join(dir, `new-${pages}.json`);
    const oldSave = async () => {
      const tmp = `${oldPath}.tmp`;
      writeFileSync(tmp, JSON.stringify(index));
      renameSync(tmp, oldPath);
    };
    const results = { old: [], sliced: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['old', 'sliced'] : ['sliced', 'old'];
      for (const which of order)
        results[which].push(await measure(which === 'old' ? oldSave : () => writeSearchSnapshot(index, newPath)));
    }
    const oldBytes = readFileSync(oldPath);
    const newBytes = readFileSync(newPath);
    const loaded = openMiniSearch(newBytes.toString('utf8'));
    const query = vocabulary[5];
    // Scores to 9 digits: MiniSearch's own sums differ in the last bits between a built and a loaded index.
    const hits = (i) =>
      JSON.stringify(
        i
          .search(query)
          .slice(0, 20)
          .map((h) => [h.id, h.score.toFixed(9), h.title]),
      );
    const same = hits(loaded) === hits(index);
    rows.push({
      pages,
      'snapshot MB': +(newBytes.length / 1e6).toFixed(1),
      'old block ms': Math.round(median(results.old.map((r) => r.blockMs))),
      'sliced block ms': Math.round(median(results.sliced.map((r) => r.blockMs))),
      'old histogram max ms': Math.round(median(results.old.map((r) => r.histogramMs))),
      'sliced histogram max ms': Math.round(median(results.sliced.map((r) => r.histogramMs))),
      'old save ms': Math.round(median(results.old.map((r) => r.ms))),
      'sliced save ms': Math.round(median(results.sliced.map((r) => r.ms))),
      'same bytes': oldBytes.equals(newBytes),
      'reloads, same hits': loaded.documentCount === pages && same,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
console.log(`rounds ${ROUNDS} (A/B alternating), medians; load average ${(await import('node:os')).loadavg()[0]}`);
