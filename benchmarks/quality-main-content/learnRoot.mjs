// The learned-root experiment of issue #25 (packages/core/src/main-content/learnedRoot.ts): collects the candidate
// roots of every page with their features, trains a logistic model on WCXB dev-tune only (5 folds grouped by site,
// the threshold chosen by inner folds), reports the out-of-fold pipeline F1 on dev-tune, writes the model trained on
// all of dev-tune to learnedRootModel.ts, and with --final reports (aggregates only) the frozen split and the
// Readability test pages, plus the extraction time with the model on / off, interleaved page by page.
// usage: node learnRoot.mjs [--collect] [--final] [--write]    (rows are cached in $MC_TMP/learned-root-rows.json)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { ROOT_FEATURES, scoreCandidate } from '../../packages/core/dist/main-content/learnedRoot.js';
import { FOLDS, foldOf, siteOf, trainLinear, trainStumps } from './learnModels.mjs';
import { listPages, loadPage, scoreText, PAGE_TYPES } from './lib.mjs';
import { splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const has = (k) => args.includes(`--${k}`);
const CACHE = join(process.env.MC_TMP ?? '/tmp', 'learned-root-rows-v3.json');
const MODEL_TS = join(here, '..', '..', 'packages', 'core', 'src', 'main-content', 'learnedRootModel.ts');
/** A candidate is labelled better when its text's F1 beats the rules' root's by more than this. */
const MARGIN = 0.02;
const THRESHOLDS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const NEVER = { features: [], bias: 0, threshold: 1 };
/** --model lr: logistic regression; default: boosted stumps. */
const KIND = args.includes('--model') ? args[args.indexOf('--model') + 1] : 'gbm';
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');

function prepare(page) {
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
  return state;
}
function plainText(el, state) {
  let content = el;
  if (!/\S/.test(content.textContent ?? '') && !coreInternal.saysNoMainContent(content)) content = state.page;
  for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
  return coreInternal.markdownToPlainText(coreInternal.stripBase64Images(core.htmlToMarkdown(content)));
}
/** A candidate's text without its chrome-labelled and hidden parts: roughly what pruning would keep. */
function candidateText(s) {
  const parts = [];
  const walk = (n) => {
    const kids = new Map(n.children.map((c) => [c.el, c]));
    for (const child of n.el.childNodes) {
      if (child.nodeType === 3) parts.push(child.data);
      else if (kids.has(child) && kids.get(child).junk === 0) {
        parts.push(' ');
        walk(kids.get(child));
        parts.push(' ');
      }
    }
  };
  walk(s);
  return parts.join('');
}

// ---- collection: one extraction per page (the rules' output) with the candidates seen ----
function collect() {
  const entries = [
    ...listPages().map((id) => ({ corpus: splitOf(id), id, load: () => loadPage(id) })),
    ...listReadabilityPages().map((id) => ({
      corpus: `rtp-${readabilityHalf(id)}`,
      id,
      load: () => loadReadabilityPage(id),
    })),
  ];
  const rows = [];
  const t0 = Date.now();
  for (const [i, entry] of entries.entries()) {
    const page = entry.load();
    const state = prepare(page);
    let cands = [];
    const el = extractMainContent(state.document, {
      url: page.url,
      hints: state.hints,
      copy: true,
      learnedRoot: {
        model: NEVER,
        onCandidates: (_, c) => {
          cands = c;
          return undefined;
        },
      },
    });
    const base = scoreText(plainText(el, state), page.main).f1;
    // the label: the pipeline's F1 with the root forced to each candidate (dev-tune only)
    const forcedF1 = (i) => {
      if (i === 0) return base;
      const forced = extractMainContent(state.document, {
        url: page.url,
        hints: state.hints,
        copy: true,
        learnedRoot: { model: NEVER, onCandidates: () => i },
      });
      return scoreText(plainText(forced, state), page.main).f1;
    };
    // candidate labels are read on dev-tune only: the frozen split and the article corpus are never trained on
    const labelled = entry.corpus === 'tune';
    rows.push({
      corpus: entry.corpus,
      id: page.id,
      type: page.type,
      site: siteOf(page.url, page.id),
      base,
      candidates: cands.map((c) => ({
        x: c.features,
        textF1: labelled ? scoreText(candidateText(c.node), page.main).f1 : null,
      })),
    });
    if (labelled) for (const [k, c] of rows.at(-1).candidates.entries()) c.f1 = forcedF1(k);
    if (i % 200 === 0) console.error(`collect ${i}/${entries.length} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  }
  mkdirSync(dirname(CACHE), { recursive: true });
  writeFileSync(CACHE, JSON.stringify(rows));
  return rows;
}

// ---- the models: logistic regression (standardised, L2) or boosted stumps, both on the log-odds ----
function examples(pages) {
  const X = [];
  const y = [];
  for (const p of pages) {
    const rulesF1 = p.candidates[0].f1;
    for (const c of p.candidates.slice(1)) {
      X.push(c.x);
      y.push(c.f1 > rulesF1 + MARGIN ? 1 : 0);
    }
  }
  return { X, y };
}
function train(pages) {
  const { X, y } = examples(pages);
  const model = KIND === 'lr' ? trainLinear(X, y) : trainStumps(X, y);
  const positives = y.reduce((s, v) => s + v, 0);
  return { features: [...ROOT_FEATURES], ...model, threshold: 1, positives, examples: y.length };
}
const prob = (model, x) => scoreCandidate(model, x);
/** The candidate index the model picks on a page at `threshold` (0: the rules' root). */
function pick(model, page, threshold) {
  let best = 0;
  let score = threshold;
  page.candidates.forEach((c, i) => {
    if (i === 0) return;
    const p = prob(model, c.x);
    if (p > score) (best = i), (score = p);
  });
  return best;
}
/** Mean pipeline F1 gain over the rules' root on `pages` (labels are the pipeline's F1 with each candidate forced). */
function proxyGain(model, pages, threshold) {
  let g = 0;
  for (const p of pages) g += p.candidates[pick(model, p, threshold)].f1 - p.candidates[0].f1;
  return g / Math.max(1, pages.length);
}
/** The threshold that does best on inner folds of `pages` (grouped by site as the outer ones). */
function chooseThreshold(pages) {
  const inner = (p) => foldOf(`${p.site}/inner`) % (FOLDS - 1);
  const gains = THRESHOLDS.map(() => 0);
  for (let k = 0; k < FOLDS - 1; k++) {
    const m = train(pages.filter((p) => inner(p) !== k));
    const held = pages.filter((p) => inner(p) === k);
    for (const [i, t] of THRESHOLDS.entries()) gains[i] += proxyGain(m, held, t) * held.length;
  }
  let best = 0;
  for (let i = 1; i < THRESHOLDS.length; i++) if (gains[i] > gains[best]) best = i;
  return gains[best] > 0 ? THRESHOLDS[best] : 1;
}

// ---- the pipeline's F1 with a model, for pages where its pick differs from the rules' root ----
function pipelineF1(row, model) {
  const page = row.corpus.startsWith('rtp') ? loadReadabilityPage(row.id) : loadPage(row.id);
  const state = prepare(page);
  const trace = [];
  const el = extractMainContent(state.document, {
    url: page.url,
    hints: state.hints,
    copy: true,
    learnedRoot: { model },
    trace,
  });
  if (!trace.some((t) => t.startsWith('learned root'))) return row.base;
  return scoreText(plainText(el, state), page.main).f1;
}
function report(label, rows, f1Of) {
  const groups = [['overall', rows], ...PAGE_TYPES.map((t) => [t, rows.filter((r) => r.type === t)])];
  console.log(`\n${label}`);
  for (const [g, list] of groups) {
    if (list.length === 0) continue;
    let base = 0;
    let ours = 0;
    let up = 0;
    let down = 0;
    const sites = new Set();
    for (const r of list) {
      const f = f1Of(r);
      base += r.base;
      ours += f;
      if (f > r.base + 0.005) up++, sites.add(r.site);
      if (f < r.base - 0.005) down++, sites.add(r.site);
    }
    console.log(
      `  ${g.padEnd(14)} n=${String(list.length).padStart(4)} rules ${(base / list.length).toFixed(4)} ` +
        `learned ${(ours / list.length).toFixed(4)}  +${up}/-${down} pages (${sites.size} sites)`,
    );
  }
}

const rows = has('collect') || !existsSync(CACHE) ? collect() : JSON.parse(readFileSync(CACHE, 'utf8'));
const tune = rows.filter((r) => r.corpus === 'tune');
console.log(`dev-tune ${tune.length} pages, ${new Set(tune.map((r) => r.site)).size} sites`);

// outer folds: train on four fifths of the sites, threshold from inner folds, score the held-out fifth
const oof = new Map();
let proxy = 0;
for (let k = 0; k < FOLDS; k++) {
  const trainPages = tune.filter((p) => foldOf(p.site) !== k);
  const held = tune.filter((p) => foldOf(p.site) === k);
  const model = { ...train(trainPages), threshold: chooseThreshold(trainPages) };
  proxy += proxyGain(model, held, model.threshold) * held.length;
  let moved = 0;
  for (const r of held) {
    if (pick(model, r, model.threshold) === 0) oof.set(r, r.base);
    else moved++, oof.set(r, pipelineF1(r, model));
  }
  console.log(`fold ${k}: ${held.length} pages, threshold ${model.threshold}, ${moved} roots moved`);
}
console.log(`pipeline F1 gain out of fold (nested threshold): ${((proxy / tune.length) * 1000).toFixed(2)}‰`);
const oracle = tune.reduce((g, p) => g + Math.max(...p.candidates.map((c) => c.f1)) - p.candidates[0].f1, 0);
console.log(`ceiling (always the best candidate): +${((oracle / tune.length) * 1000).toFixed(2)}‰`);
// fixed thresholds, out of fold: what the override would do if it were trusted more than the inner folds trust it
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5]) {
  let gain = 0;
  let up = 0;
  let down = 0;
  for (let k = 0; k < FOLDS; k++) {
    const m = train(tune.filter((p) => foldOf(p.site) !== k));
    for (const p of tune.filter((q) => foldOf(q.site) === k)) {
      const d = p.candidates[pick(m, p, t)].f1 - p.candidates[0].f1;
      gain += d;
      if (d > 0.005) up++;
      if (d < -0.005) down++;
    }
  }
  console.log(`  threshold ${t}: ${((gain / tune.length) * 1000).toFixed(2)}‰, pages +${up}/-${down}`);
}
report('dev-tune, out of fold (5 folds grouped by site), pipeline F1', tune, (r) => oof.get(r));

const final = { ...train(tune), threshold: chooseThreshold(tune) };
console.log(
  `\nfinal model: ${final.examples} candidates, ${final.positives} better than the rules' root, ` +
    `threshold ${final.threshold}`,
);
if (final.linear) {
  for (const [j, f] of ROOT_FEATURES.entries()) console.log(`  ${f.padEnd(24)} ${final.linear.weights[j].toFixed(3)}`);
}
if (final.stumps) {
  const uses = new Map();
  for (const j of final.stumps.feature) uses.set(ROOT_FEATURES[j], (uses.get(ROOT_FEATURES[j]) ?? 0) + 1);
  console.log(
    '  stumps per feature:',
    [...uses]
      .sort((a, b) => b[1] - a[1])
      .map(([f, c]) => `${f} ${c}`)
      .join(', '),
  );
}
/** Data as TypeScript, arrays filled into lines of at most WRAP columns. */
const WRAP = 116;
function formatValue(value, indent) {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const lines = [];
    let line = '';
    for (const item of value.map((v) => formatValue(v, inner))) {
      if (line !== '' && inner.length + line.length + item.length + 2 > WRAP) {
        lines.push(line);
        line = '';
      }
      line += `${line === '' ? '' : ' '}${item},`;
    }
    if (line !== '') lines.push(line);
    return `[\n${lines.map((l) => `${inner}${l}`).join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${inner}${k}: ${formatValue(v, inner)},`);
    return `{\n${entries.join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value}'` : String(value);
}
if (has('write')) {
  const { positives, examples, ...model } = final;
  writeFileSync(
    MODEL_TS,
    '// Generated by benchmarks/quality-main-content/learnRoot.mjs --write from WCXB dev-tune pages: do not edit.\n' +
      `// ${examples} candidate roots of ${tune.length} pages, ${positives} better than the rules' root ` +
      `by ${MARGIN} F1.\n` +
      '// (untyped here: learnedRoot.ts checks it against RootModel, and importing the type back would make a cycle)\n' +
      '// biome-ignore format: generated; wrapped under 120 columns here (the formatter would fill lines to 120)\n' +
      `export const LEARNED_ROOT_MODEL = ${formatValue(model, '')};\n`,
  );
  console.log(`wrote ${MODEL_TS}`);
}

if (has('final')) {
  // aggregates only: the frozen split decides, it is never read page by page
  for (const corpus of ['frozen', 'rtp-tune', 'rtp-held']) {
    const list = rows.filter((r) => r.corpus === corpus);
    const f1 = new Map(list.map((r) => [r, pick(final, r, final.threshold) === 0 ? r.base : pipelineF1(r, final)]));
    report(`${corpus}: rules vs the final model, pipeline F1`, list, (r) => f1.get(r));
  }
  // speed: extraction with the model off / on, interleaved page by page, on every 5th dev-tune page
  let off = 0;
  let on = 0;
  for (const r of tune.filter((_, i) => i % 5 === 0)) {
    const page = loadPage(r.id);
    const state = prepare(page);
    const opts = { url: page.url, hints: state.hints, copy: true };
    // alternating which goes first, so that warm caches favour neither
    for (let rep = 0; rep < 4; rep++) {
      for (const withModel of rep % 2 === 0 ? [false, true] : [true, false]) {
        const t = performance.now();
        extractMainContent(state.document, withModel ? { ...opts, learnedRoot: { model: final } } : opts);
        if (withModel) on += performance.now() - t;
        else off += performance.now() - t;
      }
    }
  }
  console.log(`\nextraction time with the model / without: ${(on / off).toFixed(3)} (${off.toFixed(0)} ms without)`);
}
