// Markdown conversion cost on real pages (WCXB dev, ../shared/data/wcxb-dev/html), measured next to linkedom's bare
// parseHTML of the same page and turndown 7 on the same parsed document, in one process, page by page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { htmlToMarkdown } from '@scrape/core';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
export const WCXB_HTML = join(here, '..', '..', '..', 'shared', 'data', 'wcxb-dev', 'html');

export function loadPages(every) {
  if (!existsSync(WCXB_HTML)) return null;
  return readdirSync(WCXB_HTML)
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .filter((_, i) => i % every === 0)
    .map((f) => ({ name: f, html: gunzipSync(readFileSync(join(WCXB_HTML, f))).toString('utf8') }));
}

export function measure(pages, { withTurndown = true, rounds = 1 } = {}) {
  const TurndownService = require('turndown');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript', 'head']);
  const totals = { parse: 0, ours: 0, turndown: 0, bytes: 0, outBytes: 0, failures: [] };
  for (let r = 0; r < rounds; r++) {
    for (const page of pages) {
      let t = performance.now();
      const { document } = parseHTML(page.html);
      totals.parse += performance.now() - t;
      t = performance.now();
      try {
        totals.outBytes += htmlToMarkdown(document).length;
      } catch (error) {
        totals.failures.push(`${page.name}: ${error.message}`);
      }
      totals.ours += performance.now() - t;
      if (withTurndown) {
        t = performance.now();
        try {
          turndown.turndown(document.body ?? document.documentElement);
        } catch {
          // turndown's own failures are not ours to report
        }
        totals.turndown += performance.now() - t;
      }
      totals.bytes += page.html.length;
    }
  }
  const n = pages.length * rounds;
  const row = (ms) => ({ msPerPage: ms / n, mbPerSec: totals.bytes / 1e6 / (ms / 1000) });
  return {
    pages: pages.length,
    rounds,
    mb: totals.bytes / rounds / 1e6,
    parse: row(totals.parse),
    ours: row(totals.ours),
    turndown: withTurndown ? row(totals.turndown) : null,
    failures: totals.failures,
  };
}

export function printTable(result) {
  const line = (name, r) =>
    console.log(
      `${name.padEnd(34)} ${r.msPerPage.toFixed(2).padStart(8)} ms/page ${r.mbPerSec.toFixed(1).padStart(7)} MB/s`,
    );
  console.log(`${result.pages} WCXB pages (${result.mb.toFixed(1)} MB) x ${result.rounds} round(s)\n`);
  line('linkedom parseHTML (reference)', result.parse);
  line('@scrape/core htmlToMarkdown', result.ours);
  if (result.turndown) line('turndown 7 (reference)', result.turndown);
  console.log(`\nhtmlToMarkdown / parse:    ${(result.ours.msPerPage / result.parse.msPerPage).toFixed(2)}`);
  if (result.turndown)
    console.log(`htmlToMarkdown / turndown: ${(result.ours.msPerPage / result.turndown.msPerPage).toFixed(2)}`);
}
