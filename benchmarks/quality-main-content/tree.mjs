// Iteration helper: prints the measured tree below a selector (default body) with text/link/good stats.
// usage: node tree.mjs NNNN|readability-page-name [selector] [depth]
import { parseHTML } from 'linkedom';
import { measureTree, computeGood } from '../../packages/core/dist/main-content/measureTree.js';
import { resolveStreamedContent } from '../../packages/core/dist/html/resolveStreamedContent.js';
import { loadPage } from './lib.mjs';
import { isFrozen } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';
const name = process.argv[2];
const rtp = listReadabilityPages()?.includes(name) ?? false;
if (rtp ? readabilityHalf(name) === 'held' : isFrozen(name))
  throw new Error(`${name} is held out (split.mjs, corpora.mjs): not for tuning`);
const page = rtp ? loadReadabilityPage(name) : loadPage(name);
const { document } = parseHTML(page.html);
resolveStreamedContent(document, page.html);
for (const el of Array.from(
  document.querySelectorAll('script, style, template, head, link, meta, iframe, svg, canvas'),
))
  el.remove();
const tree = measureTree(document.body, { keepComments: false });
computeGood(tree);
const sel = process.argv[3];
let start = tree.root;
if (sel) start = tree.preorder.find((s) => s.el.matches(sel)) ?? tree.root;
const depth = Number(process.argv[4] ?? 2);
const d = (s) =>
  `${s.el.localName}${s.el.id ? '#' + s.el.id : ''}.${(s.cls || '').split(/\s+/).slice(0, 2).join('.')} text=${s.text} link=${s.linkText} good=${Math.round(s.good)} par=${s.paragraphs} junk=${s.junk}${s.junkWord ? ':' + s.junkWord : ''} | ${(s.el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 70)}`;
const walk = (s, lvl) => {
  console.log('  '.repeat(lvl) + d(s));
  if (lvl < depth) for (const c of s.children) if (c.text > 0) walk(c, lvl + 1);
};
walk(start, 0);
