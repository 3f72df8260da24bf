// A product page's own description block as its root. The descent stops at the block that holds the product's name,
// gallery, buy box and the panels beside them (shipping, FAQ, the shop's service blurb); where the shop labels one
// block of that root as the product's description (`tab-description`, `product-description`, `desc`) and that block
// holds a fair share of the root's text, but not nearly all of it, the description is what the page is about.
import { DESCRIPTION_WORDS } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import { DESCRIPTION_MAX_SHARE, DESCRIPTION_MIN_SHARE } from './tunables.js';

const WORD_SPLIT = /[^a-z]+/;

function labelled(s: NodeStats): boolean {
  const label = `${s.cls} ${s.el.getAttribute('id') ?? ''}`.toLowerCase();
  if (!label.includes('desc')) return false; // most blocks: no split
  for (const word of label.split(WORD_SPLIT)) if (DESCRIPTION_WORDS.has(word)) return true;
  return false;
}

/** The block under `root` labelled as the description that holds between DESCRIPTION_MIN_SHARE and
 *  DESCRIPTION_MAX_SHARE of the root's content text (the outermost such block with the most text), or null. */
export function findProductDescription(root: NodeStats): NodeStats | null {
  if (root.good === 0) return null;
  let best: NodeStats | null = null;
  const stack = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.good < DESCRIPTION_MIN_SHARE * root.good) continue; // nothing below holds more
    if (s.junk === 0 && labelled(s)) {
      if (s.good <= DESCRIPTION_MAX_SHARE * root.good && (best === null || s.good > best.good)) best = s;
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  return best;
}
