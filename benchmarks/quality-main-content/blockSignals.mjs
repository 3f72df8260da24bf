// Iteration helper (issue #25, weak types round 7): for every innermost text block of our output on dev-tune pages of
// some types and one site half, the structural signals around it inside the root — schema.org microdata types and
// itemprops of its ancestors, ARIA roles and aria-labels, form controls near it, <details>, tables, definition lists —
// and, per signal, how much output share it marks that the truth leaves out against what the truth keeps, with pages
// and sites. A general signal must mark mostly left-out text on both halves and several sites. Frozen split never read.
// usage: node blockSignals.mjs --types listing,collection,product,service --half a [--min 0.3]
import { writeFileSync } from 'node:fs';
import { argValue, devTunePages, preparePage, siteOf, TEXT_BLOCK_TAGS, textTokens } from './lib.mjs';

const opt = argValue;
const half = opt('half', 'a');
const types = opt('types', 'listing,collection,product,service').split(',');
const tokens = textTokens;
const CONTROLS = 'input, select, textarea, button';

const WRAPPER_TAGS = new Set(['details', 'summary', 'table', 'dl', 'form', 'nav', 'aside', 'footer', 'header']);
const ARIA_FLAGS = ['aria-label', 'aria-expanded', 'aria-controls'];
/** Heading words of sections often left out (reviews, related items, FAQ, contact...), probed as one signal each. */
const HEADING_WORDS =
  /review|rating|related|also|similar|recent|popular|faq|question|contact|share|newsletter|customers/;

/** The schema.org microdata types and props an element carries. */
function markupSignals(a, sig) {
  const type = a.getAttribute('itemtype');
  if (type) for (const t of type.trim().split(/\s+/)) sig.add(`itemtype:${t.split('/').pop().toLowerCase()}`);
  const prop = a.getAttribute('itemprop');
  if (prop) for (const p of prop.trim().split(/\s+/)) sig.add(`itemprop:${p.toLowerCase()}`);
}

/** Its ARIA role and flags, and the wrapper tags (forms, tables, landmarks, lists of 3+ items) it is. */
function wrapperSignals(a, sig) {
  const role = a.getAttribute('role');
  if (role) sig.add(`role:${role.toLowerCase()}`);
  for (const flag of ARIA_FLAGS) if (a.hasAttribute(flag)) sig.add(flag);
  if (a.hasAttribute('aria-hidden')) sig.add(`aria-hidden:${a.getAttribute('aria-hidden')}`);
  if (WRAPPER_TAGS.has(a.localName)) sig.add(`in:${a.localName}`);
  if ((a.localName === 'ol' || a.localName === 'ul') && a.children.length >= 3) sig.add('in:list3+');
}

function signalsOf(el, out) {
  const sig = new Set();
  for (let a = el; a !== null && a !== out.parentElement; a = a.parentElement) {
    markupSignals(a, sig);
    wrapperSignals(a, sig);
  }
  // controls in the block's nearest container of 2+ blocks' size
  let box = el.parentElement;
  for (let i = 0; i < 2 && box !== null && box !== out; i++) box = box.parentElement;
  if (box !== null && box.querySelector(CONTROLS) !== null) sig.add('near:control');
  if (el.closest('a') !== null) sig.add('in:a');
  return sig;
}

/** Where the block stands: before or after the page's <h1>, its length, under which heading's words. */
function placeSignals(sigs, index, h1, t, heading) {
  if (h1 >= 0) sigs.add(index < h1 ? 'pos:before-h1' : 'pos:after-h1');
  else sigs.add('pos:no-h1');
  const n = t.join(' ').length;
  sigs.add(n < 30 ? 'len:<30' : n < 100 ? 'len:<100' : n < 300 ? 'len:<300' : 'len:300+');
  if (heading === null) {
    sigs.add('no-h-before');
    return;
  }
  sigs.add('under-h');
  const word = tokens(heading.textContent ?? '')
    .slice(0, 3)
    .join(' ')
    .match(HEADING_WORDS);
  if (word !== null) sigs.add(`hword:${word[0]}`);
}

const stats = new Map();
const dump = [];
const total = { extra: 0, kept: 0 };
for (const { id, page } of devTunePages(types, half)) {
  const out = preparePage(page).extract();
  const truth = ` ${tokens(page.main).join(' ')} `;
  const record = {
    id,
    type: page.type,
    site: siteOf(page.url),
    truth: tokens(page.main),
    out: tokens(out.textContent ?? ''),
    blocks: [],
  };
  dump.push(record);
  const outChars = tokens(out.textContent ?? '').join(' ').length || 1;
  const all = Array.from(out.querySelectorAll('*'));
  const h1 = all.findIndex((e) => e.localName === 'h1');
  let heading = null;
  let index = -1;
  for (const el of all) {
    index++;
    if (/^h[2-6]$/.test(el.localName)) heading = el;
    if (!TEXT_BLOCK_TAGS.has(el.localName) || el.querySelector('p, li, h2, h3, td')) continue;
    const t = tokens(el.textContent ?? '');
    if (t.length === 0) continue;
    const extra = !truth.includes(` ${t.join(' ')} `);
    const share = t.join(' ').length / outChars;
    total[extra ? 'extra' : 'kept'] += share;
    const sigs = signalsOf(el, out);
    placeSignals(sigs, index, h1, t, heading);
    const text = (el.textContent ?? '').trim();
    let linked = 0;
    for (const a of el.querySelectorAll('a')) linked += (a.textContent ?? '').trim().length;
    if (el.closest('a') !== null) linked = text.length;
    sigs.add(`tag:${el.localName}`);
    record.blocks.push({
      t,
      sig: [...sigs],
      link: text.length ? Math.min(1, linked / text.length) : 0,
      pos: index / all.length,
      extra,
    });
    for (const s of sigs) {
      const st = stats.get(s) ?? { extra: 0, kept: 0, pages: new Set(), sites: new Set(), kpages: new Set() };
      if (extra) {
        st.extra += share;
        st.pages.add(id);
        st.sites.add(siteOf(page.url));
      } else {
        st.kept += share;
        st.kpages.add(id);
      }
      stats.set(s, st);
    }
  }
}
if (opt('dump')) writeFileSync(opt('dump'), JSON.stringify(dump));
console.log(`half ${half} ${types}: extra ${total.extra.toFixed(2)} kept ${total.kept.toFixed(2)} (page-shares)`);
const min = Number(opt('min', '0.3'));
for (const [s, st] of [...stats].sort((a, b) => b[1].extra - a[1].extra)) {
  if (st.extra + st.kept < min) continue;
  const purity = st.extra / (st.extra + st.kept);
  console.log(
    `${s.padEnd(34)} extra ${st.extra.toFixed(2)} (${st.pages.size} p, ${st.sites.size} s)  ` +
      `kept ${st.kept.toFixed(2)} (${st.kpages.size} p)  purity ${purity.toFixed(2)}`,
  );
}
