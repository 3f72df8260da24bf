// The shapes of list items that the block walker (pruneBlocks.ts) protects: a block that is, wraps or heads an item
// of a list (a card's title, its price, its swatches) belongs to the item, however many links or buttons it holds.
import { firstDescendantWhere } from '../html/elementQueries.js';
import { isHeading } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import { signature } from './nodeNames.js';
import { PRICE_TEXT } from './priceText.js';
import { plain } from './treeRelations.js';
import {
  CARD_MAX_CHARS,
  DIRECTORY_ITEM_MIN_CHARS,
  DIRECTORY_MIN_ITEMS,
  ITEM_MIN_CHARS,
  ITEM_SEARCH_DEPTH,
  ITEM_TITLE_LINK_SHARE,
  ITEM_WRAPPER_SHARE,
  REPEATED_ITEM_MIN,
} from './tunables.js';
import { wholeText } from './textPieces.js';

/** Inside a list item, a block with the item's heading is its text (title, price) beside a quick-buy form, whose
 *  controls go by themselves (selects and short buttons are chrome tags). */
export function holdsItemHeading(s: NodeStats, item: NodeStats | null): boolean {
  return (
    item !== null && item.text <= CARD_MAX_CHARS && s.paragraphs > 0 && firstDescendantWhere(s.el, isHeading) !== null
  );
}

/** Inside a list item, a block showing a price beside its swatches and buttons is the card's name and price over
 *  a quick-buy form, as with a heading above. */
export function holdsItemPrice(s: NodeStats, item: NodeStats | null): boolean {
  return item !== null && item.text <= CARD_MAX_CHARS && s.text > 0 && PRICE_TEXT.test(wholeText(s));
}

/** Inside a list item without a heading (a row of a ranking, a result line), the block holding most of the item's
 *  link text is its title, a link by nature: the item's name, not a menu. */
export function holdsItemTitle(s: NodeStats, item: NodeStats | null): boolean {
  if (item === null || item.text > CARD_MAX_CHARS || s.linkText < ITEM_TITLE_LINK_SHARE * item.linkText) return false;
  return firstDescendantWhere(item.el, isHeading) === null;
}

/** Inside a product card (it shows a price), a block that is only a heading (one paragraph-like block, a heading) is
 *  the product's name, a link by nature; a menu column has a heading over several links and no price. */
export function isCardHeading(s: NodeStats, item: NodeStats | null): boolean {
  if (item === null || item.text > CARD_MAX_CHARS || s.paragraphs !== 1) return false;
  if (!/^h[1-6]$/.test(s.el.localName) && s.el.querySelector('h1, h2, h3, h4, h5, h6') === null) return false;
  return PRICE_TEXT.test(wholeText(item));
}

/** A list item showing a price, one of several items of its list, is a shop card with its swatches and buttons, even
 *  when the shop stamps each card with its own classes (so that the cards' signatures differ). */
export function isPricedListItem(s: NodeStats, listItems: number): boolean {
  return s.el.localName === 'li' && listItems >= REPEATED_ITEM_MIN && holdsItemPrice(s, s);
}

/** Whether `s` holds nearly all of the text of the list item it sits in (see ITEM_WRAPPER_SHARE). */
export function wrapsItem(s: NodeStats, item: NodeStats | null): boolean {
  return item !== null && s.text >= ITEM_WRAPPER_SHARE * item.text;
}

/** A block that is (or wraps, through single children) a list of at least REPEATED_ITEM_MIN similar siblings with
 *  text each: cards of a grid or posts, whose buttons (sizes, "add to cart", votes) belong to the items. */
export function holdsItems(s: NodeStats): boolean {
  let node = s;
  for (let depth = 0; depth < ITEM_SEARCH_DEPTH; depth++) {
    if (hasRepeatedItems(node)) return true;
    let next: NodeStats | null = null;
    for (const c of node.children) if (c.text > 0) next = next === null ? c : null;
    if (next === null) return false;
    node = next;
  }
  return false;
}

/** Whether at least REPEATED_ITEM_MIN children with text of their own (or a price) are alike. */
function hasRepeatedItems(node: NodeStats): boolean {
  const counts = new Map<string, number>();
  for (const c of node.children) {
    if (c.text < ITEM_MIN_CHARS || (c.text - c.linkText < ITEM_MIN_CHARS && !PRICE_TEXT.test(wholeText(c)))) continue;
    // a list's items are alike by nature, whatever classes name each one (shops stamp each card with its product)
    const sig = c.el.localName === 'li' ? 'li' : signature(c);
    const n = (counts.get(sig) ?? 0) + 1;
    if (n >= REPEATED_ITEM_MIN) return true;
    counts.set(sig, n);
  }
  return false;
}

/** A list whose every item says something beside its link (a phone number, an address, a note after the name) is a
 *  directory the page lists, not a menu: a menu's items are their links. */
export function isDirectoryList(s: NodeStats): boolean {
  const tag = s.el.localName;
  if ((tag !== 'ul' && tag !== 'ol') || s.children.length < DIRECTORY_MIN_ITEMS) return false;
  for (const li of s.children) if (li.el.localName !== 'li' || plain(li) < DIRECTORY_ITEM_MIN_CHARS) return false;
  return true;
}
