// Where linkedom's parse spends its time, as ceilings for parse work (issue 27): htmlparser2 alone with no-op
// callbacks (the tokenizer share; the rest is building linkedom's tree), and linkedom on the page with script/style
// text and comments cut out (what not building the subtrees cleanHtml removes could save at most, although the
// pipeline reads JSON-LD, streamed-content scripts and comments before cleaning). Interleaved page by page in rotating
// order, CPU time, several rounds; prints each round's ratios to the full parse and their medians. Also core's own
// tree builder (buildDocument: the same tree from htmlparser2's tokenizer, without its Parser), as a ratio.
// Usage: node benchmarks/core-html/parseSplit.mjs [--limit N] [--rounds R]   (default: 300 pages, 5 rounds)
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseHTML } from 'linkedom';
import { buildDocument } from '@scrape/core/internal';
import { listPages, loadPage } from './lib.mjs';

const numberArg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Math.max(1, Number(process.argv[at + 1]) || fallback);
};
const limit = numberArg('--limit', 300);
const rounds = numberArg('--rounds', 5);
const ids = listPages()?.slice(0, limit);
if (!ids) {
  console.error('usage: parseSplit.mjs [--limit N] [--rounds R] (needs ../shared/data/wcxb-dev)');
  process.exit(2);
}
// The htmlparser2 linkedom itself runs (pnpm puts a package's dependencies beside it; it is not ours to import).
const linkedomDir = join(dirname(fileURLToPath(import.meta.resolve('linkedom'))), '..');
const { Parser } = await import(pathToFileURL(join(linkedomDir, '..', 'htmlparser2', 'dist', 'esm', 'index.js')).href);

const noop = () => {};
const callbacks = { onopentag: noop, onclosetag: noop, ontext: noop, oncomment: noop };
// The options linkedom passes (shared/parse-from-string.js).
const parserOptions = { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false };
const RAW_TEXT = /<(script|style)\b([^>]*)>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const pages = ids.map((id) => {
  const { html } = loadPage(id);
  return { html, stripped: html.replace(RAW_TEXT, '<$1$2></$1>').replace(COMMENT, '') };
});
const contenders = {
  linkedom: (page) => parseHTML(page.html),
  linkedomStripped: (page) => parseHTML(page.stripped),
  coreBuilder: (page) => buildDocument(page.html),
  htmlparser2Alone: (page) => {
    const parser = new Parser(callbacks, parserOptions);
    parser.write(page.html);
    parser.end();
  },
};
const names = Object.keys(contenders);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const chars = pages.reduce((sum, p) => sum + p.html.length, 0);
const strippedChars = pages.reduce((sum, p) => sum + p.stripped.length, 0);
console.log(
  `${pages.length} pages; script/style text and comments are ${(1 - strippedChars / chars).toFixed(3)} of chars`,
);
for (const page of pages.slice(0, 20)) for (const name of names) contenders[name](page);
const ratios = { linkedomStripped: [], htmlparser2Alone: [], coreBuilder: [] };
for (let round = 0; round < rounds; round++) {
  const totals = Object.fromEntries(names.map((n) => [n, 0]));
  pages.forEach((page, index) => {
    for (let k = 0; k < names.length; k++) {
      const name = names[(index + round + k) % names.length];
      const start = cpuMs();
      contenders[name](page);
      totals[name] += cpuMs() - start;
    }
  });
  for (const name of Object.keys(ratios)) ratios[name].push(totals[name] / totals.linkedom);
  console.log(
    `round ${round + 1}: linkedom ${(totals.linkedom / pages.length).toFixed(2)} ms/page; of it: stripped page ` +
      `${ratios.linkedomStripped.at(-1).toFixed(3)}, htmlparser2 alone ${ratios.htmlparser2Alone.at(-1).toFixed(3)}, ` +
      `core builder ${ratios.coreBuilder.at(-1).toFixed(3)}`,
  );
}
console.log(
  `median of ${rounds} rounds, as a share of linkedom's parse: stripped page ` +
    `${median(ratios.linkedomStripped).toFixed(3)}, htmlparser2 alone ${median(ratios.htmlparser2Alone).toFixed(3)}, ` +
    `core builder ${median(ratios.coreBuilder).toFixed(3)}`,
);
