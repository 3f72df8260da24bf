// The two small models of the learned experiments (learnRoot.mjs, learnPrune.mjs), written here without a library:
// a logistic regression and boosted stumps, both on the log-odds, in the shape scoreCandidate (learnedRoot.ts) reads.
import { createHash } from 'node:crypto';

/** Folds of the cross-validation: pages are grouped by site, so a site's pages are never split across folds. */
export const FOLDS = 5;

/** The site a page belongs to (its host without "www."), or its id when the address does not parse. */
export const siteOf = (url, id) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return id;
  }
};

/** A site's fold: a hash of its name, so the folds are the same on every run. */
export const foldOf = (site) => createHash('sha256').update(site).digest().readUInt32BE(0) % FOLDS;

const L2 = 1e-2;
const ROUNDS = 150;
const SHRINK = 0.1;
const LEAF_L2 = 1;
const SPLITS = 24;
const round = (v) => Number(v.toPrecision(6));

/** Logistic regression on standardised features, L2-penalised, by gradient descent. */
export function trainLinear(X, y) {
  const d = X[0].length;
  const mean = Array(d).fill(0);
  const scale = Array(d).fill(0);
  for (const x of X) for (let j = 0; j < d; j++) mean[j] += x[j] / X.length;
  for (const x of X) for (let j = 0; j < d; j++) scale[j] += (x[j] - mean[j]) ** 2 / X.length;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]) || 1;
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]) / scale[j]));
  const w = Array(d).fill(0);
  let b = 0;
  const rate = 0.5;
  for (let it = 0; it < 400; it++) {
    const gw = Array(d).fill(0);
    let gb = 0;
    for (let i = 0; i < Z.length; i++) {
      let z = b;
      for (let j = 0; j < d; j++) z += w[j] * Z[i][j];
      const e = 1 / (1 + Math.exp(-z)) - y[i];
      gb += e;
      for (let j = 0; j < d; j++) gw[j] += e * Z[i][j];
    }
    b -= (rate * gb) / Z.length;
    for (let j = 0; j < d; j++) w[j] -= rate * (gw[j] / Z.length + L2 * w[j]);
  }
  return { bias: round(b), linear: { mean: mean.map(round), scale: scale.map(round), weights: w.map(round) } };
}
/** Split points per feature (up to SPLITS quantiles) and bin[j][i], the first split value i is <= (left of it). */
function quantileBins(X) {
  const n = X.length;
  const splits = [];
  const bin = [];
  for (let j = 0; j < X[0].length; j++) {
    const vals = X.map((x) => x[j]).sort((a, b) => a - b);
    const at = (k) => vals[Math.floor(((k + 1) * (n - 1)) / (SPLITS + 1))];
    const cut = [...new Set(Array.from({ length: SPLITS }, (_, k) => at(k)))];
    splits.push(cut);
    bin.push(
      X.map((x) => {
        let k = 0;
        while (k < cut.length && x[j] > cut[k]) k++;
        return k;
      }),
    );
  }
  return { splits, bin };
}

/** Gradients and Hessians of the log-loss at the current log-odds F, with their sums G and H. */
function gradients(F, y) {
  const n = F.length;
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  let G = 0;
  let H = 0;
  for (let i = 0; i < n; i++) {
    const p = 1 / (1 + Math.exp(-F[i]));
    g[i] = p - y[i];
    h[i] = Math.max(1e-6, p * (1 - p));
    G += g[i];
    H += h[i];
  }
  return { g, h, G, H };
}

/** The split of feature j with the largest gain over `best` (a leaf needs Hessian mass >= 1), or `best`. */
function bestSplitOf(j, splits, bin, { g, h, G, H }, best) {
  const m = splits[j].length + 1;
  const gs = new Float64Array(m);
  const hs = new Float64Array(m);
  for (let i = 0; i < g.length; i++) (gs[bin[j][i]] += g[i]), (hs[bin[j][i]] += h[i]);
  let GL = 0;
  let HL = 0;
  for (let k = 0; k < m - 1; k++) {
    GL += gs[k];
    HL += hs[k];
    const GR = G - GL;
    const HR = H - HL;
    if (HL < 1 || HR < 1) continue;
    const gain = (GL * GL) / (HL + LEAF_L2) + (GR * GR) / (HR + LEAF_L2) - (G * G) / (H + LEAF_L2);
    if (best === null || gain > best.gain) best = { gain, j, k, GL, HL, GR, HR };
  }
  return best;
}

/** Boosted stumps on the log-odds (Newton steps, shrinkage, split points at quantiles). */
export function trainStumps(X, y) {
  const n = X.length;
  const d = X[0].length;
  const { splits, bin } = quantileBins(X);
  const pos = y.reduce((s, v) => s + v, 0);
  const bias = Math.log((pos + 1) / (n - pos + 1));
  const F = Array(n).fill(bias);
  const st = { feature: [], split: [], left: [], right: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const grad = gradients(F, y);
    let best = null;
    for (let j = 0; j < d; j++) best = bestSplitOf(j, splits, bin, grad, best);
    if (best === null) break;
    const left = (-SHRINK * best.GL) / (best.HL + LEAF_L2);
    const right = (-SHRINK * best.GR) / (best.HR + LEAF_L2);
    st.feature.push(best.j);
    st.split.push(round(splits[best.j][best.k]));
    st.left.push(round(left));
    st.right.push(round(right));
    for (let i = 0; i < n; i++) F[i] += bin[best.j][i] <= best.k ? left : right;
  }
  return { bias: round(bias), stumps: st };
}
