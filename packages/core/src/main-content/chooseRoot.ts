// Stage "choose the root": which element holds the page's main content, before any pruning.
//
// Contract. In: the measured tree with `good` computed (measureTree + computeGood: non-link text outside chrome per
// block), what the page says it is (article, discussion) and the hints read before cleaning (JSON-LD articleBody and
// headline, og:title). Out: one block of the tree, never one with no text unless the page has none. Reads nothing
// else and changes nothing. Each decision is one rule of MAIN_CONTENT_RULES (stage 'root'), named in the trace.
//
// 1. Descend from <body> (or the deepest explicit marker: <main>, #content) into the child holding nearly all of the
//    content text (DOMINANCE). The descent stops at a group of alike siblings, which are posts or items
//    (root-similar-siblings), unless on an article the alike sibling is a rail of other stories' teasers
//    (root-teaser-siblings, teaserCards.ts); it keeps the page's <h1> on pages that are no article
//    (root-keeps-title) and the <main> landmark (root-keeps-main).
// 2. The page's own word on its body moves the root there (body-evidence: itemprop=articleBody, JSON-LD articleBody).
//
// Tried and measured, not kept (see benchmarks/results/main-content-ablation.md): moving a root that sits beside the
// headline (the heading matching JSON-LD `headline` / og:title) into the headline's branch (a header column with an
// intro beside the body is no wrong branch: two dev pages lost, none won); reading alike grid rows as layout rather
// than posts (within noise on every corpus); leaving dated teasers of other stories out of the weighing on stories
// (no page of any corpus moved); on articles, taking the lead block before the body into the root (dev-tune
// articles: 4 pages won, 7 lost: the truth leaves bylines and decks out as often as it keeps a standfirst); where no
// child dominates, taking the branch with the page's one <h1> when teasers make up the text beside it (two tuning
// pages won, no frozen or held-out page moved: commit 2168996 has it); leaving blocks opened by a recommendation
// heading ("Recommended for You", not a table of contents) out of the weighing (one Readability tuning page and one
// dev-tune page won, three frozen pages on three sites lost, product and collection: commit bb6d3100 has it).
import type { ContentHints } from './collectContentHints.js';
import { findBodyEvidence, rootFromEvidence } from './findBodyEvidence.js';
import { isTeaserBlock } from './teaserCards.js';
import type { MeasuredTree, NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import type { RuleSwitch } from './ruleContext.js';
import { NO_TRACE, type Tracer } from './traceEvents.js';
import { inChrome, isInside } from './treeRelations.js';
import {
  DISCUSSION_DOMINANCE,
  DOMINANCE,
  LABELLED_DOMINANCE,
  MAIN_KEEP_SHARE,
  MAIN_MIN_CHARS,
  MARKER_MIN_SHARE,
  SIMILAR_MIN_CHARS,
  SIMILAR_MIN_COUNT,
  SIMILAR_MIN_COUNT_CHARS,
  SIMILAR_MIN_SHARE,
} from './tunables.js';

/** Ids that authors use to mark the main content explicitly. */
const MARKER_IDS = new Set([
  'main',
  'content',
  'main-content',
  'maincontent',
  'main_content',
  'primary',
  'page-content',
]);
export interface RootContext {
  /** og:type or JSON-LD name an article. */
  article: boolean;
  /** The page is a thread (posts, replies). */
  discussion: boolean;
  hints?: ContentHints;
}

export function chooseRoot(
  tree: MeasuredTree,
  page: RootContext,
  on: RuleSwitch,
  tracer: Tracer = NO_TRACE,
): NodeStats {
  let root = descend(tree, tree.root, page, on, tracer);
  if (root.good === 0) root = tree.root;
  const evidence = on('body-evidence') ? findBodyEvidence(tree.preorder, page.hints?.articleBody) : null;
  if (evidence !== null && evidence !== root && !page.discussion) {
    const chosen = rootFromEvidence(root, evidence, signature);
    if (chosen !== root) {
      tracer
        .sink('root', 'body-evidence')
        ?.push(
          `root ${describe(chosen)}: the page marks its article body there (${describe(evidence)}), ` +
            `not ${describe(root)}`,
        );
    }
    return chosen;
  }
  return root;
}

/** The descent of step 1 from `start` (or a marker below it). */
function descend(tree: MeasuredTree, start: NodeStats, page: RootContext, on: RuleSwitch, tracer: Tracer): NodeStats {
  const dominance = page.discussion ? DISCUSSION_DOMINANCE : DOMINANCE;
  let node = start;
  // Article bodies are usually one block below the title; keeping the title there only adds bylines and share bars.
  const title = page.article ? null : findTitleHeading(tree);
  const main = mainLandmark(tree);
  // Start from the deepest explicit marker that still holds a fair share of the content.
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk === 0 && s.good >= MARKER_MIN_SHARE * start.good && isMarker(s) && isInside(s, node)) node = s;
  }
  for (;;) {
    const best = dominantChild(node, dominance, tracer);
    if (best === null) return node;
    if (isPostGroup(node, best, page, on, tracer) || keepsLandmark(node, best, title, main, on, tracer)) return node;
    node = best;
  }
}

/** The child of `node` with the most good text when it holds enough of `node`'s (`dominance`, less for a child
 *  labelled as content); null (traced) where the descent stops. */
function dominantChild(node: NodeStats, dominance: number, tracer: Tracer): NodeStats | null {
  let best: NodeStats | null = null;
  for (let i = 0; i < node.children.length; i++) {
    const c = node.children[i];
    if (c.junk === 0 && (best === null || c.good > best.good)) best = c;
  }
  const needed = best?.positive ? Math.min(dominance, LABELLED_DOMINANCE) : dominance;
  const bestGood = best?.good ?? 0;
  if (best === null || bestGood < needed * node.good || best.good === 0) {
    const about = best ? describe(best) : '-';
    tracer
      .sink('root', 'dominance')
      ?.push(`root ${describe(node)} good=${node.good} (best child ${about} good=${best?.good ?? 0})`);
    return null;
  }
  return best;
}

/** Whether `best` stands among like siblings (posts, results) that hold much of `node`'s text: then `node` is the
 *  root, the group's parent. */
function isPostGroup(node: NodeStats, best: NodeStats, page: RootContext, on: RuleSwitch, tracer: Tracer): boolean {
  const sig = signature(best);
  // on threads the first post often carries extra classes ("message threadAuthor"): its replies are still alike
  const bestClasses = !page.discussion || best.cls === '' ? null : new Set(best.cls.replace(/\d+/g, '').split(/\s+/));
  let similar = 0;
  let similarCount = 0;
  // a story's column beside a rail of other stories' teasers is no group of posts (teaserCards.ts)
  let story: boolean | undefined;
  let rails = 0;
  for (let i = 0; i < node.children.length; i++) {
    const c = node.children[i];
    if (c === best || c.junk !== 0 || (signature(c) !== sig && !addsClasses(bestClasses, best, c))) continue;
    story ??= on('root-teaser-siblings') && page.article && !page.discussion && !isTeaserBlock(best);
    if (story && c.good >= SIMILAR_MIN_COUNT_CHARS && isTeaserBlock(c)) {
      rails++;
      continue;
    }
    if (c.good >= SIMILAR_MIN_CHARS) similar += c.good;
    if (c.good >= SIMILAR_MIN_COUNT_CHARS) similarCount++;
  }
  const group = similar >= SIMILAR_MIN_SHARE * node.good || similarCount >= SIMILAR_MIN_COUNT;
  if (rails > 0 && !group)
    tracer
      .sink('root', 'root-teaser-siblings')
      ?.push(`${rails} block(s) ${sig} beside ${describe(best)} are teasers of other stories: no group of posts`);
  if (!on('root-similar-siblings') || !group) return false;
  tracer
    .sink('root', 'root-similar-siblings')
    ?.push(`root ${describe(node)} good=${node.good} (similar siblings ${sig} good=${similar})`);
  return true;
}

/** Whether descending from `node` to `best` would leave out the page's title heading or its main landmark. */
function keepsLandmark(
  node: NodeStats,
  best: NodeStats,
  title: NodeStats | null,
  main: NodeStats | null,
  on: RuleSwitch,
  tracer: Tracer,
): boolean {
  // The page's title heading marks where the content starts: a root that leaves it out is too small
  // (a product's description without its name, price and specs).
  if (title !== null && on('root-keeps-title') && isInside(title, node) && !isInside(title, best) && title !== best) {
    tracer.sink('root', 'root-keeps-title')?.push(`root ${describe(node)} good=${node.good} (keeps the title heading)`);
    return true;
  }
  // Likewise the page's main landmark: a root beside it (an archive's intro above the <main> of its posts) is too
  // small.
  if (
    main !== null &&
    on('root-keeps-main') &&
    main.good >= MAIN_KEEP_SHARE * node.good &&
    isInside(main, node) &&
    main !== best &&
    !isInside(main, best) &&
    !isInside(best, main)
  ) {
    tracer.sink('root', 'root-keeps-main')?.push(`root ${describe(node)} good=${node.good} (keeps the main landmark)`);
    return true;
  }
  return false;
}

/** Whether `best` is `c` with classes added (the thread's first post: "message threadAuthor" beside "message"):
 *  same tag, and every class of `c` in `best`'s list. */
function addsClasses(bestClasses: Set<string> | null, best: NodeStats, c: NodeStats): boolean {
  if (bestClasses === null || c.cls === '' || c.el.localName !== best.el.localName) return false;
  for (const k of c.cls.replace(/\d+/g, '').split(/\s+/)) if (k !== '' && !bestClasses.has(k)) return false;
  return true;
}

function isMarker(s: NodeStats): boolean {
  const el = s.el;
  if (el.localName === 'main' || el.getAttribute('role') === 'main') return true;
  const id = el.getAttribute('id');
  return id !== null && MARKER_IDS.has(id.toLowerCase());
}

/** The page's headline: its first <h1> with text outside chrome. */
export function findTitleHeading(tree: MeasuredTree): NodeStats | null {
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.el.localName !== 'h1' || s.text === 0) continue;
    if (!inChrome(s)) return s;
  }
  return null;
}

/** The page's <main> (or role=main) when it holds a fair amount of text of its own (see MAIN_MIN_CHARS): a footer or
 *  sidebar outside it that holds more text (pages of footnotes, a long disclaimer) is still chrome. */
export function mainLandmark(tree: MeasuredTree): NodeStats | null {
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.el.localName !== 'main' && s.role !== 'main') continue;
    if (s.good < MAIN_MIN_CHARS) continue;
    if (!inChrome(s)) return s;
  }
  return null;
}
