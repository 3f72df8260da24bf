// Full speed run of the HTML pipeline on the 1,497 WCXB dev pages: per step and whole, next to linkedom's bare parse
// and Readability + turndown measured in the same run; peak RSS for the largest page. Writes benchmarks/results/core-html.json.
// Usage: node benchmarks/core-html/index.mjs [--limit N]
import {
  listPages,
  measurePeakRss,
  measureStockFactor,
  printSummary,
  summarize,
  timePages,
  writeResults,
} from './lib.mjs';

const limitArg = process.argv.indexOf('--limit');
const limit = limitArg === -1 ? Infinity : Number(process.argv[limitArg + 1]);
const ids = listPages();
if (!ids) {
  console.log('core-html: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const selected = ids.slice(0, limit);
console.log(`core-html: timing ${selected.length} pages (three contenders, rotating order)...`);
const run = timePages(selected, { log: console.log });
const rss = run.largest.id ? measurePeakRss(run.largest.id) : null;
const summary = summarize(run, rss, measureStockFactor(selected));
printSummary(summary);
if (selected.length === ids.length) {
  writeResults(summary);
  console.log('\nwrote benchmarks/results/core-html.json');
}
process.exit(run.failures.length === 0 ? 0 : 1);
