// Before/after in one run: processHtml of another build (e.g. a copy of the previous dist) and of this worktree's
// build, with Readability + turndown, on the same pages in rotating order; CPU-time ratios to the reference.
// Usage: node benchmarks/core-html/versus.mjs <otherCoreDist/index.js> [--limit N]   (default: the first 500 pages)
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
const ids = listPages()?.slice(0, limit);
if (!otherPath || !ids) {
  console.error('usage: versus.mjs <otherCoreDist/index.js> [--limit N] (needs ../shared/data/wcxb-dev)');
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
const totals = Object.fromEntries(names.map((n) => [n, 0]));
let counted = 0;
pages.forEach((page, index) => {
  const spent = {};
  try {
    for (let k = 0; k < names.length; k++) {
      const name = names[(index + k) % names.length];
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
const ref = totals.readabilityTurndown;
console.log(
  `${counted} pages; cpu ms/page: other ${(totals.other / counted).toFixed(2)}, current ` +
    `${(totals.current / counted).toFixed(2)}, Readability+turndown ${(ref / counted).toFixed(2)}`,
);
console.log(
  `ratio to Readability+turndown: other ${(totals.other / ref).toFixed(3)}, current ` +
    `${(totals.current / ref).toFixed(3)}; current/other ${(totals.current / totals.other).toFixed(3)}`,
);
