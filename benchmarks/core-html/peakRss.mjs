// Child process for the memory figure: imports, notes RSS, runs processHtml once on one page, reports maxRSS (KB).
import * as core from '@scrape/core';
import { loadPage } from './lib.mjs';

const id = process.argv[2];
if (!id) {
  console.error('usage: node peakRss.mjs <page id>');
  process.exit(2);
}
const page = loadPage(id);
const baselineRssKb = Math.round(process.memoryUsage().rss / 1024);
const result = core.processHtml({ body: page.html, url: page.url });
console.log(
  JSON.stringify({
    id,
    bytes: page.bytes,
    markdownChars: result.markdown.length,
    baselineRssKb,
    maxRssKb: process.resourceUsage().maxRSS,
  }),
);
