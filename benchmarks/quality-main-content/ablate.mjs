// Per-rule ablation report: what each switchable rule of the extractor (MAIN_CONTENT_RULES) gains or costs, on the
// dev-tune and frozen splits of WCXB dev and on the two halves of the Readability test pages (corpora.mjs
// readabilityHalf: tuned on, held out). Every page is parsed and cleaned once;
// the extractor then runs once per rule with that rule off (copy mode leaves the document untouched), and only
// outputs that differ from the baseline are converted to markdown and scored.
// usage: node ablate.mjs [--rules a,b [--together]] [--step N] [--type T] [--dump FILE] [--having TEXT] [--fired TEXT]
//   [--no-frozen] [--site-halves] [--by-lang] [--types listing,product,collection,service]
//   writes ../results/main-content-ablation.{json,md}
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { MAIN_CONTENT_RULES } from '../../packages/core/dist/main-content/rules.js';
import { listPages, loadPage, scoreText } from './lib.mjs';
import { devHalfOf, splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';
import { pageLanguage } from './language.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const named = opt('rules') ? opt('rules').split(',') : MAIN_CONTENT_RULES.map((r) => r.id);
/** --together: the named rules are switched off all at once, as one variant (e.g. every rule a change added: the
 *  extractor before that change), and F1 per page type is printed for the baseline and that variant. */
const together = args.includes('--together');
const rules = together ? [named.join('+')] : named;
const offSet = (rule) => new Set(rule.split('+'));
const step = Number(opt('step', '1'));
/** --dump FILE: per-page F1 with each rule off, for dev-tune pages only (the frozen split is never read page by page). */
const dump = opt('dump');
const dumped = [];
/** --having TEXT: only pages whose HTML holds TEXT (a quick way to re-measure a rule that needs some markup). */
const having = opt('having')?.toLowerCase();
/** --fired TEXT[|TEXT…]: the variants run only on pages whose baseline trace has a line holding a TEXT (the rules
 *  measured fired there); elsewhere switching them off changes nothing, so a page costs one extraction instead of one per rule. */
const fired = opt('fired');
/** Several texts may be given, separated by "|": a page runs the variants when any of them is in its trace. */
const firedTexts = fired?.split('|') ?? [];
/** A page counts as moved by a rule when its F1 changes by more than this. */
const MOVED = 0.005;
/** --no-frozen: the frozen split is not run at all (while a change is being tuned). */
const noFrozen = args.includes('--no-frozen');
/** --site-halves: dev-tune figures are also reported for its two halves by site (split.mjs devHalfOf), so a change
 *  tuned on one half is checked on the other. */
const siteHalves = args.includes('--site-halves');
/** --by-lang: the dev-tune and Readability figures are also reported for English and non-English pages apart
 *  (language.mjs pageLanguage), so a word list of other languages is judged where it can act. */
const byLang = args.includes('--by-lang');
const LANG_SPLIT = ['tune', 'rtp-tune', 'rtp-held'];

const wcxb = listPages();
const rtp = listReadabilityPages();
if (wcxb === null || rtp === null) {
  console.log('ablate: ../shared/data (wcxb-dev, readability-test-pages) is absent; skipping.');
  process.exit(0);
}
const pages = [
  ...wcxb
    .filter((id, i) => i % step === 0 && !(noFrozen && splitOf(id) === 'frozen'))
    .map((id) => ({ corpus: splitOf(id), id, load: () => loadPage(id) })),
  ...(opt('types') ? [] : rtp).map((id) => ({
    corpus: `rtp-${readabilityHalf(id)}`,
    id,
    load: () => loadReadabilityPage(id),
  })),
];
/** The Readability pages in two halves (corpora.mjs readabilityHalf): tuned on, and held out (aggregates only). */
const CORPORA = [
  ...['tune', 'frozen', 'rtp-tune', 'rtp-held', ...(siteHalves ? ['tune-a', 'tune-b'] : [])],
  ...(byLang ? LANG_SPLIT.flatMap((c) => [`${c}-en`, `${c}-other`]) : []),
];
/** --type T: only WCXB pages of that type (the Readability pages are all articles and always run). */
const onlyType = opt('type');
/** --types a,b: only WCXB pages of these types, and no Readability pages (all articles): the per-type ablation of
 *  the non-article kinds in a fraction of the time. */
const onlyTypes = opt('types')?.split(',');
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');

function siteOf(page) {
  try {
    return new URL(page.url).hostname.replace(/^www\./, '');
  } catch {
    return page.id;
  }
}

/** The markdown's plain text of one extraction, as the pipeline's later steps would write it. */
function plainText(el, state) {
  let content = el;
  if (!/\S/.test(content.textContent ?? '') && !coreInternal.saysNoMainContent(content)) content = state.page; // the pipeline's whole-page fallback
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  return coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
}

const stats = new Map(
  rules.map((r) => [r, Object.fromEntries(CORPORA.map((c) => [c, { delta: 0, up: 0, down: 0, sites: new Set() }]))]),
);
/** Per rule, per "split type": summed F1 the rule gains on that page type, and pages it helps / hurts. */
const typeDelta = new Map(rules.map((r) => [r, {}]));
const base = Object.fromEntries(CORPORA.map((c) => [c, { n: 0, f1: 0 }]));
const typeRows = {};
const started = Date.now();
for (const entry of pages) {
  const page = entry.load();
  if (having && !page.html.toLowerCase().includes(having)) continue;
  if (onlyType && !entry.corpus.startsWith('rtp') && page.type !== onlyType) continue;
  if (onlyTypes && !onlyTypes.includes(page.type)) continue;
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  const run = (disabledRules, trace) =>
    extractMainContent(state.document, { url: page.url, hints: state.hints, copy: true, disabledRules, trace });
  const trace = fired === undefined ? undefined : [];
  const baseEl = run(undefined, trace);
  const baseHtml = baseEl.outerHTML;
  const baseF1 = scoreText(plainText(baseEl, state), page.main).f1;
  // the corpora a page counts in: its own, and on --site-halves its half of dev-tune
  const corpora = [entry.corpus];
  if (siteHalves && entry.corpus === 'tune') corpora.push(`tune-${devHalfOf(siteOf(page))}`);
  if (byLang && LANG_SPLIT.includes(entry.corpus))
    corpora.push(`${entry.corpus}-${pageLanguage(page) === 'en' ? 'en' : 'other'}`);
  for (const c of corpora) {
    base[c].n++;
    base[c].f1 += baseF1;
    const byType = (typeRows[`${c} ${page.type}`] ??= { n: 0, base: 0, off: 0 });
    byType.n++;
    byType.base += baseF1;
    byType.off += baseF1; // corrected below when the variant differs
  }
  if (trace !== undefined && !trace.some((line) => firedTexts.some((t) => line.includes(t)))) continue;
  for (const rule of rules) {
    const el = run(offSet(rule));
    if (el.outerHTML === baseHtml) continue;
    const f1 = scoreText(plainText(el, state), page.main).f1;
    const d = baseF1 - f1; // what the rule gains (negative: what it costs)
    for (const c of corpora) {
      if (together) typeRows[`${c} ${page.type}`].off += f1 - baseF1;
      const s = stats.get(rule)[c];
      const perType = (typeDelta.get(rule)[`${c} ${page.type}`] ??= { delta: 0, up: 0, down: 0 });
      perType.delta += d;
      if (d > MOVED) perType.up++;
      if (d < -MOVED) perType.down++;
      s.delta += d;
      if (d > MOVED) s.up++;
      if (d < -MOVED) s.down++;
      if (Math.abs(d) > MOVED) s.sites.add(siteOf(page));
    }
    if (dump && (entry.corpus === 'tune' || entry.corpus === 'rtp-tune') && Math.abs(d) > MOVED)
      dumped.push({ id: page.id, type: page.type, rule, base: baseF1, off: f1 });
  }
}

const out = { pages: Object.fromEntries(CORPORA.map((c) => [c, base[c].n])), baselineF1: {}, rules: [] };
for (const c of CORPORA) out.baselineF1[c] = base[c].f1 / Math.max(1, base[c].n);
for (const rule of rules) {
  const row = { rule, stage: together ? 'combined' : MAIN_CONTENT_RULES.find((r) => r.id === rule)?.stage };
  for (const c of CORPORA) {
    const s = stats.get(rule)[c];
    row[c] = { deltaF1: s.delta / Math.max(1, base[c].n), helped: s.up, hurt: s.down, sites: s.sites.size };
  }
  out.rules.push(row);
}
const fmt = (x) => `${x >= 0 ? '+' : ''}${(x * 1000).toFixed(2)}`;
const lines = [
  '# Main-content rule ablation',
  '',
  `Baseline F1: dev-tune ${out.baselineF1.tune.toFixed(4)} (${out.pages.tune} pages), frozen ${out.baselineF1.frozen.toFixed(4)} ` +
    `(${out.pages.frozen}), Readability test pages: tune half ${out.baselineF1['rtp-tune'].toFixed(4)} ` +
    `(${out.pages['rtp-tune']}), held-out half ${out.baselineF1['rtp-held'].toFixed(4)} (${out.pages['rtp-held']}).`,
  '',
  `Each cell: mean F1 the rule gains, in thousandths (negative: it costs), and pages it helps / hurts by more than ${MOVED}` +
    ' (sites among them). Generated by `node benchmarks/quality-main-content/ablate.mjs`.',
  '',
  '| rule | stage | dev-tune ‰ | +/− (sites) | frozen ‰ | +/− (sites) | rtp-tune ‰ | +/− | rtp-held ‰ | +/− |',
  '|---|---|---:|---|---:|---|---:|---|---:|---|',
];
for (const r of out.rules) {
  lines.push(
    `| ${r.rule} | ${r.stage} | ${fmt(r.tune.deltaF1)} | ${r.tune.helped}/${r.tune.hurt} (${r.tune.sites}) | ` +
      `${fmt(r.frozen.deltaF1)} | ${r.frozen.helped}/${r.frozen.hurt} (${r.frozen.sites}) | ` +
      `${fmt(r['rtp-tune'].deltaF1)} | ${r['rtp-tune'].helped}/${r['rtp-tune'].hurt} | ` +
      `${fmt(r['rtp-held'].deltaF1)} | ${r['rtp-held'].helped}/${r['rtp-held'].hurt} |`,
  );
}
console.log(lines.join('\n'));
if (siteHalves)
  for (const r of out.rules)
    console.log(
      `  ${r.rule}: dev-tune half a ${fmt(r['tune-a'].deltaF1)}‰ ${r['tune-a'].helped}/${r['tune-a'].hurt} ` +
        `(${r['tune-a'].sites} sites), half b ${fmt(r['tune-b'].deltaF1)}‰ ${r['tune-b'].helped}/${r['tune-b'].hurt} ` +
        `(${r['tune-b'].sites} sites)`,
    );
if (byLang) {
  const cell = (r, c) =>
    `${c} ${fmt(r[c].deltaF1)}‰ ${r[c].helped}/${r[c].hurt} (${r[c].sites} sites, n=${out.pages[c]})`;
  for (const r of out.rules)
    for (const c of LANG_SPLIT) console.log(`  ${r.rule}: ${cell(r, `${c}-en`)}; ${cell(r, `${c}-other`)}`);
}
console.log('\nF1 per split and page type: baseline' + (together ? ' / with the named rules off' : ''));
for (const key of Object.keys(typeRows).sort()) {
  const t = typeRows[key];
  console.log(
    `  ${key.padEnd(28)} n=${String(t.n).padStart(4)}  ${(t.base / t.n).toFixed(4)}${together ? `  ${(t.off / t.n).toFixed(4)}` : ''}`,
  );
}
// Per page type (WCXB only): each rule's mean F1 gain on that type, dev-tune / frozen, in thousandths.
const countOf = (corpus, type) => typeRows[`${corpus} ${type}`]?.n ?? 0;
const wcxbTypes = [
  ...new Set(
    Object.keys(typeRows)
      .filter((k) => !k.startsWith('rtp'))
      .map((k) => k.split(' ')[1]),
  ),
];
wcxbTypes.sort();
const typeLines = [
  '',
  '## Per page type',
  '',
  'Each cell: mean F1 the rule gains on pages of that type, in thousandths, dev-tune / frozen ' +
    `(pages per type: ${wcxbTypes.map((t) => `${t} ${countOf('tune', t)}/${countOf('frozen', t)}`).join(', ')}).`,
  '',
  `| rule | ${wcxbTypes.join(' | ')} |`,
  `|---|${wcxbTypes.map(() => '---:|').join('')}`,
];
out.byType = {};
for (const rule of rules) {
  const cells = wcxbTypes.map((t) => {
    const cell = (c) => (typeDelta.get(rule)[`${c} ${t}`]?.delta ?? 0) / Math.max(1, typeRows[`${c} ${t}`]?.n ?? 0);
    (out.byType[rule] ??= {})[t] = { tune: cell('tune'), frozen: cell('frozen') };
    return `${fmt(cell('tune'))} / ${fmt(cell('frozen'))}`;
  });
  typeLines.push(`| ${rule} | ${cells.join(' | ')} |`);
}
if (siteHalves) {
  // per page type on the two dev-tune halves by site: a rule narrowed for some types must help both halves there
  typeLines.push('', 'Per page type on the dev-tune halves by site: half a / half b, thousandths.', '');
  typeLines.push(`| rule | ${wcxbTypes.join(' | ')} |`, `|---|${wcxbTypes.map(() => '---:|').join('')}`);
  for (const rule of rules) {
    const cell = (c, t) => (typeDelta.get(rule)[`${c} ${t}`]?.delta ?? 0) / Math.max(1, typeRows[`${c} ${t}`]?.n ?? 0);
    const cells = wcxbTypes.map((t) => {
      Object.assign(out.byType[rule][t], { tuneA: cell('tune-a', t), tuneB: cell('tune-b', t) });
      return `${fmt(cell('tune-a', t))} / ${fmt(cell('tune-b', t))}`;
    });
    typeLines.push(`| ${rule} | ${cells.join(' | ')} |`);
  }
}
lines.push(...typeLines);
console.log(typeLines.join('\n'));
if (dump) writeFileSync(dump, JSON.stringify(dumped, null, 1));
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)}s`);
if (opt('rules') === undefined && step === 1 && !having && !onlyType && !onlyTypes && !noFrozen) {
  mkdirSync(join(here, '..', 'results'), { recursive: true });
  writeFileSync(
    join(here, '..', 'results', 'main-content-ablation.json'),
    `${JSON.stringify({ ...out, date: new Date().toISOString() }, null, 2)}\n`,
  );
  writeFileSync(join(here, '..', 'results', 'main-content-ablation.md'), `${lines.join('\n')}\n`);
}
