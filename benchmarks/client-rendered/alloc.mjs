// The acquire step's client-rendered check (the 32 and 64 KB windows, then the whole judge) of this build against a
// baseline build of the same files, on every WCXB dev page: verdicts and visible text must be identical; then CPU and
// heap allocation per check, A/B interleaved in this process with a same-vs-same control (this build twice).
//
//   node benchmarks/client-rendered/alloc.mjs --baseline <dist> [--rounds 7]
//   node --expose-gc --min-semi-space-size=128 --max-semi-space-size=128 benchmarks/client-rendered/alloc.mjs …
//
// `<dist>` holds the baseline's `engines/looksClientRendered.js` and `engines/visibleText.js` (a copy of an older
// `packages/scraper/dist`). With `--expose-gc` and a young generation larger than a batch's garbage, the heap's growth
// over a batch of pages (no collection in between, checked) is what the checks allocated.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const DATA_DIR = join(here, '..', '..', '..', 'shared', 'data', 'wcxb-dev', 'html');
const OURS = join(here, '..', '..', 'packages', 'scraper', 'dist');
/** The acquire step's windows, smallest first (SHELL_CHECK_WINDOWS in packages/scraper/src/steps/acquire.ts). */
const WINDOWS = [32 * 1024, 64 * 1024];
/** Pages per allocation batch: their garbage must fit the young generation, so no collection runs inside a batch. */
const BATCH = 40;

const { values } = parseArgs({ options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '7' } } });
if (!values.baseline) throw new Error('--baseline <dist directory> is required');

const load = async (dist) => ({
  judge: await import(pathToFileURL(join(resolve(dist), 'engines', 'looksClientRendered.js')).href),
  text: await import(pathToFileURL(join(resolve(dist), 'engines', 'visibleText.js')).href),
});
const base = await load(values.baseline);
const ours = await load(OURS);

const decoder = new TextDecoder('utf-8', { fatal: false });
/** acquire.ts's isShell for an HTML answer: the windows first, then the whole page. */
function isShell(module, body) {
  for (const window of WINDOWS) if (body.length > window && module.bodyStartsWithContent(body, window)) return false;
  return module.judgeClientRendered(decoder.decode(body)).clientRendered;
}

const pages = readdirSync(DATA_DIR)
  .filter((f) => f.endsWith('.html.gz'))
  .sort()
  .map((f) => new Uint8Array(gunzipSync(readFileSync(join(DATA_DIR, f)))));

// 1. Identical verdicts: the window's, the whole judge's (with its reason), the check's, and the visible text itself.
let differences = 0;
for (const [n, body] of pages.entries()) {
  const html = decoder.decode(body);
  const a = base.judge.judgeClientRendered(html);
  const b = ours.judge.judgeClientRendered(html);
  const same =
    a.clientRendered === b.clientRendered &&
    a.reason === b.reason &&
    WINDOWS.every((w) => base.judge.bodyStartsWithContent(body, w) === ours.judge.bodyStartsWithContent(body, w)) &&
    isShell(base.judge, body) === isShell(ours.judge, body) &&
    base.text.visibleText(html) === ours.text.visibleText(html) &&
    base.text.visibleText(html, 1_000) === ours.text.visibleText(html, 1_000);
  if (!same) {
    differences++;
    console.log(`page ${n + 1}: differs (${a.reason} / ${b.reason})`);
  }
}
console.log(`verdicts: ${pages.length} pages, ${differences} differences`);

// 2. CPU and allocation, interleaved: base, ours, ours again (the control), in a rotating order per round.
let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const measureAlloc = typeof globalThis.gc === 'function';
const contenders = { base: base.judge, ours: ours.judge, control: ours.judge };
const names = Object.keys(contenders);
const samples = Object.fromEntries(names.map((name) => [name, { cpu: [], alloc: [] }]));

function pass(module) {
  let allocated = 0;
  let clean = 0;
  const cpu = process.cpuUsage();
  for (let at = 0; at < pages.length; at += BATCH) {
    if (measureAlloc) globalThis.gc();
    const before = getHeapStatistics().used_heap_size;
    const seen = collections;
    for (const body of pages.slice(at, at + BATCH)) isShell(module, body);
    const grown = getHeapStatistics().used_heap_size - before;
    // The gc entries arrive later; a batch counts when its heap did not shrink (no collection ran inside it).
    if (seen === collections && grown >= 0) {
      allocated += grown;
      clean += Math.min(BATCH, pages.length - at);
    }
  }
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1_000, allocPerPage: clean ? allocated / clean : Number.NaN };
}

const rounds = Number(values.rounds);
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(round + k) % names.length];
    const { cpuMs, allocPerPage } = pass(contenders[name]);
    samples[name].cpu.push(cpuMs);
    samples[name].alloc.push(allocPerPage);
  }
}

const median = (xs) => {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((p, q) => p - q);
  return sorted.length ? sorted[sorted.length >> 1] : Number.NaN;
};
const ratio = (name, key) => median(samples[name][key].map((x, i) => x / samples.base[key][i]));
console.log(`${rounds} rounds of ${pages.length} checks each, order rotating; medians, ratios per round against base`);
for (const name of names) {
  const cpu = median(samples[name].cpu);
  const alloc = median(samples[name].alloc);
  const allocText = measureAlloc ? `, ${(alloc / 1024).toFixed(1)} KB allocated per check` : '';
  console.log(
    `${name.padEnd(8)} CPU ${cpu.toFixed(0)} ms per pass (${((cpu * 1000) / pages.length).toFixed(0)} µs per check)` +
      `${allocText}; ratio to base: CPU ${ratio(name, 'cpu').toFixed(3)}` +
      (measureAlloc ? `, allocation ${ratio(name, 'alloc').toFixed(3)}` : ''),
  );
}
const controlRatio = median(samples.control.cpu.map((x, i) => x / samples.ours.cpu[i]));
console.log(`control (ours again / ours): CPU ${controlRatio.toFixed(3)}`);
