// Shared parts of the structured-formats benchmark: WCXB pages by page type, extractProduct + extractMenu timed on
// the page's one parse, and detection rates per page type (products should be found on product pages and nowhere
// near as often elsewhere; WCXB has no restaurant menus, so every isMenu is a false positive).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as core from '@scrape/core/internal';
import { listWcxbPages, readWcxbHtml, readWcxbTruth } from '../wcxb.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const RESULTS_FILE = join(here, '..', 'results', 'structured-formats.json');
const WARMUP_PAGES = 20;

export const listPages = listWcxbPages;

export function loadPage(id) {
  const html = readWcxbHtml(id);
  const truth = readWcxbTruth(id);
  return {
    id,
    url: truth.url ?? `https://wcxb.example/${id}`,
    html,
    type: truth._internal?.page_type?.primary ?? 'unknown',
  };
}

/** Times parse and structured extraction per page; returns per-page rows. */
export function runPages(ids) {
  for (const id of ids.slice(0, WARMUP_PAGES)) runOne(loadPage(id));
  return ids.map((id) => runOne(loadPage(id)));
}

function runOne(page) {
  const t0 = performance.now();
  const document = core.parseHtml(page.html);
  const t1 = performance.now();
  let product = null;
  let menu = null;
  let error = null;
  try {
    const sources = core.readSchemaNodes(document, page.url);
    product = core.extractProduct(document, page.url, { sources });
    menu = core.extractMenu(document, page.url, { sources });
  } catch (e) {
    error = String(e?.stack ?? e);
  }
  const t2 = performance.now();
  return {
    id: page.id,
    type: page.type,
    parseMs: t1 - t0,
    structuredMs: t2 - t1,
    product: product !== null,
    variants: product?.variants.length ?? 0,
    priced: product?.variants.some((v) => v.price) ?? false,
    isMenu: menu?.isMenu ?? false,
    error,
  };
}

const pct = (n, d) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
function quantile(sorted, q) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function summarize(rows) {
  const types = [...new Set(rows.map((r) => r.type))].sort();
  const byType = types.map((type) => {
    const group = rows.filter((r) => r.type === type);
    return {
      type,
      pages: group.length,
      product: group.filter((r) => r.product).length,
      priced: group.filter((r) => r.priced).length,
      menu: group.filter((r) => r.isMenu).length,
    };
  });
  const structured = rows.map((r) => r.structuredMs).sort((a, b) => a - b);
  const parse = rows.map((r) => r.parseMs).sort((a, b) => a - b);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return {
    pages: rows.length,
    failures: rows.filter((r) => r.error).map((r) => ({ id: r.id, error: r.error.split('\n')[0] })),
    byType,
    timing: {
      structuredMedianMs: +quantile(structured, 0.5).toFixed(3),
      structuredP95Ms: +quantile(structured, 0.95).toFixed(3),
      structuredMaxMs: +structured[structured.length - 1].toFixed(3),
      parseMedianMs: +quantile(parse, 0.5).toFixed(3),
      structuredVsParse: +(sum(structured) / sum(parse)).toFixed(3),
    },
  };
}

export function printSummary(s) {
  console.log(`\nstructured formats on ${s.pages} WCXB pages (product = non-null product; menu = isMenu true)\n`);
  console.log('| page type | pages | product | with a price | menu |');
  console.log('|---|---:|---:|---:|---:|');
  for (const t of s.byType)
    console.log(
      `| ${t.type} | ${t.pages} | ${t.product} (${pct(t.product, t.pages)}) | ${t.priced} (${pct(t.priced, t.pages)}) | ${t.menu} (${pct(t.menu, t.pages)}) |`,
    );
  const t = s.timing;
  console.log(
    `\nextractProduct + extractMenu per page: median ${t.structuredMedianMs} ms, p95 ${t.structuredP95Ms} ms, max ${t.structuredMaxMs} ms`,
  );
  console.log(
    `linkedom parse per page: median ${t.parseMedianMs} ms; structured / parse (total CPU): ${t.structuredVsParse}`,
  );
  if (s.failures.length > 0) console.log(`failures: ${JSON.stringify(s.failures.slice(0, 5))}`);
}
