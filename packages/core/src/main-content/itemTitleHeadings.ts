// Rule 'item-title-headings' (a switch inside pruneBlocks' walk): inside an item of a repeated group (a post in a
// blog's list, a product card, a result), a block that opens with a heading whose text is a link is the item's
// title: the item stays, so its name stays with it. The link-dense test alone read such a block (a linked `<h3>`,
// a linked `<h1>` with the post's date under it) as a menu, and the item kept its price or summary without its
// name. Measured on WCXB dev-tune site halves (issue #25, docs/decisions.md "item titles").
import { isHeading } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import { ITEM_TITLE_BLOCK_MAX_CHARS, ITEM_TITLE_HEADING_LINK_SHARE } from './tunables.js';

/** How many levels of first children the heading may sit under (a title wrapper, a link around the heading). */
const OPENING_DEPTH = 2;

/** True when `s`, inside the item `item`, is short and opens with a heading made mostly of link text. */
export function isItemTitleHeading(s: NodeStats, item: NodeStats | null): boolean {
  if (item === null || s === item || s.text === 0 || s.text > ITEM_TITLE_BLOCK_MAX_CHARS) return false;
  const heading = openingHeading(s);
  return heading !== null && heading.text > 0 && heading.linkText >= ITEM_TITLE_HEADING_LINK_SHARE * heading.text;
}

/** The heading `s` is or opens with: down its first child with text, at most OPENING_DEPTH levels. */
function openingHeading(s: NodeStats): NodeStats | null {
  let node: NodeStats | undefined = s;
  for (let depth = 0; node !== undefined && depth <= OPENING_DEPTH; depth++) {
    if (isHeading(node.el)) return node;
    node = node.children.find((c) => c.text > 0);
  }
  return null;
}
