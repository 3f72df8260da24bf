// Per-rule ablation report: what each switchable rule of the extractor (MAIN_CONTENT_RULES) gains or costs, on the
// dev-tune and frozen splits of WCXB dev and on the two halves of the Readability test pages (corpora.mjs
// readabilityHalf: tuned on, held out). Every page is parsed and cleaned once;
// the extractor then runs once per rule with that rule off (copy mode leaves the document untouched), and only
// outputs that differ from the baseline are converted to markdown and scored.
// usage: node ablate.mjs [--rules a,b [--together]] [--step N] [--type T] [--dump FILE] [--having TEXT] [--fired TEXT]
//   [--no-frozen]
//   writes ../results/main-content-ablation.{json,md}
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { MAIN_CONTENT_RULES } from '../../packages/core/dist/main-content/rules.js';
import { listPages, loadPage, scoreText } from './lib.mjs';
import { splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';

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
/** --fired TEXT: the variants run only on pages whose baseline trace has a line holding TEXT (the rules measured
 *  fired there); elsewhere switching them off changes nothing, so a page costs one extraction instead of one per rule. */
const fired = opt('fired');
/** A page counts as moved by a rule when its F1 changes by more than this. */
const MOVED = 0.005;

const wcxb = listPages();
const rtp = listReadabilityPages();
if (wcxb === null || rtp === null) {
  console.log('ablate: ../shared/data (wcxb-dev, readability-test-pages) is absent; skipping.');
  process.exit(0);
}
/** --no-frozen: the frozen split is not opened at all (rounds that keep it for one measurement at the end). */
const noFrozen = args.includes('--no-frozen');
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
const CORPORA = ['tune', 'frozen', 'rtp-tune', 'rtp-held'];
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
  if (!/\S/.test(content.textContent ?? '')) content = state.page; // the pipeline's whole-page fallback
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  return coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
}

/** Dev-tune pages in two halves by site (a hash of the host name), so that a rule tuned on pages of one half can be
 *  checked on sites of the other. */
const SITE_HALVES = ['tune-site-a', 'tune-site-b'];
const siteHalf = (page) => SITE_HALVES[createHash('sha256').update(siteOf(page)).digest()[0] & 1];
const stats = new Map(
  rules.map((r) => [
    r,
    Object.fromEntries([...CORPORA, ...SITE_HALVES].map((c) => [c, { delta: 0, up: 0, down: 0, sites: new Set() }])),
  ]),
);
const halfBase = Object.fromEntries(SITE_HALVES.map((c) => [c, { n: 0, f1: 0 }]));
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
  base[entry.corpus].n++;
  base[entry.corpus].f1 += baseF1;
  const half = entry.corpus === 'tune' ? siteHalf(page) : null;
  if (half !== null) {
    halfBase[half].n++;
    halfBase[half].f1 += baseF1;
  }
  const byType = (typeRows[`${entry.corpus} ${page.type}`] ??= { n: 0, base: 0, off: 0 });
  byType.n++;
  byType.base += baseF1;
  byType.off += baseF1; // corrected below when the variant differs
  if (trace !== undefined && !trace.some((line) => line.includes(fired))) continue;
  for (const rule of rules) {
    const el = run(offSet(rule));
    if (el.outerHTML === baseHtml) continue;
    const f1 = scoreText(plainText(el, state), page.main).f1;
    if (together) typeRows[`${entry.corpus} ${page.type}`].off += f1 - baseF1;
    const s = stats.get(rule)[entry.corpus];
    const d = baseF1 - f1; // what the rule gains (negative: what it costs)
    const perType = (typeDelta.get(rule)[`${entry.corpus} ${page.type}`] ??= { delta: 0, up: 0, down: 0 });
    perType.delta += d;
    if (d > MOVED) perType.up++;
    if (d < -MOVED) perType.down++;
    s.delta += d;
    if (d > MOVED) s.up++;
    if (d < -MOVED) s.down++;
    if (Math.abs(d) > MOVED) s.sites.add(siteOf(page));
    if (half !== null) {
      const h = stats.get(rule)[half];
      h.delta += d;
      if (d > MOVED) h.up++;
      if (d < -MOVED) h.down++;
      if (Math.abs(d) > MOVED) h.sites.add(siteOf(page));
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
const halfMean = (h) => (halfBase[h].f1 / Math.max(1, halfBase[h].n)).toFixed(4);
lines.push(
  '',
  `Dev-tune by site half (baseline ${SITE_HALVES.map((h) => `${h} ${halfMean(h)} (${halfBase[h].n})`).join(', ')}):`,
);
for (const rule of rules)
  lines.push(
    `  ${rule}: ${SITE_HALVES.map((h) => {
      const x = stats.get(rule)[h];
      return `${h} ${fmt(x.delta / Math.max(1, halfBase[h].n))} ${x.up}/${x.down} (${x.sites.size})`;
    }).join(', ')}`,
  );
console.log(lines.join('\n'));
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
