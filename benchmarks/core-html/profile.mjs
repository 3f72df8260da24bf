// Profiling aid: runs processHtml over the first N dev pages (default 500, as the benchmark) with Readability +
// turndown interleaved on the same pages, for `node --cpu-prof`; then `topFrames.mjs <file.cpuprofile>` lists
// the top self-time frames. Usage: node --cpu-prof --cpu-prof-dir=DIR benchmarks/core-html/profile.mjs [N] [--ours]
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import * as core from '@scrape/core';
import { listPages, loadPage } from './lib.mjs';

const count = Number(process.argv[2] ?? 500) || 500;
const oursOnly = process.argv.includes('--ours');
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
const pages = (listPages() ?? []).slice(0, count).map(loadPage);
for (const page of pages) {
  core.processHtml({ body: page.html, url: page.url });
  if (oursOnly) continue;
  try {
    const article = new Readability(parseHTML(page.html).document).parse();
    if (article?.content) turndown.turndown(article.content);
  } catch {
    // Readability throws on a page or two; the benchmark leaves them out too
  }
}
console.log(`profiled ${pages.length} pages`);
