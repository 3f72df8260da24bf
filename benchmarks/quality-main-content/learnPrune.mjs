// The learned pruning experiment of issue #25 item 4: a second opinion on the blocks the rules keep inside the root.
// Every page's output is measured again (measureTree), its smallest blocks (no block-level child with text) get
// features read with the extractor's own functions (teaser cards, calls to action, signatures), and boosted stumps
// (learnModels.mjs) say whether dropping a block raises the page's F1. Labels and training: WCXB dev-tune only, 5
// folds grouped by site, the drop threshold chosen by inner folds. A block's effect is read from word bags (the
// output's bag less the block's), which is what the benchmark's token F1 measures. With --final (aggregates only):
// the frozen split and both halves of the Readability pages with the model trained on all of dev-tune.
// usage: node learnPrune.mjs [--final] [--margin M]
import { computeGood, measureTree } from '../../packages/core/dist/main-content/measureTree.js';
import { dropVocabularyBoilerplate } from '../../packages/core/dist/main-content/dropVocabularyBoilerplate.js';
import { signature } from '../../packages/core/dist/main-content/nodeNames.js';
import { isTeaserBlock } from '../../packages/core/dist/main-content/teaserCards.js';
import { scoreCandidate } from '../../packages/core/dist/main-content/learnedRoot.js';
import { FOLDS, foldOf, siteOf, trainStumps } from './learnModels.mjs';
import { bag, listPages, loadPage, PAGE_TYPES, preparePage, scoreText, total } from './lib.mjs';
import { splitOf } from './split.mjs';
import { listReadabilityPages, loadReadabilityPage, readabilityHalf } from './corpora.mjs';

const args = process.argv.slice(2);
/** --margin M: a block is labelled "drop" when dropping it alone raises the page's F1 by more than M (default 0). */
const MARGIN = args.includes('--margin') ? Number(args[args.indexOf('--margin') + 1]) : 0;
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
/** Inline tags: a block holding only these (and text) is a smallest block. */
const INLINE = new Set([
  'a',
  'span',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'br',
  'img',
  'time',
  'small',
  'sup',
  'sub',
  'code',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ENDS_SENTENCE = /[.!?。！？"”»)]\s*$/u;
const DIGIT = /\p{N}/gu;
const ALL_ON = () => true;
const FEATURES = [
  'logText',
  'linkDensity',
  'logLinks',
  'controls',
  'relPos',
  'fromStart',
  'fromEnd',
  'shareOfRoot',
  'tagP',
  'tagLi',
  'tagHeading',
  'tagDiv',
  'teaser',
  'vocabulary',
  'endsSentence',
  'digitShare',
  'logAlike',
  'inList',
  'logBlocks',
  'rootLinkDensity',
];

/** Blocks (not inline elements) with text, none of whose children with text is a block: paragraphs, list items,
 *  headings, a caption's div. */
function smallestBlocks(tree) {
  return tree.preorder.filter(
    (s) =>
      s.parent !== null &&
      s.text > 0 &&
      s.junk === 0 &&
      !INLINE.has(s.el.localName) &&
      !s.children.some((c) => c.text > 0 && !INLINE.has(c.el.localName)),
  );
}

function pageRow(entry) {
  const page = entry.load();
  const { extract, toText } = preparePage(page);
  const el = extract(undefined);
  const text = toText(el);
  const base = scoreText(text, page.main).f1;
  const tree = measureTree(el, { keepComments: false });
  computeGood(tree);
  const blocks = smallestBlocks(tree);
  const vocabulary = new Map();
  const called = (s) => {
    if (s.parent === null) return false;
    if (!vocabulary.has(s.parent)) {
      const found = new Set();
      dropVocabularyBoilerplate(s.parent, found, { on: ALL_ON });
      vocabulary.set(s.parent, found);
    }
    return vocabulary.get(s.parent).has(s);
  };
  const rootText = Math.max(1, tree.root.text);
  const rows = blocks.map((s, i) => {
    const t = (s.el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const tag = s.el.localName;
    const sig = signature(s);
    const alike = s.parent.children.filter((c) => c !== s && c.text > 0 && signature(c) === sig).length;
    const x = [
      Math.log1p(s.text),
      s.linkText / Math.max(1, s.text),
      Math.log1p(s.links),
      Math.min(5, s.controls),
      i / Math.max(1, blocks.length),
      Math.min(10, i),
      Math.min(10, blocks.length - 1 - i),
      s.text / rootText,
      tag === 'p' ? 1 : 0,
      tag === 'li' ? 1 : 0,
      HEADINGS.has(tag) ? 1 : 0,
      tag === 'div' ? 1 : 0,
      isTeaserBlock(s) ? 1 : 0,
      called(s) ? 1 : 0,
      ENDS_SENTENCE.test(t) ? 1 : 0,
      (t.match(DIGIT) ?? []).length / Math.max(1, t.length),
      Math.log1p(alike),
      s.parent.el.localName === 'ul' || s.parent.el.localName === 'ol' ? 1 : 0,
      Math.log1p(blocks.length),
      tree.root.linkText / rootText,
    ];
    return { x, words: [...bag(t)] };
  });
  return {
    corpus: entry.corpus,
    id: page.id,
    type: page.type,
    site: siteOf(page.url, page.id),
    base,
    text,
    main: page.main,
    blocks: rows,
  };
}

/** The page's F1 with the flagged blocks' words taken out of the output's bag (only the flagged words are read). */
function f1Without(row, flagged) {
  if (row.pBag === undefined) {
    row.pBag = bag(row.text);
    row.tBag = bag(row.main);
    row.np = total(row.pBag);
    row.nt = total(row.tBag);
    row.overlap = 0;
    for (const [w, c] of row.pBag) row.overlap += Math.min(c, row.tBag.get(w) ?? 0);
  }
  const taken = new Map();
  for (const k of flagged) for (const [w, c] of row.blocks[k].words) taken.set(w, (taken.get(w) ?? 0) + c);
  let np = row.np;
  let overlap = row.overlap;
  for (const [w, c] of taken) {
    const p = row.pBag.get(w) ?? 0;
    const left = Math.max(0, p - c);
    const t = row.tBag.get(w) ?? 0;
    np -= p - left;
    overlap += Math.min(left, t) - Math.min(p, t);
  }
  if (row.nt === 0) return np === 0 ? 1 : 0;
  if (np === 0) return 0;
  const P = overlap / np;
  const R = overlap / row.nt;
  return P + R === 0 ? 0 : (2 * P * R) / (P + R);
}

function label(row) {
  // the rules' output scored the same way (bag arithmetic), so that labels and gains compare like with like
  row.bagBase = f1Without(row, []);
  for (const [k, b] of row.blocks.entries()) b.y = f1Without(row, [k]) > row.bagBase + MARGIN ? 1 : 0;
}

function train(rows) {
  const X = [];
  const y = [];
  for (const r of rows) {
    for (const b of r.blocks) {
      X.push(b.x);
      y.push(b.y);
    }
  }
  return { features: FEATURES, ...trainStumps(X, y), threshold: 1 };
}
const flaggedBy = (model, row, threshold) =>
  row.blocks.flatMap((b, k) => (scoreCandidate(model, b.x) > threshold ? [k] : []));
const gainOn = (model, rows, threshold) =>
  rows.reduce((g, r) => g + f1Without(r, flaggedBy(model, r, threshold)) - r.bagBase, 0);
function chooseThreshold(rows) {
  const inner = (r) => foldOf(`${r.site}/inner`) % (FOLDS - 1);
  const gains = THRESHOLDS.map(() => 0);
  for (let k = 0; k < FOLDS - 1; k++) {
    const m = train(rows.filter((r) => inner(r) !== k));
    const held = rows.filter((r) => inner(r) === k);
    for (const [i, t] of THRESHOLDS.entries()) gains[i] += gainOn(m, held, t);
  }
  let best = 0;
  for (let i = 1; i < THRESHOLDS.length; i++) if (gains[i] > gains[best]) best = i;
  return gains[best] > 0 ? THRESHOLDS[best] : 1;
}
function report(label, rows, f1Of) {
  console.log(`\n${label}`);
  for (const [g, list] of [['overall', rows], ...PAGE_TYPES.map((t) => [t, rows.filter((r) => r.type === t)])]) {
    if (list.length === 0) continue;
    let base = 0;
    let ours = 0;
    let up = 0;
    let down = 0;
    for (const r of list) {
      const f = f1Of(r);
      base += r.bagBase;
      ours += f;
      if (f > r.bagBase + 0.005) up++;
      if (f < r.bagBase - 0.005) down++;
    }
    console.log(
      `  ${g.padEnd(14)} n=${String(list.length).padStart(4)} rules ${(base / list.length).toFixed(4)} ` +
        `learned ${(ours / list.length).toFixed(4)}  +${up}/-${down} pages`,
    );
  }
}

const final = args.includes('--final');
const entries = [
  ...listPages().map((id) => ({ corpus: splitOf(id), id, load: () => loadPage(id) })),
  ...(final ? listReadabilityPages() : []).map((id) => ({
    corpus: `rtp-${readabilityHalf(id)}`,
    id,
    load: () => loadReadabilityPage(id),
  })),
].filter((e) => final || e.corpus === 'tune');
const t0 = Date.now();
const rows = entries.map((e, i) => {
  if (i % 300 === 0) console.error(`page ${i}/${entries.length} ${((Date.now() - t0) / 1000).toFixed(0)}s`);
  const r = pageRow(e);
  label(r); // every corpus gets its bag baseline; only dev-tune's labels are ever trained on
  return r;
});
const tune = rows.filter((r) => r.corpus === 'tune');
const blocks = tune.reduce((n, r) => n + r.blocks.length, 0);
const positives = tune.reduce((n, r) => n + r.blocks.filter((b) => b.y === 1).length, 0);
console.log(`dev-tune ${tune.length} pages, ${blocks} blocks kept by the rules, ${positives} whose removal helps`);
const ceiling = tune.reduce(
  (g, r) =>
    g +
    f1Without(
      r,
      r.blocks.flatMap((b, k) => (b.y ? [k] : [])),
    ) -
    r.bagBase,
  0,
);
console.log(`ceiling (drop every block whose removal alone helps): +${((ceiling / tune.length) * 1000).toFixed(2)}‰`);
const oof = new Map();
let nested = 0;
const fixed = new Map(THRESHOLDS.map((t) => [t, { g: 0, up: 0, down: 0 }]));
for (let k = 0; k < FOLDS; k++) {
  const trainRows = tune.filter((r) => foldOf(r.site) !== k);
  const held = tune.filter((r) => foldOf(r.site) === k);
  const model = train(trainRows);
  const threshold = chooseThreshold(trainRows);
  for (const r of held) oof.set(r, f1Without(r, flaggedBy(model, r, threshold)));
  nested += gainOn(model, held, threshold);
  for (const [t, v] of fixed)
    for (const r of held) {
      const d = f1Without(r, flaggedBy(model, r, t)) - r.bagBase;
      v.g += d;
      if (d > 0.005) v.up++;
      if (d < -0.005) v.down++;
    }
  console.log(`fold ${k}: ${held.length} pages, threshold ${threshold}`);
}
console.log(`F1 gain out of fold (nested threshold): ${((nested / tune.length) * 1000).toFixed(2)}‰`);
for (const [t, v] of fixed)
  console.log(`  threshold ${t}: ${((v.g / tune.length) * 1000).toFixed(2)}‰, pages +${v.up}/-${v.down}`);
report('dev-tune, out of fold (5 folds grouped by site), F1 of the word bags', tune, (r) => oof.get(r));
if (final) {
  const model = { ...train(tune), threshold: chooseThreshold(tune) };
  console.log(`\nfinal model threshold ${model.threshold}`);
  for (const corpus of ['frozen', 'rtp-tune', 'rtp-held']) {
    const list = rows.filter((r) => r.corpus === corpus);
    report(`${corpus}: rules vs the final model`, list, (r) => f1Without(r, flaggedBy(model, r, model.threshold)));
  }
}
