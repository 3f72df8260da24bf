// Iteration helper (issue #25, weak types round 5): the text blocks of our output that the truth leaves out, on
// dev-tune pages of some types and one site half, with the shape of each block's nearest list-like container
// (link share, number of items, tag) and the class/id words around it, so kept boilerplate inside a right root can
// be grouped by a cause that recurs across sites. The frozen split is never opened.
// usage: node keptBlocks.mjs --types listing,collection,product,service --half a [--dump FILE]
import { writeFileSync } from 'node:fs';
import { argValue, devTunePages, preparePage, siteOf, TEXT_BLOCK_TAGS, textTokens } from './lib.mjs';

const opt = argValue;
const half = opt('half', 'a');
const types = opt('types', 'listing,collection,product,service').split(',');
const BLOCKS = TEXT_BLOCK_TAGS;
const tokens = textTokens;
const linkChars = (el) => {
  let n = 0;
  for (const a of el.querySelectorAll('a')) n += (a.textContent ?? '').trim().length;
  return n;
};
const label = (el) => {
  const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 2).join('.');
  const id = el.getAttribute('id');
  return `${el.localName}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}`.slice(0, 50);
};
const rows = [];
for (const { id, page } of devTunePages(types, half)) {
  const out = preparePage(page).extract();
  const truth = ` ${tokens(page.main).join(' ')} `;
  const outChars = tokens(out.textContent ?? '').join(' ').length || 1;
  for (const el of Array.from(out.querySelectorAll('*'))) {
    if (!BLOCKS.has(el.localName) || el.querySelector('p, li, h2, h3, td')) continue;
    const t = tokens(el.textContent ?? '');
    if (t.length === 0) continue;
    const extra = !truth.includes(` ${t.join(' ')} `);
    const inTruth = truth.split(` ${t.join(' ')} `).length - 1;
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const inLink = el.closest('a') !== null || (linkChars(el) >= 0.8 * text.length && text.length > 0);
    const path = [];
    for (let a = el.parentElement; a !== null && a !== out && path.length < 4; a = a.parentElement) path.push(label(a));
    rows.push({
      id,
      inTruth,
      key: t.join(' '),
      type: page.type,
      site: siteOf(page.url),
      extra,
      chars: t.join(' ').length,
      share: t.join(' ').length / outChars,
      tag: el.localName,
      inLink,
      head: /^h\d$/.test(el.localName),
      text: text.slice(0, 90),
      path: path.join(' < '),
    });
  }
}
const sum = (rs) => rs.reduce((a, r) => a + r.share, 0);
const by = (key) => {
  const m = new Map();
  for (const r of rows) {
    const k = key(r);
    const s = m.get(k) ?? { extra: 0, kept: 0, pages: new Set(), sites: new Set() };
    if (r.extra) {
      s.extra += r.share;
      s.pages.add(r.id);
      s.sites.add(r.site);
    } else s.kept += r.share;
    m.set(k, s);
  }
  return [...m].sort((a, b) => b[1].extra - a[1].extra);
};
console.log(
  `blocks ${rows.length}, extra share ${sum(rows.filter((r) => r.extra)).toFixed(2)} content ${sum(rows.filter((r) => !r.extra)).toFixed(2)}`,
);
for (const [name, key] of [
  ['tag', (r) => r.tag],
  ['link', (r) => (r.inLink ? 'link' : 'text')],
  ['len', (r) => (r.chars < 30 ? '<30' : r.chars < 100 ? '<100' : r.chars < 300 ? '<300' : '300+')],
  ['type', (r) => r.type],
]) {
  console.log(`\nby ${name}`);
  for (const [k, s] of by(key).slice(0, 12))
    console.log(
      `  ${String(k).padEnd(8)} extra ${s.extra.toFixed(2)} (${s.pages.size} p, ${s.sites.size} s) content ${s.kept.toFixed(2)}`,
    );
}
if (opt('dump')) writeFileSync(opt('dump'), rows.map((r) => JSON.stringify(r)).join('\n'));
