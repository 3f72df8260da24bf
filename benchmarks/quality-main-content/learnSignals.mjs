// Iteration helper (issue #25, weak types round 7): a logistic block scorer over the structural signals of
// blockSignals.mjs (microdata types and props, ARIA roles, form controls, position, heading words, tag, link share),
// trained on one dev-tune site half's weak-type blocks and scored on the other by word-bag F1 (the blocks it would
// drop taken out of the page's output). Reads the dumps of `blockSignals.mjs --half a|b --dump FILE`.
// usage: node learnSignals.mjs --train /tmp/blocks-a.json --test /tmp/blocks-b.json
import { readFileSync } from 'node:fs';
import { argValue } from './lib.mjs';

const load = (f) => JSON.parse(readFileSync(f, 'utf8'));
const train = load(argValue('train'));
const test = load(argValue('test'));
const TYPES = ['listing', 'collection', 'product', 'service'];

// signals seen on at least 5 training pages become features
const pagesOf = new Map();
for (const p of train)
  for (const b of p.blocks) {
    for (const s of b.sig) {
      if (!pagesOf.has(s)) pagesOf.set(s, new Set());
      pagesOf.get(s).add(p.id);
    }
  }
const SIGS = [...pagesOf].filter(([, ps]) => ps.size >= 5).map(([s]) => s);
const featuresOf = (p, b) => {
  const f = SIGS.map((s) => (b.sig.includes(s) ? 1 : 0));
  f.push(b.link, b.link > 0.5 ? 1 : 0, b.pos, b.pos * b.pos, Math.log1p(b.t.length) / 5);
  for (const t of TYPES) f.push(p.type === t ? 1 : 0);
  f.push(1);
  return f;
};
const bag = (ts) => {
  const m = new Map();
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
};
function f1(outBag, outN, truthBag, truthN) {
  if (truthN === 0) return outN === 0 ? 1 : 0;
  if (outN === 0) return 0;
  let o = 0;
  for (const [t, c] of outBag) o += Math.min(c, truthBag.get(t) ?? 0);
  const P = o / outN;
  const R = o / truthN;
  return P + R === 0 ? 0 : (2 * P * R) / (P + R);
}
// --label gain: a block is junk when dropping it alone raises the page's word-bag F1 (weight: by how much it moves);
// default: the truth does not hold the block's words in order (blockSignals' `extra`), weighted by its share
const byGain = argValue('label', 'extra') === 'gain';
function dropGain(p, b) {
  const truth = bag(p.truth);
  const out = bag(p.out);
  const b0 = f1(out, p.out.length, truth, p.truth.length);
  let n = p.out.length;
  for (const t of b.t) {
    const c = out.get(t) ?? 0;
    if (c > 0) {
      out.set(t, c - 1);
      n--;
    }
  }
  return f1(out, n, truth, p.truth.length) - b0;
}
const rows = [];
for (const p of train) {
  const n = p.out.length || 1;
  for (const b of p.blocks) {
    if (!byGain) rows.push({ x: featuresOf(p, b), y: b.extra ? 1 : 0, w: b.t.length / n });
    else {
      const g = dropGain(p, b);
      rows.push({ x: featuresOf(p, b), y: g > 0 ? 1 : 0, w: Math.abs(g) + 1e-4 });
    }
  }
}
const dim = rows[0].x.length;
const w = new Array(dim).fill(0);
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
const score = (x) => sigmoid(x.reduce((a, v, i) => a + v * w[i], 0));
const L2 = 0.01;
for (let epoch = 0; epoch < 400; epoch++) {
  const g = new Array(dim).fill(0);
  let W = 0;
  for (const r of rows) {
    const e = (score(r.x) - r.y) * r.w;
    W += r.w;
    for (let i = 0; i < dim; i++) g[i] += e * r.x[i];
  }
  for (let i = 0; i < dim; i++) w[i] -= 2 * (g[i] / W + L2 * w[i]);
}

function evaluate(pages, drop) {
  let base = 0;
  let after = 0;
  let up = 0;
  let down = 0;
  const sites = new Set();
  const byType = {};
  for (const p of pages) {
    const truth = bag(p.truth);
    const out = bag(p.out);
    const b0 = f1(out, p.out.length, truth, p.truth.length);
    let n = p.out.length;
    for (const b of p.blocks) {
      if (!drop(p, b)) continue;
      for (const t of b.t) {
        const c = out.get(t) ?? 0;
        if (c > 0) {
          out.set(t, c - 1);
          n--;
        }
      }
    }
    const b1 = f1(out, n, truth, p.truth.length);
    base += b0;
    after += b1;
    if (b1 > b0 + 0.005) up++;
    if (b1 < b0 - 0.005) down++;
    if (Math.abs(b1 - b0) > 0.005) sites.add(p.site);
    byType[p.type] ??= { n: 0, d: 0 };
    const t = byType[p.type];
    t.n++;
    t.d += b1 - b0;
  }
  const types = Object.entries(byType)
    .map(([k, v]) => `${k} ${((1000 * v.d) / v.n).toFixed(2)}`)
    .join(', ');
  const gain = ((1000 * (after - base)) / pages.length).toFixed(2);
  const moved = `${up} up / ${down} down, ${sites.size} sites`;
  return `${(base / pages.length).toFixed(4)} -> ${(after / pages.length).toFixed(4)} (${gain}‰, ${moved}; ${types})`;
}
console.log(`features ${dim}; top weights:`);
const named = [...SIGS, 'link', 'link>0.5', 'pos', 'pos2', 'loglen', ...TYPES.map((t) => `type:${t}`), 'bias'];
console.log(
  named
    .map((n, i) => [n, w[i]])
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, 15)
    .map(([n, v]) => `${n} ${v.toFixed(2)}`)
    .join(', '),
);
/** The ceiling of any block-level keep/drop decision on these pages: blocks dropped in page order while each drop
 *  raises the page's word-bag F1. */
function greedyCeiling(pages) {
  let base = 0;
  let best = 0;
  for (const p of pages) {
    const truth = bag(p.truth);
    const cur = bag(p.out);
    let n = p.out.length;
    let f = f1(cur, n, truth, p.truth.length);
    base += f;
    for (const b of p.blocks) {
      const trial = new Map(cur);
      let m = n;
      for (const t of b.t) {
        const c = trial.get(t) ?? 0;
        if (c > 0) {
          trial.set(t, c - 1);
          m--;
        }
      }
      const g = f1(trial, m, truth, p.truth.length);
      if (g <= f) continue;
      f = g;
      for (const [k, v] of trial) cur.set(k, v);
      n = m;
    }
    best += f;
  }
  return `${(base / pages.length).toFixed(4)} -> ${(best / pages.length).toFixed(4)}`;
}
console.log(`greedy ceiling train: ${greedyCeiling(train)}, test: ${greedyCeiling(test)}`);
console.log(`oracle (drop every left-out block) train: ${evaluate(train, (_p, b) => b.extra)}`);
console.log(`oracle test: ${evaluate(test, (_p, b) => b.extra)}`);
// thresholds at the training blocks' score quantiles: the top 1%, 2%, 5%, 10%, 20% of blocks dropped
const trainScores = train.flatMap((p) => p.blocks.map((b) => score(featuresOf(p, b)))).sort((a, b) => b - a);
for (const q of [0.01, 0.02, 0.05, 0.1, 0.2]) {
  const thr = trainScores[Math.floor(q * trainScores.length)];
  const drop = (p, b) => score(featuresOf(p, b)) > thr;
  console.log(`top ${q} (${thr.toFixed(3)}) train: ${evaluate(train, drop)}`);
  console.log(`top ${q} test:  ${evaluate(test, drop)}`);
}
