// Guard for behaviour-preserving refactors of the extractor: dumps a digest of extractMainContent's output (the
// pruned element's HTML and its trace) for every WCXB dev page and every Readability test page, then compares a
// later build against that dump page by page. With --speed DIST it also runs another build of the extractor (e.g.
// a copy of packages/core/dist taken before the refactor) alternating with this one page by page, and reports the
// ratio of their CPU times measured in that one run (absolute times mean nothing on a shared machine).
// usage: node sameOutput.mjs --write FILE | --check FILE [--speed DIST_DIR] [--f1] [--step N] [--all] [--off r1,r2]
//   --off: these rule ids switched off (write with a new rule off, check with it on: the pages the rule changes)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { listPages, loadPage, scoreText } from './lib.mjs';
import { splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage } from './corpora.mjs';

const args = process.argv.slice(2);
const opt = (k) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : undefined);
const writeTo = opt('write');
const checkAgainst = opt('check');
const speedDist = opt('speed');
const withF1 = args.includes('--f1');
const step = Number(opt('step') ?? '1');
const disabledRules = opt('off') ? new Set(opt('off').split(',')) : undefined;
if ((writeTo === undefined) === (checkAgainst === undefined)) {
  console.error('usage: node sameOutput.mjs --write FILE | --check FILE [--speed DIST_DIR] [--f1] [--step N]');
  process.exit(2);
}
const other = speedDist
  ? (await import(pathToFileURL(resolve(speedDist, 'main-content', 'extractMainContent.js')).href)).extractMainContent
  : null;

const wcxb = listPages();
const rtp = listReadabilityPages();
if (wcxb === null || rtp === null) {
  console.log('sameOutput: ../shared/data (wcxb-dev, readability-test-pages) is absent; skipping.');
  process.exit(0);
}
const pages = [
  ...wcxb.filter((_, i) => i % step === 0).map((id) => ({ corpus: splitOf(id), id, load: () => loadPage(id) })),
  ...rtp
    .filter((_, i) => i % step === 0)
    .map((id) => ({ corpus: 'readability', id, load: () => loadReadabilityPage(id) })),
];
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
const digest = (text) => createHash('sha1').update(text).digest('hex');

/** The markdown's plain text of one extraction, as the pipeline's later steps would write it (see ablate.mjs). */
function plainText(el, state) {
  let content = el;
  if (!/\S/.test(content.textContent ?? '') && !coreInternal.saysNoMainContent(content)) content = state.page;
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  return coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
}

function cpu(fn) {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return d.user + d.system;
}

const dump = {};
const f1 = {};
let cpuThis = 0;
let cpuOther = 0;
for (const [n, entry] of pages.entries()) {
  const page = entry.load();
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  if (other !== null) {
    // copy mode leaves the document untouched, so both builds read the same cleaned page; the order alternates, and
    // both run before the dump's traced run, so neither finds the page's class words in its caches from a run before
    const runThis = () => extractMainContent(state.document, { url: page.url, hints: state.hints, copy: true });
    const runOther = () => other(state.document, { url: page.url, hints: state.hints, copy: true });
    if (n % 2 === 0) {
      cpuThis += cpu(runThis);
      cpuOther += cpu(runOther);
    } else {
      cpuOther += cpu(runOther);
      cpuThis += cpu(runThis);
    }
  }
  const trace = [];
  const options = { url: page.url, hints: state.hints, copy: true, trace, disabledRules };
  const el = extractMainContent(state.document, options);
  dump[`${entry.corpus}/${entry.id}`] = { html: digest(el.outerHTML), trace: digest(trace.join('\n')) };
  if (withF1) {
    const score = scoreText(plainText(el, state), page.main).f1;
    (f1[entry.corpus] ??= []).push(score);
  }
}

if (withF1)
  for (const [corpus, list] of Object.entries(f1))
    console.log(`F1 ${corpus}: ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(4)} (${list.length} pages)`);
if (other !== null)
  console.log(
    `CPU this/other: ${(cpuThis / cpuOther).toFixed(3)} (${(cpuThis / 1000).toFixed(0)} ms / ` +
      `${(cpuOther / 1000).toFixed(0)} ms over ${pages.length} pages, alternating)`,
  );
if (writeTo !== undefined) {
  writeFileSync(writeTo, `${JSON.stringify(dump)}\n`);
  console.log(`wrote ${Object.keys(dump).length} page digests to ${writeTo}`);
} else {
  // with --step, only the pages this run read are compared
  const expected = Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(checkAgainst, 'utf8'))).filter(([key]) => step === 1 || key in dump),
  );
  const differ = [];
  for (const [key, want] of Object.entries(expected)) {
    const got = dump[key];
    if (got === undefined) differ.push(`${key}: not run`);
    else if (got.html !== want.html) differ.push(`${key}: output differs`);
    else if (got.trace !== want.trace) differ.push(`${key}: trace differs`);
  }
  console.log(`${Object.keys(expected).length - differ.length} of ${Object.keys(expected).length} pages identical`);
  const outputs = differ.filter((line) => line.endsWith('output differs'));
  console.log(`${outputs.length} with another output, ${differ.length - outputs.length} with another trace only`);
  // --all: every differing page, not the first 20
  for (const line of args.includes('--all') ? differ : differ.slice(0, 20)) console.log(`  ${line}`);
  process.exit(differ.length === 0 ? 0 : 1);
}
