// Main-content quality on WCXB dev: our pipeline (processHtml → markdownToPlainText) vs Mozilla Readability 0.6.0
// on linkedom, scored with the benchmark's own procedure, per page type; plus time per page for both.
// Figures are given for all of WCXB dev and for its two splits apart (split.mjs: dev-tune, and the frozen third that
// tuning never looks at), then for the second article corpus (the Readability test pages, corpora.mjs).
// usage: node index.mjs [--step N]   (default: all 1,497 pages; --step 5 scores every 5th page of each type)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listReadabilityPages, loadReadabilityPage } from './corpora.mjs';
import { splitOf } from './split.mjs';
import {
  evaluate,
  listPages,
  loadPage,
  pipelineAvailable,
  printTable,
  runOurs,
  runExtractOnly,
  runProxy,
  runReadability,
  stratifiedSample,
  summarize,
} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const step = Number(args[args.indexOf('--step') + 1] || 1);

const ids = listPages();
if (ids === null) {
  console.log('quality-main-content: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const typeOf = new Map(ids.map((id) => [id, null]));
const sample =
  step > 1 ? stratifiedSample(ids, (id) => typeOf.get(id) ?? typeOf.set(id, loadPage(id).type).get(id), step) : ids;
const real = pipelineAvailable();
if (!real)
  console.log(
    'NOTE: processHtml/markdownToPlainText are not available in the built @scrape/core; "ours" uses the proxy (extract → turndown → plain text).',
  );

const started = Date.now();
const rows = evaluate(
  sample,
  { ours: real ? runOurs : runProxy, readability: runReadability, extractOnly: runExtractOnly },
  {
    onPage: (name, row) => row.error && console.error(`${name} ${row.id}: ${row.error}`),
  },
);
const summaries = { ours: summarize(rows.ours), readability: summarize(rows.readability) };
const extractOnly = summarize(rows.extractOnly);
console.log(`\nWCXB dev, ${sample.length} pages (scoring: plain-text view, bag-of-words P/R/F1, mean per page)\n`);
printTable(summaries);
const bySplit = {};
for (const split of ['tune', 'frozen']) {
  const pick = (list) => list.filter((r) => splitOf(r.id) === split);
  bySplit[split] = { ours: summarize(pick(rows.ours)), readability: summarize(pick(rows.readability)) };
  console.log(
    `\nWCXB dev, ${split === 'tune' ? 'dev-tune split' : 'FROZEN split (never tuned on)'}: ${bySplit[split].ours.overall.pages} pages\n`,
  );
  printTable(bySplit[split]);
}
const rtpIds = listReadabilityPages();
let rtp = null;
if (rtpIds === null) console.log('\nReadability test pages absent; skipping the second corpus.');
else {
  const rtpRows = evaluate(
    rtpIds,
    { ours: real ? runOurs : runProxy, readability: runReadability },
    { load: loadReadabilityPage },
  );
  rtp = { ours: summarize(rtpRows.ours), readability: summarize(rtpRows.readability) };
  console.log(
    `\nReadability test pages, ${rtpIds.length} real pages, figcaptions stripped (the truth is Readability's own ` +
      'output, so its row only checks the scorer)\n',
  );
  printTable(rtp);
}
const oursMs = summaries.ours.overall.ms;
const refMs = summaries.readability.overall.ms;
console.log(
  `\ntime: ours ${(oursMs / sample.length).toFixed(1)} ms/page (${real ? 'whole processHtml pipeline' : 'proxy'}), ` +
    `Readability+turndown ${(refMs / sample.length).toFixed(1)} ms/page; ratio ours/theirs = ${(oursMs / refMs).toFixed(3)} (goal ≤ 0.333)`,
);
console.log(
  `extractor alone (parse + hints + cleaning + extractMainContent, textContent): ${(extractOnly.overall.ms / sample.length).toFixed(1)} ms/page, ` +
    `ratio to Readability+turndown ${(extractOnly.overall.ms / refMs).toFixed(3)}, F1 ${extractOnly.overall.f1.toFixed(3)}`,
);
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)}s`);

const out = join(here, '..', 'results', 'quality-main-content.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      dataset: 'WCXB dev (CC-BY-4.0), "WCXB: Web Content Extraction Benchmark"',
      pages: sample.length,
      step,
      ours: {
        pipeline: real ? 'processHtml → markdownToPlainText' : 'proxy: extractMainContent → turndown → plain text',
        ...summaries.ours,
      },
      readability: {
        pipeline: '@mozilla/readability 0.6.0 on linkedom (textContent); timed with turndown',
        ...summaries.readability,
      },
      splits: { definition: 'split.mjs (sha256 of "wcxb-frozen-v1/<id>", one in three frozen)', ...bySplit },
      readabilityTestPages: rtp,
      timeRatio: oursMs / refMs,
      extractOnly: {
        pipeline: 'parse + hints + cleaning + extractMainContent, textContent',
        ...extractOnly,
        timeRatio: extractOnly.overall.ms / refMs,
      },
      date: new Date().toISOString(),
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${out}`);
