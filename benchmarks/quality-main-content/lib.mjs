// Shared parts of the main-content quality benchmark: WCXB loading, the benchmark's scoring procedure,
// our pipeline (processHtml → markdownToPlainText) and the Readability reference row.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { readWcxbHtml, readWcxbTruth, WCXB_DIR } from '../wcxb.mjs';
import { devHalfOf, isFrozen } from './split.mjs';
// A sibling's half-built dist must not stop the benchmark: fall back to the extractor module alone (proxy mode).
// The public face and ./internal together (the extractor and markdownToPlainText are internal).
const core = await Promise.all([import('@scrape/core'), import('@scrape/core/internal')])
  .then(([face, internal]) => ({ ...face, ...internal }))
  .catch(() => import('../../packages/core/dist/main-content/extractMainContent.js'));

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
export const DATA_DIR = WCXB_DIR;
export const PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'];

/** Page ids sorted; null when the data set is absent (callers skip with a message). */
export function listPages() {
  if (!existsSync(join(DATA_DIR, 'ground-truth'))) return null;
  return readdirSync(join(DATA_DIR, 'ground-truth'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export function loadPage(id) {
  const truth = readWcxbTruth(id);
  const html = readWcxbHtml(id);
  return {
    id,
    url: truth.url,
    html,
    type: truth._internal?.page_type?.primary ?? 'unknown',
    main: truth.ground_truth?.main_content ?? '',
    with: truth.ground_truth?.with ?? [],
    without: truth.ground_truth?.without ?? [],
  };
}

/** Every `step`-th page of each type, so small runs keep the type mix. */
export function stratifiedSample(ids, pagesOf, step, offset = 0) {
  const byType = new Map();
  for (const id of ids) {
    const t = pagesOf(id);
    if (!byType.has(t)) byType.set(t, []);
    byType.get(t).push(id);
  }
  const out = [];
  for (const list of byType.values())
    list.forEach((id, i) => {
      if (i % step === offset % step) out.push(id);
    });
  return out.sort();
}

// ---- scoring: the benchmark authors' procedure (see ../shared/data/README.md) ----
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
export function bag(text) {
  const m = new Map();
  for (const w of (text ?? '').toLowerCase().match(WORD) ?? []) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}
export function total(m) {
  let n = 0;
  for (const v of m.values()) n += v;
  return n;
}
export function scoreText(prediction, truth) {
  const p = bag(prediction);
  const t = bag(truth);
  const np = total(p);
  const nt = total(t);
  if (nt === 0) return np === 0 ? { p: 1, r: 1, f1: 1 } : { p: 0, r: 0, f1: 0 };
  if (np === 0) return { p: 0, r: 0, f1: 0 };
  let overlap = 0;
  for (const [w, c] of p) overlap += Math.min(c, t.get(w) ?? 0);
  const P = overlap / np;
  const R = overlap / nt;
  return { p: P, r: R, f1: P + R === 0 ? 0 : (2 * P * R) / (P + R) };
}
export function snippetRates(prediction, page) {
  const low = (prediction ?? '').toLowerCase();
  const w = page.with.filter((s) => low.includes(s.toLowerCase())).length;
  const wo = page.without.filter((s) => low.includes(s.toLowerCase())).length;
  return { withFound: w, withTotal: page.with.length, withoutFound: wo, withoutTotal: page.without.length };
}

// ---- the two extractors ----
/** Ours: the real pipeline (decode, parse, metadata, clean, extract, markdown), scored on the plain-text view of its
 *  markdown. Only the markdown output is asked for, as the reference row only makes markdown too. */
export function runOurs(page) {
  const { markdown } = core.processHtml(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  return core.markdownToPlainText(markdown);
}

/** True when the pipeline and the plain-text view exist in the built @scrape/core (both come from sibling work). */
export function pipelineAvailable() {
  if (typeof core.processHtml !== 'function' || typeof core.markdownToPlainText !== 'function') return false;
  try {
    runOurs({ html: '<html><body><p>probe</p></body></html>', url: 'https://example.com/' });
    return true;
  } catch {
    return false;
  }
}

/** Stand-in used only while the pipeline is missing: parse, hints, basic cleaning, extract, turndown, plain text. */
export function runProxy(page) {
  const { document } = parseHTML(page.html);
  const hints = core.collectContentHints(document);
  for (const el of Array.from(
    document.querySelectorAll('script, style, template, head, link, meta, iframe, svg, canvas'),
  ))
    el.remove();
  const el = core.extractMainContent(document, { url: page.url, hints });
  return proxyPlainText(turndown.turndown(el.outerHTML));
}

/** Parse + hints + cleaning + extraction only, scored on textContent: isolates the extractor's cost from markdown's. */
export function runExtractOnly(page) {
  const { document } = parseHTML(page.html);
  const hints = core.collectContentHints(document);
  for (const el of Array.from(
    document.querySelectorAll('script, style, template, head, link, meta, iframe, svg, canvas'),
  ))
    el.remove();
  return core.extractMainContent(document, { url: page.url, hints }).textContent ?? '';
}

/** The plain-text view of markdown as the README describes it: no images, link text only, no escapes or markers. */
export function proxyPlainText(md) {
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}\[\]()#+\-.!|>~<])/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[*_`~]{1,3}/g, '');
}

/** Reference: Readability 0.6.0 on linkedom, scored on textContent; timed with turndown on its HTML. */
export function runReadability(page) {
  const { document } = parseHTML(page.html);
  const article = new Readability(document).parse();
  if (article?.content) turndown.turndown(article.content);
  return article?.textContent ?? '';
}

export function timed(fn, page) {
  const t0 = performance.now();
  let text = '';
  let error;
  try {
    text = fn(page);
  } catch (e) {
    error = e;
  }
  return { text, ms: performance.now() - t0, error };
}

// ---- aggregation ----
export function summarize(rows) {
  const groups = new Map([['overall', rows]]);
  for (const t of PAGE_TYPES)
    groups.set(
      t,
      rows.filter((r) => r.type === t),
    );
  const out = {};
  for (const [name, list] of groups) {
    if (list.length === 0) continue;
    const mean = (k) => list.reduce((s, r) => s + r[k], 0) / list.length;
    const sum = (k) => list.reduce((s, r) => s + r[k], 0);
    out[name] = {
      pages: list.length,
      precision: mean('p'),
      recall: mean('r'),
      f1: mean('f1'),
      withRate: sum('withTotal') ? sum('withFound') / sum('withTotal') : null,
      withoutRate: sum('withoutTotal') ? sum('withoutFound') / sum('withoutTotal') : null,
      ms: sum('ms'),
    };
  }
  return out;
}

/** `load` reads a page by id (default: a WCXB page; corpora.mjs loads the second corpus's). */
export function evaluate(ids, extractors, { onPage, load = loadPage } = {}) {
  const rows = Object.fromEntries(Object.keys(extractors).map((k) => [k, []]));
  for (const id of ids) {
    const page = load(id);
    for (const [name, fn] of Object.entries(extractors)) {
      const { text, ms, error } = timed(fn, page);
      const s = scoreText(text, page.main);
      const row = {
        id,
        type: page.type,
        ms,
        error: error ? String(error.message ?? error) : undefined,
        ...s,
        ...snippetRates(text, page),
      };
      rows[name].push(row);
      onPage?.(name, row, text, page);
    }
  }
  return rows;
}

const f = (x) => (x == null ? '   -  ' : x.toFixed(3).padStart(6));
export function printTable(summaries) {
  const names = Object.keys(summaries);
  console.log(
    `${'group'.padEnd(14)} ${'n'.padStart(4)}  ${names.map((n) => `${n.padEnd(12)}  P      R      F1     with  without`).join('  | ')}`,
  );
  for (const g of ['overall', ...PAGE_TYPES]) {
    const first = summaries[names[0]][g];
    if (!first) continue;
    const cells = names.map((n) => {
      const s = summaries[n][g];
      return `${''.padEnd(12)}${f(s.precision)} ${f(s.recall)} ${f(s.f1)} ${f(s.withRate)} ${f(s.withoutRate)}`;
    });
    console.log(`${g.padEnd(14)} ${String(first.pages).padStart(4)}  ${cells.join('  | ')}`);
  }
}

// ---- the pipeline with rules switched off (ablation, dev.mjs --off) ----
const pipeline = await import('../../packages/core/dist/html/processHtml.js').catch(() => null);
const extractor = await import('../../packages/core/dist/main-content/extractMainContent.js');

/** Parses and cleans a page as processHtml does, then returns `extract(disabledRules)` → the plain text the pipeline
 *  would score with those rules off. Copy mode leaves the parsed page untouched, so it can be extracted many times. */
export function preparePage(page) {
  const { HTML_PIPELINE_STEPS, createHtmlPipelineState } = pipeline;
  const state = createHtmlPipelineState(
    { body: page.html, url: page.url },
    { onlyMainContent: true, outputs: ['markdown'] },
  );
  const cleanAt = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
  for (let i = 0; i <= cleanAt; i++) HTML_PIPELINE_STEPS[i].run(state);
  const extract = (disabledRules) =>
    extractor.extractMainContent(state.document, { url: page.url, hints: state.hints, copy: true, disabledRules });
  const toText = (el) => {
    let content = el;
    if (!/\S/.test(content.textContent ?? '') && !core.saysNoMainContent?.(content)) content = state.page; // the pipeline's whole-page fallback
    for (const n of Array.from(content.querySelectorAll('noscript'))) n.remove();
    return core.markdownToPlainText(core.stripBase64Images(core.htmlToMarkdown(content)));
  };
  return { extract, toText };
}

/** The real pipeline's plain text with some rules off (see MAIN_CONTENT_RULES). */
export function runWithout(disabledRules) {
  return (page) => {
    const { extract, toText } = preparePage(page);
    return toText(extract(disabledRules));
  };
}

/** The value after `--name` on the command line, or `fallback`. */
export function argValue(name, fallback) {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
}

/** A page's site: its host without "www.", or `fallback` for a URL that does not parse. */
export function siteOf(url, fallback = url) {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : fallback;
}

/** The dev-tune pages of some types on one site half (both halves when `half` is undefined), as `{ id, page }`:
 *  the loop every weak-type report walks, so that none of them can open a frozen page by mistake. */
export function* devTunePages(types, half) {
  for (const id of listPages()) {
    if (isFrozen(id)) continue;
    const page = loadPage(id);
    if (!types.includes(page.type) || (half !== undefined && devHalfOf(siteOf(page.url)) !== half)) continue;
    yield { id, page };
  }
}

/** The words the kept-text reports compare a block with the truth by: runs of letters and digits, lowercased. */
export const textTokens = (s) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The text blocks the kept-text reports (keptBlocks.mjs, keptWords.mjs) compare with the truth. */
export const TEXT_BLOCK_TAGS = new Set([
  'p',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'td',
  'th',
  'dd',
  'dt',
  'blockquote',
  'figcaption',
]);
