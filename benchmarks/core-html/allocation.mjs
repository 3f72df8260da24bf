// Heap allocation of processHtml by allocating function, collected objects included (V8's sampling heap profiler):
// the measure of round 10 (docs/decisions.md), as a script. processHtml over the first N dev pages after 20 unsampled.
// Usage: node benchmarks/core-html/allocation.mjs [coreDist/index.js] [--limit N] [--top K]
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPages, loadPage } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const dist = args[0] && !args[0].startsWith('--') ? args[0] : null;
const core = dist ? await import(pathToFileURL(resolve(dist)).href) : await import('@scrape/core');
const pages = (listPages() ?? []).slice(0, opt('--limit', 150)).map(loadPage);
for (const page of pages.slice(0, 20)) core.processHtml({ body: page.html, url: page.url });
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (const page of pages) core.processHtml({ body: page.html, url: page.url });
const { profile } = await session.post('HeapProfiler.stopSampling');
const bySite = new Map();
let total = 0;
const nameOf = (f) => `${f.functionName || '(anon)'} ${f.url.replace(/^.*\/(dist|esm)\//, '')}:${f.lineNumber + 1}`;
// A built-in (no file: replace, join, an iterator's next) is named with the function that called it.
const visit = (node, caller) => {
  const f = node.callFrame;
  const key = f.url === '' && caller ? `${nameOf(f)} <- ${caller}` : nameOf(f);
  bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const c of node.children) visit(c, f.url === '' ? caller : nameOf(f));
};
visit(profile.head, null);
console.log(`allocated ${(total / 1e6).toFixed(1)} MB over ${pages.length} pages`);
for (const [key, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, opt('--top', 25)))
  console.log(`${(bytes / 1e6).toFixed(1).padStart(7)} MB ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${key}`);
