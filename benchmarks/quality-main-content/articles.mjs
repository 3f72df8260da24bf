// Iteration helper for article pages (issue #25, article round): scores every article page of the dev-tune split
// of WCXB and the tuning half of the Readability pages (corpora.mjs readabilityHalf), and writes each page's output,
// truth and trace to $MC_TMP/articles/<id>.txt, worst first in $MC_TMP/articles/index.txt. The frozen split and the
// held-out half are never opened here (ablate.mjs reports them as aggregates).
// usage: node articles.mjs [--off r1,r2] [--ids a,b]
import { mkdirSync, writeFileSync } from 'node:fs';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { listPages, loadPage, scoreText } from './lib.mjs';
import { isFrozen } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const off = opt('off') ? new Set(opt('off').split(',')) : undefined;
const only = opt('ids') ? new Set(opt('ids').split(',')) : null;
const out = `${process.env.MC_TMP ?? '/tmp'}/articles`;
mkdirSync(out, { recursive: true });
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');

const entries = [
  ...listPages()
    .filter((id) => !isFrozen(id))
    .map((id) => ({ id, corpus: 'wcxb', load: () => loadPage(id) })),
  ...listReadabilityPages()
    .filter((n) => readabilityHalf(n) === 'tune')
    .map((id) => ({ id, corpus: 'rtp', load: () => loadReadabilityPage(id) })),
].filter((e) => only === null || only.has(e.id));

const rows = [];
for (const e of entries) {
  const page = e.load();
  if (page.type !== 'article') continue;
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  const trace = [];
  const el = extractMainContent(state.document, {
    url: page.url,
    hints: state.hints,
    copy: true,
    disabledRules: off,
    trace,
  });
  let content = el;
  if (!/\S/.test(content.textContent ?? '') && !coreInternal.saysNoMainContent(content)) content = state.page;
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  const text = coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
  const s = scoreText(text, page.main);
  rows.push({ id: e.id, corpus: e.corpus, ...s });
  writeFileSync(
    `${out}/${e.id}.txt`,
    `${page.url}\nP=${s.p.toFixed(3)} R=${s.r.toFixed(3)} F1=${s.f1.toFixed(3)}\n` +
      `=====TRACE\n${trace.slice(0, 80).join('\n')}\n` +
      `=====OURS\n${text}\n=====TRUTH\n${page.main}\n`,
  );
}
rows.sort((a, b) => a.f1 - b.f1);
const mean = (c, k) => {
  const r = rows.filter((x) => x.corpus === c);
  return (r.reduce((a, x) => a + x[k], 0) / Math.max(1, r.length)).toFixed(4);
};
for (const c of ['wcxb', 'rtp'])
  console.log(c, rows.filter((x) => x.corpus === c).length, 'P', mean(c, 'p'), 'R', mean(c, 'r'), 'F1', mean(c, 'f1'));
writeFileSync(
  `${out}/index.txt`,
  rows.map((r) => `${r.corpus} ${r.id} P=${r.p.toFixed(3)} R=${r.r.toFixed(3)} F1=${r.f1.toFixed(3)}`).join('\n') +
    '\n',
);
writeFileSync(`${out}/rows.json`, JSON.stringify(rows));
