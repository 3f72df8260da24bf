// Iteration helper (not part of CI): groups the F1 lost on dev-tune pages of some types by general cause.
// For each page it compares the chosen root with the block whose raw text best matches the truth (token F1):
//   root too high  — a block inside the root, taken whole, matches clearly better than our output (the root keeps
//                    chrome or other items beside the content that pruning does not remove);
//   root too low   — a block around the root matches clearly better (content beside the root is left out);
//   wrong branch   — the better block lies beside the root;
//   kept boilerplate / removed content — the root is about right, and the loss is pruning's (precision / recall);
//   empty truth    — the page's truth is empty: any output scores 0.
// Frozen pages (split.mjs) are never read. usage: node losses.mjs --types product,listing [--margin 0.1] [--list]
//   [--half a|b] (only the sites of one half of dev-tune, split.mjs devHalfOf: look at the half you tune on)
//   [--rtp] (the tuning half of the Readability test pages instead, corpora.mjs readabilityHalf; never the held half)
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { argValue, devTunePages, scoreText, siteOf } from './lib.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf, readabilitySite } from './corpora.mjs';

const args = process.argv.slice(2);
const opt = argValue;
const types = opt('types', 'product,listing,collection,service').split(',');
/** A block counts as clearly better when its raw-text F1 is this much higher than our output's F1. */
const MARGIN = Number(opt('margin', '0.1'));
const half = opt('half');
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
const MARK = 'data-mc-loss';
const CANDIDATE_TAGS = new Set(['body', 'main', 'article', 'section', 'div', 'ul', 'ol', 'table', 'form', 'aside']);

const describe = (el) => {
  if (!el) return '-';
  const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 2).join('.');
  const id = el.getAttribute('id');
  return `${el.localName}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}`.slice(0, 60);
};

/** Our output's score, the chosen root (an element of `all`, the cleaned page's elements) and the page. */
function extract(page) {
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  const all = Array.from(state.document.querySelectorAll('*'));
  for (let i = 0; i < all.length; i++) all[i].setAttribute(MARK, String(i));
  const out = extractMainContent(state.document, { url: page.url, hints: state.hints, copy: true });
  const content = /\S/.test(out.textContent ?? '') || coreInternal.saysNoMainContent(out) ? out : state.page;
  const text = coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
  return { score: scoreText(text, page.main), root: all[Number(out.getAttribute(MARK))] ?? null, all, state };
}

/** The candidate block whose raw text best matches the truth, and the root's own raw score. */
function bestBlock(all, root, truth) {
  let best = null;
  let bestF1 = -1;
  let rootRaw = null;
  for (const el of all) {
    if (el !== root && !CANDIDATE_TAGS.has(el.localName)) continue;
    const t = el.textContent ?? '';
    if (el !== root && t.length < 0.3 * truth.length) continue;
    const s = scoreText(t, truth);
    if (el === root) rootRaw = s;
    if (s.f1 > bestF1) {
      bestF1 = s.f1;
      best = el;
    }
  }
  return { best, bestF1, rootRaw };
}

function causeOf(page) {
  const { score, root, all, state } = extract(page);
  const { best, bestF1, rootRaw } = bestBlock(all, root, page.main);
  let cause;
  if (!/\S/.test(page.main))
    cause = 'empty truth'; // unscorable: F1 0 whatever we output
  else if (root === null || rootRaw === null) cause = 'no root';
  else if (best !== root && bestF1 > score.f1 + MARGIN) {
    if (root.contains(best)) cause = 'root too high';
    else if (best.contains(root)) cause = 'root too low';
    else cause = 'wrong branch';
  } else cause = score.p < score.r ? 'kept boilerplate' : 'removed content';
  const h1 = state.document.querySelector('h1');
  const holdsH1 = (el) => (h1 !== null && el?.contains(h1) ? '+h1' : '');
  const where = `root ${describe(root)}${holdsH1(root)} best ${describe(best)}${holdsH1(best)}`;
  return { ...score, cause, rootRawF1: rootRaw?.f1 ?? 0, bestF1, where };
}

const rtp = args.includes('--rtp');
/** The pages looked at: dev-tune WCXB pages of the named types, or the tuning half of the Readability pages (every
 *  one an article, all saved under one fake address: the site is read from the page, corpora.mjs readabilitySite). */
function* pagesToRead() {
  if (rtp) {
    for (const name of listReadabilityPages() ?? [])
      if (readabilityHalf(name) === 'tune') yield { page: loadReadabilityPage(name), site: readabilitySite(name) };
    return;
  }
  for (const { page } of devTunePages(types, half)) yield { page, site: siteOf(page.url) };
}

const byCause = new Map();
const rows = [];
for (const { page, site } of pagesToRead()) {
  const r = { id: page.id, type: page.type, site, ...causeOf(page) };
  rows.push(r);
  const key = `${r.type} ${r.cause}`;
  const c = byCause.get(key) ?? { loss: 0, pages: 0, sites: new Set() };
  c.loss += 1 - r.f1;
  if (r.f1 < 0.95) c.pages++;
  c.sites.add(r.site);
  byCause.set(key, c);
}
for (const type of rtp ? ['article'] : types) {
  const n = rows.filter((r) => r.type === type).length;
  const lost = rows.filter((r) => r.type === type).reduce((a, r) => a + 1 - r.f1, 0);
  const which = rtp ? 'Readability tuning' : 'dev-tune';
  console.log(`\n${type}: ${n} ${which} pages, F1 ${(1 - lost / n).toFixed(4)}, loss ${lost.toFixed(2)}`);
  for (const [key, c] of [...byCause].filter(([k]) => k.startsWith(`${type} `)).sort((a, b) => b[1].loss - a[1].loss))
    console.log(
      `  ${key.slice(type.length + 1).padEnd(18)} loss ${c.loss.toFixed(2).padStart(6)} ` +
        `(${((100 * c.loss) / lost).toFixed(0)}%)  pages<0.95 ${c.pages}  sites ${c.sites.size}`,
    );
}
if (args.includes('--list'))
  for (const r of rows.sort((a, b) => a.f1 - b.f1).filter((r) => r.f1 < 0.95))
    console.log(
      r.id,
      r.type,
      r.site,
      r.cause,
      `F1 ${r.f1.toFixed(2)} P ${r.p.toFixed(2)} R ${r.r.toFixed(2)}`,
      `rootRaw ${r.rootRawF1.toFixed(2)} best ${r.bestF1.toFixed(2)}`,
      r.where,
    );
