// Before/after figures for vocabulary rules (issue #25 item 2): mean P, R and F1 with some rules switched off
// ("before") and with every rule on ("after"), on
//   - the Readability test pages split in two halves by SITE (a hash of the site: the host of the page's canonical
//     or og:url address, else its name without a "-N" suffix, so nytimes-1…5 fall on one side): 'dev' is tuned on,
//     'check' only ever prints aggregates; each half also per language (language.mjs);
//   - the dev-tune split of WCXB dev in its two halves by site (split.mjs devHalfOf): half a is tuned on, half b is
//     the check; all page types and articles apart;
//   - with --frozen, the frozen third of WCXB dev (run once, at the end: aggregates only).
// Pages whose output changes are listed only for the tuning halves (WCXB half a, Readability 'dev').
// "before" is this build with the --before-off rules off, or with --base DIR the extractor of another build of core
// (its dist folder, e.g. a copy of packages/core/dist made before a change of the word lists).
// usage: node vocabHalves.mjs [--before-off r1,r2] [--base DIR] [--frozen] [--no-wcxb] [--step N]
import { join } from 'node:path';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { listPages, loadPage, scoreText, siteOf } from './lib.mjs';
import { devHalfOf, splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilitySite, readabilitySiteHalf } from './corpora.mjs';
import { pageLanguage } from './language.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const beforeOff = new Set((opt('before-off') ?? '').split(',').filter(Boolean));
const baseDir = opt('base');
const baseExtract = baseDir
  ? (await import(join(process.cwd(), baseDir, 'main-content/extractMainContent.js'))).extractMainContent
  : extractMainContent;
const step = Number(opt('step', '1'));
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
/** A page counts as moved when its F1 changes by more than this. */
const MOVED = 0.005;

function plainText(el, state) {
  let content = el;
  if (!/\S/.test(content.textContent ?? '') && !coreInternal.saysNoMainContent(content)) content = state.page;
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  return coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
}

const entries = [];
const rtp = listReadabilityPages() ?? [];
for (const name of rtp) {
  const site = readabilitySite(name);
  entries.push({ id: name, site, groups: [`rtp-${readabilitySiteHalf(site)}`], load: () => loadReadabilityPage(name) });
}
if (!args.includes('--no-wcxb'))
  for (const [i, id] of (listPages() ?? []).entries()) {
    if (i % step !== 0) continue;
    const frozen = splitOf(id) === 'frozen';
    if (frozen && !args.includes('--frozen')) continue;
    entries.push({ id, groups: [frozen ? 'frozen' : 'tune'], wcxb: true, load: () => loadPage(id) });
  }

const TUNING = new Set(['rtp-dev', 'tune-a']);
const sums = new Map();
const add = (group, before, after) => {
  const s = sums.get(group) ?? { n: 0, b: { p: 0, r: 0, f1: 0 }, a: { p: 0, r: 0, f1: 0 }, up: 0, down: 0 };
  s.n++;
  for (const k of ['p', 'r', 'f1']) {
    s.b[k] += before[k];
    s.a[k] += after[k];
  }
  if (after.f1 - before.f1 > MOVED) s.up++;
  if (before.f1 - after.f1 > MOVED) s.down++;
  sums.set(group, s);
};
const moved = [];
for (const e of entries) {
  const page = e.load();
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  const run = (extract, disabledRules) =>
    extract(state.document, { url: page.url, hints: state.hints, copy: true, disabledRules });
  const beforeEl = run(baseExtract, beforeOff);
  const afterEl = run(extractMainContent, undefined);
  const before = scoreText(plainText(beforeEl, state), page.main);
  const after = beforeEl.outerHTML === afterEl.outerHTML ? before : scoreText(plainText(afterEl, state), page.main);
  const lang = pageLanguage(page);
  const groups = [...e.groups];
  if (e.wcxb && e.groups[0] === 'tune') {
    const half = `tune-${devHalfOf(siteOf(page.url, page.id))}`;
    groups.push(half);
    if (page.type === 'article') groups.push(`${half}-article`);
  }
  for (const g of [...groups])
    if (g.startsWith('rtp')) groups.push(...new Set([`${g}-${lang === 'en' ? 'en' : 'other'}`, `${g}-${lang}`]));
  if (e.groups[0].startsWith('rtp')) groups.push(`rtp-all-${lang === 'en' ? 'en' : 'other'}`);
  for (const g of groups) add(g, before, after);
  if (groups.some((g) => TUNING.has(g)) && Math.abs(after.f1 - before.f1) > MOVED)
    moved.push(`${e.id} (${groups[0]}, ${lang}): F1 ${before.f1.toFixed(3)} → ${after.f1.toFixed(3)}`);
}

const f = (x, n) => (x / n).toFixed(4);
console.log(`before = ${baseDir ?? 'this build'}, rules off: ${[...beforeOff].join(', ') || '(none)'}; after = all on`);
console.log('group                      n   P before → after   R before → after   F1 before → after   up/down');
for (const [g, s] of [...sums].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `${g.padEnd(24)} ${String(s.n).padStart(4)}   ${f(s.b.p, s.n)} → ${f(s.a.p, s.n)}   ${f(s.b.r, s.n)} → ` +
      `${f(s.a.r, s.n)}   ${f(s.b.f1, s.n)} → ${f(s.a.f1, s.n)}   ${s.up}/${s.down}`,
  );
if (args.includes('--sites'))
  for (const half of ['dev', 'check'])
    console.log(
      `rtp ${half}: ${[...new Set(entries.filter((e) => e.groups[0] === `rtp-${half}`).map((e) => e.site))].join(' ')}`,
    );
if (moved.length > 0) console.log(`\npages moved in the tuning halves:\n  ${moved.join('\n  ')}`);
