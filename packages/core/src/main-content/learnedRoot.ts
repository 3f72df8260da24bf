// An experiment of issue #25: a small learned second opinion on the root the rules chose (chooseRoot).
//
// Contract. In: the measured tree with `good` computed, the rules' root, what the page says it is. Out: the rules'
// root, or one of a few candidates around it (its ancestors, the chain of its largest children, the <article> and
// <main> blocks) when a logistic model, trained offline on WCXB dev-tune pages (benchmarks/quality-main-content/
// learnRoot.mjs), is confident that the candidate's text matches the page's main text better. Reads nothing else and
// changes nothing. Off by default (ExtractMainContentOptions.learnedRoot): see docs/decisions.md for why.
import { findTitleHeading } from './chooseRoot.js';
import type { ContentHints } from './collectContentHints.js';
import { dropVocabularyBoilerplate } from './dropVocabularyBoilerplate.js';
import { findBodyEvidence } from './findBodyEvidence.js';
import type { TraceSink } from './traceEvents.js';
import { LEARNED_ROOT_MODEL } from './learnedRootModel.js';
import type { MeasuredTree, NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import { isTeaserBlock, teaserGood } from './teaserCards.js';
import { inChrome, isInside } from './treeRelations.js';

/** A logistic model over ROOT_FEATURES: the log-odds are `bias`, plus a linear part over the features standardised
 *  by `mean` / `scale`, plus a sum of stumps (`x[feature[i]] <= split[i] ? left[i] : right[i]`). */
export interface RootModel {
  features: readonly string[];
  bias: number;
  linear?: { mean: readonly number[]; scale: readonly number[]; weights: readonly number[] };
  stumps?: {
    feature: readonly number[];
    split: readonly number[];
    left: readonly number[];
    right: readonly number[];
  };
  /** A candidate replaces the rules' root only when its probability of being better exceeds this. */
  threshold: number;
}

export interface RootCandidate {
  node: NodeStats;
  /** Values in ROOT_FEATURES order. */
  features: number[];
}

export interface LearnedRootOptions {
  /** Another model (cross-validation folds in the training script); default: the shipped LEARNED_ROOT_MODEL. */
  model?: RootModel;
  /** Sees every candidate with its features (the training script collects its rows here); a returned index forces
   *  that candidate (the training script labels each candidate by the pipeline's output with it). */
  onCandidates?: (rulesRoot: NodeStats, candidates: RootCandidate[]) => number | undefined;
}

/** The page facts the features read. */
export interface LearnedRootPage {
  article: boolean;
  discussion: boolean;
  /** The hints read before cleaning: JSON-LD articleBody is the evidence findBodyEvidence matches. */
  hints?: ContentHints;
}

/** The model trained on WCXB dev-tune (generated data, checked against the type here). */
const SHIPPED_MODEL: RootModel = LEARNED_ROOT_MODEL;
/** How far above the rules' root candidates are looked for. */
const MAX_UP = 4;
/** How far down the chain of largest children candidates are looked for. */
const MAX_DOWN = 4;
/** Explicit content landmarks (<article>, <main>) taken as candidates, at most this many, largest first. */
const MAX_LANDMARKS = 3;
/** A candidate needs at least this much content text: an empty block is never the main content. */
const MIN_GOOD = 1;
/** Levels to the headline's branch are counted up to this (and a page without a headline reads as this far). */
const FAR = 8;

/** Sizes, shares and tags: what measureTree reads. */
const SIZE_FEATURES = [
  'up',
  'down',
  'elsewhere',
  'logGood',
  'goodVsRules',
  'goodVsPage',
  'linkDensity',
  'rulesLinkDensity',
  'logParagraphs',
  'linksPerKChar',
  'controlsPerKChar',
  'bestChildShare',
  'logChildren',
  'alikeSiblings',
  'position',
  'tagArticle',
  'tagMain',
  'tagSection',
  'tagBody',
  'tagDiv',
  'tagItem',
  'positive',
  'holdsH1',
  'rulesHoldsH1',
  'article',
  'discussion',
  'deltaLogGood',
  'deltaLinkDensity',
  'deltaParagraphsPerKChar',
  'deltaLinksPerKChar',
] as const;

/** The evidence the rules read (issue #25 item 1): teasers, headline, marked body, vocabulary, the lead. */
const EVIDENCE_FEATURES = [
  'teaserShare',
  'rulesTeaserShare',
  'deltaTeaserShare',
  'h1Up',
  'besideH1',
  'h1Before',
  'hasEvidence',
  'holdsEvidence',
  'insideEvidence',
  'evidenceShare',
  'rulesHoldsEvidence',
  'vocabularyShare',
  'deltaVocabularyShare',
  'leadLogGood',
  'leadLinkDensity',
  'leadTeaser',
] as const;

export const ROOT_FEATURES = [...SIZE_FEATURES, ...EVIDENCE_FEATURES] as const;

/** What the features of every candidate compare with: the rules' root and the page's headline and marked body. */
interface EvidenceContext {
  rules: NodeStats;
  h1: NodeStats | null;
  evidence: NodeStats | null;
  rulesTeaser: number;
  rulesVocabulary: number;
}

/** The candidates around the rules' root, each with its features; the rules' root first. */
export function rootCandidates(tree: MeasuredTree, rules: NodeStats, page: LearnedRootPage): RootCandidate[] {
  const ctx: EvidenceContext = {
    rules,
    h1: findTitleHeading(tree),
    evidence: findBodyEvidence(tree.preorder, page.hints?.articleBody),
    rulesTeaser: teaserGood(rules),
    rulesVocabulary: vocabularyText(rules),
  };
  const base: SizeContext = {
    tree,
    page,
    rulesDepth: depthOf(rules),
    rulesLinkDensity: linkDensity(rules),
    rulesHoldsH1: holds(rules, ctx.h1),
    size: Math.max(1, tree.preorder.length),
  };
  return listCandidates(tree, rules).map((s) => {
    const related = s === rules || isInside(rules, s) || isInside(s, rules);
    // what moving the root there adds (to an ancestor) or leaves out (to a descendant): the text in between
    const outer = related && isInside(s, rules) ? rules : s;
    const inner = outer === s ? rules : s;
    const all = {
      ...sizeValues(s, related, base, ctx),
      ...deltaValues(related, outer, inner),
      ...evidenceValues(s, related ? outer : s, related ? inner : s, ctx),
    };
    return { node: s, features: ROOT_FEATURES.map((f) => all[f]) };
  });
}

/** What the size features of every candidate compare with, besides the rules' root: the page and its tree. */
interface SizeContext {
  tree: MeasuredTree;
  page: LearnedRootPage;
  rulesDepth: number;
  rulesLinkDensity: number;
  rulesHoldsH1: number;
  /** The number of blocks in the tree (a candidate's position is its order over it). */
  size: number;
}

/** The features of what moving the root adds or leaves out (see SIZE_FEATURES). */
type DeltaFeature = 'deltaLogGood' | 'deltaLinkDensity' | 'deltaParagraphsPerKChar' | 'deltaLinksPerKChar';

/** The size features of candidate `s` but the deltas (see deltaValues). */
function sizeValues(
  s: NodeStats,
  related: boolean,
  base: SizeContext,
  ctx: EvidenceContext,
): Record<Exclude<(typeof SIZE_FEATURES)[number], DeltaFeature>, number> {
  const { rules } = ctx;
  const d = depthOf(s) - base.rulesDepth;
  const best = largestChild(s);
  const kChars = Math.max(1, s.text) / 1000;
  return {
    up: related && d < 0 ? -d : 0,
    down: related && d > 0 ? d : 0,
    elsewhere: related ? 0 : 1,
    logGood: Math.log1p(s.good),
    goodVsRules: Math.log((s.good + 1) / (rules.good + 1)),
    goodVsPage: s.good / Math.max(1, base.tree.root.good),
    linkDensity: linkDensity(s),
    rulesLinkDensity: base.rulesLinkDensity,
    logParagraphs: Math.log1p(s.paragraphs),
    linksPerKChar: Math.min(50, s.links / kChars),
    controlsPerKChar: Math.min(50, s.controls / kChars),
    bestChildShare: best === null ? 0 : best.good / Math.max(1, s.good),
    logChildren: Math.log1p(s.children.filter((c) => c.good > 0).length),
    alikeSiblings: Math.log1p(alikeSiblings(s)),
    position: s.order / base.size,
    ...tagValues(s),
    holdsH1: holds(s, ctx.h1),
    rulesHoldsH1: base.rulesHoldsH1,
    article: base.page.article ? 1 : 0,
    discussion: base.page.discussion ? 1 : 0,
  };
}

/** The features that say what kind of block a candidate is: its tag, role and label. */
function tagValues(
  s: NodeStats,
): Record<'tagArticle' | 'tagMain' | 'tagSection' | 'tagBody' | 'tagDiv' | 'tagItem' | 'positive', number> {
  const tag = s.el.localName;
  return {
    tagArticle: tag === 'article' ? 1 : 0,
    tagMain: tag === 'main' || s.role === 'main' ? 1 : 0,
    tagSection: tag === 'section' ? 1 : 0,
    tagBody: s.parent === null ? 1 : 0,
    tagDiv: tag === 'div' ? 1 : 0,
    tagItem: tag === 'li' || tag === 'td' || tag === 'tr' ? 1 : 0,
    positive: s.positive ? 1 : 0,
  };
}

/** The text between `outer` and `inner` (nothing for a candidate in another branch): how much good text, how dense
 *  in links and paragraphs. */
function deltaValues(related: boolean, outer: NodeStats, inner: NodeStats): Record<DeltaFeature, number> {
  if (!related) return { deltaLogGood: 0, deltaLinkDensity: 0, deltaParagraphsPerKChar: 0, deltaLinksPerKChar: 0 };
  const between = Math.max(0, outer.text - inner.text);
  const betweenK = Math.max(1, between) / 1000;
  return {
    deltaLogGood: Math.log1p(Math.abs(outer.good - inner.good)),
    deltaLinkDensity: Math.max(0, outer.linkText - inner.linkText) / Math.max(1, between),
    deltaParagraphsPerKChar: Math.min(50, Math.max(0, outer.paragraphs - inner.paragraphs) / betweenK),
    deltaLinksPerKChar: Math.min(50, Math.max(0, outer.links - inner.links) / betweenK),
  };
}

/** The rules' root, up to MAX_UP ancestors, the chain of largest children, the largest landmarks. */
function listCandidates(tree: MeasuredTree, rules: NodeStats): NodeStats[] {
  const nodes: NodeStats[] = [rules];
  const add = (s: NodeStats | null): void => {
    if (s !== null && s.good >= MIN_GOOD && s.junk === 0 && !nodes.includes(s)) nodes.push(s);
  };
  let up = rules.parent;
  for (let i = 0; i < MAX_UP && up !== null; i++, up = up.parent) add(up);
  let down: NodeStats | null = rules;
  for (let i = 0; i < MAX_DOWN && down !== null; i++) {
    down = largestChild(down);
    add(down);
  }
  const landmarks = tree.preorder
    .filter((s) => (s.el.localName === 'article' || s.el.localName === 'main') && s.good >= MIN_GOOD && !inChrome(s))
    .sort((a, b) => b.good - a.good)
    .slice(0, MAX_LANDMARKS);
  for (const s of landmarks) add(s);
  return nodes;
}

/** The evidence features of candidate `s`; `outer` / `inner` bound the text a move adds or leaves out (both `s` for
 *  a candidate in another branch: nothing in between). */
function evidenceValues(
  s: NodeStats,
  outer: NodeStats,
  inner: NodeStats,
  ctx: EvidenceContext,
): Record<(typeof EVIDENCE_FEATURES)[number], number> {
  const { rules, h1, evidence } = ctx;
  const teaser = s === rules ? ctx.rulesTeaser : teaserGood(s);
  const vocabulary = s === rules ? ctx.rulesVocabulary : vocabularyText(s);
  // the teaser and vocabulary text of the in-between part: the outer block's less the inner one's
  const other = (mine: number, theirs: number, b: NodeStats): number => (b === s ? mine : theirs);
  const betweenGood = Math.max(0, outer.good - inner.good);
  const between = Math.max(0, outer.text - inner.text);
  const betweenTeaser = other(teaser, ctx.rulesTeaser, outer) - other(teaser, ctx.rulesTeaser, inner);
  const betweenVocabulary =
    other(vocabulary, ctx.rulesVocabulary, outer) - other(vocabulary, ctx.rulesVocabulary, inner);
  const lead = leadBefore(s);
  return {
    teaserShare: teaser / Math.max(1, s.good),
    rulesTeaserShare: ctx.rulesTeaser / Math.max(1, rules.good),
    deltaTeaserShare: betweenGood > 0 ? Math.min(1, Math.max(0, betweenTeaser) / betweenGood) : 0,
    h1Up: levelsUpTo(s, h1),
    besideH1: h1 !== null && holds(s, h1) === 0 && s.parent !== null && holds(s.parent, h1) === 1 ? 1 : 0,
    h1Before: h1 !== null && h1.order < s.order ? 1 : 0,
    hasEvidence: evidence === null ? 0 : 1,
    holdsEvidence: holds(s, evidence),
    insideEvidence: evidence !== null && s !== evidence && isInside(s, evidence) ? 1 : 0,
    evidenceShare: evidence !== null && holds(s, evidence) === 1 ? evidence.text / Math.max(1, s.text) : 0,
    rulesHoldsEvidence: holds(rules, evidence),
    vocabularyShare: vocabulary / Math.max(1, s.text),
    deltaVocabularyShare: between > 0 ? Math.min(1, Math.max(0, betweenVocabulary) / between) : 0,
    leadLogGood: lead === null ? 0 : Math.log1p(lead.good),
    leadLinkDensity: lead === null ? 0 : linkDensity(lead),
    leadTeaser: lead !== null && isTeaserBlock(lead) ? 1 : 0,
  };
}

/** The model's probability that a candidate's text matches the main text better than the rules' root does. */
export function scoreCandidate(model: RootModel, features: readonly number[]): number {
  let z = model.bias;
  const lin = model.linear;
  if (lin !== undefined) {
    for (let i = 0; i < lin.weights.length; i++) {
      z += (lin.weights[i] * ((features[i] ?? 0) - lin.mean[i])) / lin.scale[i];
    }
  }
  const st = model.stumps;
  if (st !== undefined) {
    for (let i = 0; i < st.feature.length; i++) {
      z += (features[st.feature[i]] ?? 0) <= st.split[i] ? st.left[i] : st.right[i];
    }
  }
  return 1 / (1 + Math.exp(-z));
}

/** The rules' root, or the candidate the model is confident about (the most probable one above its threshold). */
export function learnedRoot(
  tree: MeasuredTree,
  rules: NodeStats,
  page: LearnedRootPage,
  options: LearnedRootOptions = {},
  trace?: TraceSink,
): NodeStats {
  const model = options.model ?? SHIPPED_MODEL;
  const candidates = rootCandidates(tree, rules, page);
  const forced = options.onCandidates?.(rules, candidates);
  if (forced !== undefined) return candidates[forced]?.node ?? rules;
  let pick = rules;
  let pickScore = model.threshold;
  for (const c of candidates.slice(1)) {
    const p = scoreCandidate(model, c.features);
    if (p > pickScore) (pick = c.node), (pickScore = p);
  }
  if (pick !== rules) {
    trace?.push(`learned root ${describe(pick)} (p=${pickScore.toFixed(2)}) instead of ${describe(rules)}`);
  }
  return pick;
}

function largestChild(s: NodeStats): NodeStats | null {
  let best: NodeStats | null = null;
  for (const c of s.children) if (c.junk === 0 && c.good > 0 && (best === null || c.good > best.good)) best = c;
  return best;
}

/** Levels from `s` up to the block holding `inner` (0: `s` holds it; FAR when there is none or it is far). */
function levelsUpTo(s: NodeStats, inner: NodeStats | null): number {
  if (inner === null) return FAR;
  let d = 0;
  for (let a: NodeStats | null = s; a !== null && d < FAR; a = a.parent, d++) if (holds(a, inner) === 1) return d;
  return FAR;
}

/** The block with text just before `s` among its siblings: a lead or standfirst, or a teaser strip. */
function leadBefore(s: NodeStats): NodeStats | null {
  if (s.parent === null) return null;
  let lead: NodeStats | null = null;
  for (const c of s.parent.children) {
    if (c === s) return lead;
    if (c.junk === 0 && c.good > 0) lead = c;
  }
  return null;
}

/** Characters of the blocks in `s` that the vocabulary rule would drop (calls to action in every language, the
 *  concept the model was trained with), found by running that rule on a scratch set. */
function vocabularyText(s: NodeStats): number {
  const found = new Set<NodeStats>();
  dropVocabularyBoilerplate(s, found, 'callToAction', { on: ALL_ON });
  let n = 0;
  for (const b of found) n += b.text;
  return n;
}
const ALL_ON = (): boolean => true;

function depthOf(s: NodeStats): number {
  let d = 0;
  for (let p = s.parent; p !== null; p = p.parent) d++;
  return d;
}

function linkDensity(s: NodeStats): number {
  return s.linkText / Math.max(1, s.text);
}

function holds(s: NodeStats, inner: NodeStats | null): number {
  return inner !== null && (inner === s || isInside(inner, s)) ? 1 : 0;
}

/** Siblings of `s` with its tag and class: posts or items of a group. */
function alikeSiblings(s: NodeStats): number {
  if (s.parent === null) return 0;
  const sig = signature(s);
  let n = 0;
  for (const c of s.parent.children) if (c !== s && c.good > 0 && signature(c) === sig) n++;
  return n;
}
