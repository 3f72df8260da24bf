// Iteration helper (issue #25, article loss round): which class/id words mark the blocks our output keeps and the
// truth leaves out, on dev-tune article pages of WCXB (one half of the sites, or both) and the tuning half of the
// Readability pages. For every text block of the output (the innermost block elements), the block counts as kept
// boilerplate when its words do not appear in the truth in that order, else as content; its characters are added to
// each class/id word of the block and its ancestors inside the root. Words that mark much kept boilerplate and little
// content are the candidates for a class-word rule. The frozen split and the held-out half are never opened.
// usage: node keptWords.mjs [--half a|b] [--top 40]
import { argValue, listPages, loadPage, preparePage, siteOf, TEXT_BLOCK_TAGS, textTokens } from './lib.mjs';
import { devHalfOf, isFrozen } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';

const opt = argValue;
const half = opt('half');
const top = Number(opt('top', '40'));
const BLOCKS = TEXT_BLOCK_TAGS;
const tokens = textTokens;
/** The dev-tune halves by site of split.mjs (the ones `ablate.mjs --site-halves` reports). */
const siteHalf = (url) => devHalfOf(siteOf(url));
const words = (el) =>
  `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);

const entries = [
  ...listPages()
    .filter((id) => !isFrozen(id))
    .map((id) => ({ id, wcxb: true, load: () => loadPage(id) })),
  ...listReadabilityPages()
    .filter((n) => readabilityHalf(n) === 'tune')
    .map((id) => ({ id, load: () => loadReadabilityPage(id) })),
];
const stat = new Map();
for (const e of entries) {
  const page = e.load();
  if (page.type !== 'article') continue;
  if (half && e.wcxb && siteHalf(page.url ?? e.id) !== half) continue;
  const out = preparePage(page).extract();
  const truth = ` ${tokens(page.main).join(' ')} `;
  const seen = new Set();
  for (const el of Array.from(out.querySelectorAll('*'))) {
    if (!BLOCKS.has(el.localName) || el.querySelector('p, li, h2, h3, td')) continue;
    const t = tokens(el.textContent ?? '');
    if (t.length === 0) continue;
    const extra = !truth.includes(` ${t.join(' ')} `);
    const chars = t.join(' ').length;
    const ws = new Set();
    for (let a = el; a !== null && a !== out.parentNode; a = a.parentElement) for (const w of words(a)) ws.add(w);
    for (const w of ws) {
      const s = stat.get(w) ?? { extra: 0, kept: 0, pages: new Set(), keptPages: new Set(), sample: '' };
      stat.set(w, s);
      if (extra) {
        s.extra += chars;
        s.pages.add(e.id);
        if (!s.sample) s.sample = `${e.id}: ${t.slice(0, 10).join(' ')}`;
      } else {
        s.kept += chars;
        s.keptPages.add(e.id);
      }
      seen.add(w);
    }
  }
}
const rows = [...stat.entries()]
  .filter(([, s]) => s.pages.size >= 3)
  .sort((a, b) => b[1].extra - b[1].kept - (a[1].extra - a[1].kept));
for (const [w, s] of rows.slice(0, top))
  console.log(
    `${w.padEnd(16)} extra ${String(s.extra).padStart(7)} (${s.pages.size} pages)  content ${String(s.kept).padStart(7)} ` +
      `(${s.keptPages.size} pages)  ${s.sample.slice(0, 70)}`,
  );
