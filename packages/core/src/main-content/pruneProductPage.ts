// Extra pruning for a single product's page: what a shopper reads there is the product (name, price, description,
// specifications), not what other shoppers wrote about it. (Text only screen readers get is invisible on every page:
// see isHidden in measureTree.ts.)
import { READER_WORDS } from './classHints.js';
import type { NodeStats } from './measureTree.js';

/** A block with this many siblings of its tag and class is an item of a list (testimonial cards): a page's own list. */
const LIST_ITEM_MIN = 3;

/**
 * Drops, inside the root of a product page, blocks labelled as customer reviews (however large a part of the root
 * they are: on a product page the root is often small beside its reviews). Blocks that
 * relabelling already made content (a review snippet in every card of a grid) are left alone. Extends `removed`.
 */
export function pruneProductPage(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    let why: string | null = null;
    if (s.junk === 'soft' && READER_WORDS.has(s.junkWord ?? '') && !isListItem(s)) why = 'customer reviews on a product page';
    if (why !== null) {
      removed.add(s);
      trace?.push(`drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} text=${s.text}: ${why}`);
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
}

function isListItem(s: NodeStats): boolean {
  if (s.parent === null) return false;
  let same = 0;
  for (const c of s.parent.children) if (c.text > 0 && c.el.localName === s.el.localName && c.cls === s.cls) same++;
  return same >= LIST_ITEM_MIN;
}
