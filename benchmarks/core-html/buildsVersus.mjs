// Before/after across builds in one process: processHtml of each given core build (copies of `dist`, e.g. the base,
// a second copy of the base as the same-vs-same control, and the change) on the same pages, page by page with the
// order rotated every page and round; CPU time; per round each build's time over the first's, and their medians.
// For changes that cannot keep their old path behind a flag (flagVersus.mjs); copies of one build read a few percent
// apart (code placement), which the control shows. Usage:
//   node benchmarks/core-html/buildsVersus.mjs <base/index.js> <baseCopy/index.js> <new/index.js> [--limit N]
//        [--rounds R]   (defaults: 200 pages, 5 rounds)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPages, loadPage } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const dists = [];
for (let i = 0; i < args.length && !args[i].startsWith('--'); i++) dists.push(args[i]);
const ids = listPages();
if (dists.length < 2 || !ids) {
  console.error('usage: buildsVersus.mjs <base/index.js> <other/index.js>... [--limit N] [--rounds R]');
  process.exit(2);
}
const builds = [];
for (const dist of dists) builds.push(await import(pathToFileURL(resolve(dist)).href));
const pages = ids.slice(0, opt('--limit', 200)).map(loadPage);
const rounds = opt('--rounds', 5);
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
for (const page of pages.slice(0, 20)) for (const core of builds) core.processHtml({ body: page.html, url: page.url });
const ratios = builds.map(() => []);
for (let round = 0; round < rounds; round++) {
  const totals = builds.map(() => 0);
  pages.forEach((page, index) => {
    for (let k = 0; k < builds.length; k++) {
      const b = (index + round + k) % builds.length;
      const start = cpuUs();
      builds[b].processHtml({ body: page.html, url: page.url });
      totals[b] += cpuUs() - start;
    }
  });
  for (let b = 0; b < builds.length; b++) ratios[b].push(totals[b] / totals[0]);
  const ms = totals.map((t) => (t / 1000 / pages.length).toFixed(2)).join(', ');
  console.log(
    `round ${round + 1}: ms/page ${ms}; over the first: ${ratios.map((r) => r.at(-1).toFixed(3)).join(', ')}`,
  );
}
console.log(
  `median of ${rounds} rounds over ${pages.length} pages, CPU over the first: ` +
    dists.map((d, b) => `${d} ${median(ratios[b]).toFixed(3)}`).join('; '),
);
