// Iteration helper (issue #25 item 2): prints the lines the vocabulary rules drop on the named pages, with the
// truth's verdict (does the truth text hold the line's words?). Only dev-tune pages and the tuning half of the
// Readability pages are read; frozen or held-out names are refused.
// usage: node vocabLines.mjs --ids 0040,cnn [--rule inline-credit]
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { loadPage } from './lib.mjs';
import { splitOf } from './split.mjs';
import { loadReadabilityPage, readabilityHalf } from './corpora.mjs';

const args = process.argv.slice(2);
const opt = (k) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : undefined);
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
const words = (t) => t.toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? [];

for (const id of (opt('ids') ?? '').split(',').filter(Boolean)) {
  const wcxb = /^\d+$/.test(id);
  if (wcxb ? splitOf(id) === 'frozen' : readabilityHalf(id) === 'held') {
    console.log(`${id}: not a tuning page, skipped`);
    continue;
  }
  const page = wcxb ? loadPage(id) : loadReadabilityPage(id);
  const state = createHtmlPipelineState({ body: page.html, url: page.url }, { onlyMainContent: true });
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  const events = [];
  extractMainContent(state.document, { url: page.url, hints: state.hints, copy: true, onTrace: (e) => events.push(e) });
  const truth = new Set(words(page.main));
  for (const e of events) {
    if (!e.rule.startsWith('inline-') || !e.message.includes('": a ')) continue;
    if (opt('rule') && e.rule !== opt('rule')) continue;
    const line = /"(.*)"/.exec(e.message)?.[1] ?? '';
    const w = words(line);
    const inTruth = w.filter((x) => truth.has(x)).length;
    console.log(`${id} ${e.rule}: ${e.message.slice(0, 110)}  [truth holds ${inTruth}/${w.length} words]`);
  }
}
