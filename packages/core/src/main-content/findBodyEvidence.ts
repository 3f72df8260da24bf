// The page's own word on where its article body is: an element marked itemprop="articleBody", or the element whose
// text is the JSON-LD articleBody. Either is stronger evidence than text shares, which teaser strips, mega-menus and
// author sliders can outweigh on a short article.
import type { NodeStats } from './measureTree.js';
import { isInside } from './treeRelations.js';
import { CANDIDATE_MIN_SHARE, EVIDENCE_MIN_CHARS, GROUP_MIN_ITEMS, LEAD_GROWTH, PROBE_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Lower-cased letters and digits only: markup, spacing and punctuation differ between JSON-LD and the page. */
function compact(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, '');
}

/** The article body the page marks itself, or null: the itemprop element with the most text, else the smallest
 *  element whose text holds both the start and the end of the JSON-LD articleBody. */
export function findBodyEvidence(preorder: readonly NodeStats[], articleBody: string | undefined): NodeStats | null {
  let marked: NodeStats | null = null;
  for (let i = 0; i < preorder.length; i++) {
    const s = preorder[i];
    const prop = s.itemprop;
    if (prop === null || !/(^|\s)articlebody(\s|$)/i.test(prop)) continue;
    if (marked === null || s.text > marked.text) marked = s;
  }
  if (marked !== null && marked.text - marked.linkText >= EVIDENCE_MIN_CHARS) return marked;
  if (articleBody === undefined) return null;
  const key = compact(articleBody);
  if (key.length < EVIDENCE_MIN_CHARS) return null;
  const head = key.slice(0, PROBE_CHARS);
  const tail = key.slice(-PROBE_CHARS);
  let best: NodeStats | null = null;
  // the blocks up to this pre-order index lie inside a block whose text misses the start or the end: so do theirs
  let skipUpTo = -1;
  for (let i = 0; i < preorder.length; i++) {
    const s = preorder[i];
    // (NodeStats.text counts punctuation too, so it is at least the letters' count of the same text)
    if (s.order <= skipUpTo || s.text < CANDIDATE_MIN_SHARE * key.length || (best !== null && s.text >= best.text))
      continue;
    // a smaller match elsewhere would be a copy: keep to the first chain
    if (best !== null && !isInside(s, best)) continue;
    const whole = wholeText(s);
    const text = compact(whole);
    if (text.includes(head) && text.includes(tail)) best = s;
    else if (!whole.includes(CAPITAL_SIGMA)) skipUpTo = lastDescendant(s).order;
  }
  return best;
}

/** A child's compacted text is a stretch of its parent's (its text is a stretch of the parent's, and lower-casing
 *  and the letter filter go character by character), so a block whose compacted text misses the probe has no
 *  descendant that holds it. One exception in toLowerCase: a capital sigma lowers to the final form at a word's end,
 *  which the text after a child's end can change; a text holding one is not skipped. */
const CAPITAL_SIGMA = '\u03a3';

function lastDescendant(s: NodeStats): NodeStats {
  let d = s;
  while (d.children.length > 0) d = d.children[d.children.length - 1];
  return d;
}

function isGroup(s: NodeStats, signature: (s: NodeStats) => string): boolean {
  const counts = new Map<string, number>();
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    if (c.text === 0) continue;
    const n = (counts.get(signature(c)) ?? 0) + 1;
    if (n >= GROUP_MIN_ITEMS) return true;
    counts.set(signature(c), n);
  }
  return false;
}

/** The root the evidence gives. A root inside the marked body stays (the descent found the body's core). A root
 *  elsewhere is in the wrong branch, unless it is a list of posts (the replies beside a thread's marked first post).
 *  A root holding the body and more holds sidebars and teasers beside it, unless the body is one of a group of like
 *  blocks (a thread's first post marked as the article): then the group is the content. The body takes the wrappers
 *  that add only its headline and lead (see LEAD_GROWTH). */
export function rootFromEvidence(root: NodeStats, evidence: NodeStats, signature: (s: NodeStats) => string): NodeStats {
  if (evidence === root || isInside(root, evidence)) return root;
  if (!isInside(evidence, root) && isGroup(root, signature)) return root; // a list of posts beside the marked one
  if (isInside(evidence, root)) {
    let top = evidence;
    while (top.parent !== root) top = top.parent!;
    const sig = signature(top);
    for (let i = 0; i < root.children.length; i++) {
      const c = root.children[i];
      if (c !== top && c.text > 0 && signature(c) === sig) return root;
    }
  }
  let r = evidence;
  while (r.parent !== null && r !== root && r.parent.text <= LEAD_GROWTH * evidence.text) r = r.parent;
  return r;
}
