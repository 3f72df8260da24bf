// CI smoke for structured-formats: the same code paths on a spread sample of WCXB pages. Fails when extraction
// throws, when product pages stop being recognised, when articles start being taken for products, when pages that
// are not menus (WCXB has none) are called menus, or when the cost passes twice a linkedom parse.
import { listPages, printSummary, runPages, summarize } from './lib.mjs';

const SAMPLE_PAGES = 150;
/** The full run finds a product on most WCXB product pages; far below means detection broke. */
const MIN_PRODUCT_PAGE_SHARE = 0.6;
/** Articles almost never are products; a few percent means the fallbacks got loose. */
const MAX_ARTICLE_PRODUCT_SHARE = 0.03;
/** WCXB has no restaurant menus: every isMenu is a false positive. */
const MAX_MENU_SHARE = 0.02;
/** Opt-in formats may cost about a parse; twice a parse means a slow path crept in (bounds generous: CI is noisy). */
const MAX_VS_PARSE = 2;

const ids = listPages();
if (!ids) {
  console.log('structured-formats smoke: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const step = Math.max(1, Math.floor(ids.length / SAMPLE_PAGES));
const summary = summarize(runPages(ids.filter((_, i) => i % step === 0).slice(0, SAMPLE_PAGES)));
printSummary(summary);

const problems = [];
const type = (t) => summary.byType.find((x) => x.type === t) ?? { pages: 0, product: 0, menu: 0 };
if (summary.failures.length > 0) problems.push(`${summary.failures.length} pages threw`);
if (type('product').pages > 0 && type('product').product < MIN_PRODUCT_PAGE_SHARE * type('product').pages)
  problems.push(`products found on ${type('product').product}/${type('product').pages} product pages`);
if (type('article').product > MAX_ARTICLE_PRODUCT_SHARE * type('article').pages)
  problems.push(`${type('article').product}/${type('article').pages} articles taken for products`);
const menus = summary.byType.reduce((n, t) => n + t.menu, 0);
if (menus > MAX_MENU_SHARE * summary.pages) problems.push(`${menus}/${summary.pages} pages called menus`);
if (summary.timing.structuredVsParse > MAX_VS_PARSE)
  problems.push(`structured/parse ${summary.timing.structuredVsParse} > ${MAX_VS_PARSE}`);
if (problems.length > 0) {
  console.error(`\nstructured-formats smoke FAILED: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('\nstructured-formats smoke: ok');
