// A single product's page has one button that puts the product in a cart; a listing has one per card. Pages without
// product markup (no JSON-LD Product, no og:type product) are recognised as product pages by that one button.
import type { MeasuredTree, NodeStats } from './measureTree.js';

/** Labels of the button that puts a product in a cart. */
const BUY_ACTION = /^(add to (cart|bag|basket|trolley)|buy (it )?now|add to order|pre-?order( now)?)\b/i;
/** Action labels are short; longer texts only mention buying. */
const ACTION_MAX_CHARS = 30;

/** Whether the page's visible buttons include exactly one buy action (see BUY_ACTION). */
export function hasSingleBuyAction(tree: MeasuredTree): boolean {
  return countBuyActions(tree, 2) === 1;
}

/** How many buy actions the page's visible buttons include, counting no further than `limit`. */
export function countBuyActions(tree: MeasuredTree, limit: number): number {
  let found = 0;
  for (const s of tree.preorder) if (isBuyAction(s) && ++found >= limit) break;
  return found;
}

function isBuyAction(s: NodeStats): boolean {
  const tag = s.el.localName;
  if (tag !== 'button' && tag !== 'input') return false;
  if (s.text > ACTION_MAX_CHARS) return false;
  const label = tag === 'input' ? (s.el.getAttribute('type') === 'submit' ? (s.el.getAttribute('value') ?? '') : '') : (s.el.textContent ?? '');
  return BUY_ACTION.test(label.replace(/\s+/g, ' ').trim());
}
