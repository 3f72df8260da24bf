// Prune rule 'teaser-strips' (product pages): groups of similar short sibling cards that each show a link and a price
// are strips of other products.
import { groupChildren } from './groupChildren.js';
import type { NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import { PRICE_TEXT } from './priceText.js';
import type { TraceSink } from './traceEvents.js';
import { TEASER_MAX_CHARS, TEASER_MAX_SHARE, TEASER_MIN_ITEMS, TEASER_PAIR } from './tunables.js';
import { wholeText } from './textPieces.js';

/** On product pages, drops groups of similar short sibling cards that each hold a link and a price (see
 *  TEASER_MIN_ITEMS): the page's own product is one, the cards (with a link or a picture each) are other products. */
export function dropTeaserStrips(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const limit = TEASER_MAX_SHARE * root.text;
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (s.children.length >= TEASER_PAIR && s.text <= limit && dropProductCards(s, removed, trace)) continue;
    for (const c of s.children) stack.push(c);
  }
}

/** Drops the groups of short like cards under `s` that show a link and a price each; true if one was dropped. */
function dropProductCards(s: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): boolean {
  const groups = groupChildren(s, signature, (c) => c.text > 0 && c.text <= TEASER_MAX_CHARS);
  let dropped = false;
  for (const [sig, g] of groups) {
    if (g.length < TEASER_PAIR) continue;
    let priced = 0;
    // a pair of cards (a bundle, "pairs well with") must show each product fully: a picture and a link
    const card = g.length < TEASER_MIN_ITEMS ? 'a[href] img, img ~ a[href], a[href] ~ img' : 'a[href], img';
    for (const c of g) if (PRICE_TEXT.test(wholeText(c)) && c.el.querySelector(card) !== null) priced++;
    if (priced < Math.min(TEASER_MIN_ITEMS, g.length) || priced < 0.6 * g.length) continue;
    for (const c of g) removed.add(c);
    trace?.push(`drop ${g.length} cards ${sig} under ${describe(s)}: a strip of other products (link + price each)`);
    dropped = true;
  }
  return dropped;
}
