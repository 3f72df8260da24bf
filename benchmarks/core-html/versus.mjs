// Before/after in one run: processHtml of another build (e.g. a copy of the previous dist) and of this worktree's
// build, with Readability + turndown, on the same pages in rotating order; CPU-time ratios to the reference.
// Usage: node benchmarks/core-html/versus.mjs <otherCoreDist/index.js> [--limit N] [--rounds R]
// (default: the first 500 pages, one round; with R rounds each round rotates the order anew and medians are printed)
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import * as current from '@scrape/core';
import { listPages, loadPage } from './lib.mjs';

const otherPath = process.argv[2];
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg === -1 ? 500 : Number(process.argv[limitArg + 1]);
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg === -1 ? 1 : Math.max(1, Number(process.argv[roundsArg + 1]) || 1);
const ids = listPages()?.slice(0, limit);
if (!otherPath || !ids) {
  console.error('usage: versus.mjs <otherCoreDist/index.js> [--limit N] [--rounds R] (needs ../shared/data/wcxb-dev)');
  process.exit(2);
}
const other = await import(pathToFileURL(resolve(otherPath)).href);
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
const contenders = {
  other: (page) => other.processHtml({ body: page.html, url: page.url }),
  current: (page) => current.processHtml({ body: page.html, url: page.url }),
  readabilityTurndown: (page) => {
    const article = new Readability(parseHTML(page.html).document).parse();
    return article?.content ? turndown.turndown(article.content) : '';
  },
};
const names = Object.keys(contenders);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pages = ids.map(loadPage);
for (const page of pages.slice(0, 20))
  for (const name of names)
    try {
      contenders[name](page);
    } catch {
      // warm-up only; a page that throws is left out of the timed pass
    }
/** One pass over the pages in rotating order; per-contender CPU totals over the pages where none threw. */
function timeRound(round) {
  const totals = Object.fromEntries(names.map((n) => [n, 0]));
  let counted = 0;
  pages.forEach((page, index) => {
    const spent = {};
    try {
      for (let k = 0; k < names.length; k++) {
        const name = names[(index + round + k) % names.length];
        const start = cpuMs();
        contenders[name](page);
        spent[name] = cpuMs() - start;
      }
    } catch {
      return; // Readability throws on a page or two: the page is left out for all, as in index.mjs
    }
    counted++;
    for (const name of names) totals[name] += spent[name];
  });
  return { totals, counted };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
// Each round's ratios come from one pass; the medians over rounds shrug off a round that a burst of load hit.
const rows = [];
for (let round = 0; round < rounds; round++) {
  const { totals, counted } = timeRound(round);
  const ref = totals.readabilityTurndown;
  const row = {
    other: totals.other / ref,
    current: totals.current / ref,
    currentOverOther: totals.current / totals.other,
  };
  rows.push(row);
  console.log(
    `round ${round + 1}: ${counted} pages; cpu ms/page: other ${(totals.other / counted).toFixed(2)}, current ` +
      `${(totals.current / counted).toFixed(2)}, Readability+turndown ${(ref / counted).toFixed(2)}; ratio to ` +
      `Readability+turndown: other ${row.other.toFixed(3)}, current ${row.current.toFixed(3)}; current/other ` +
      `${row.currentOverOther.toFixed(3)}`,
  );
}
console.log(
  `median of ${rounds} round(s): ratio to Readability+turndown: other ${median(rows.map((r) => r.other)).toFixed(3)}, ` +
    `current ${median(rows.map((r) => r.current)).toFixed(3)}; current/other ` +
    `${median(rows.map((r) => r.currentOverOther)).toFixed(3)}`,
);
