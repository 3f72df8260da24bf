// A single product's page has one button that puts the product in a cart; a listing has one per card. Pages without
// product markup (no JSON-LD Product, no og:type product) are recognised as product pages by that one button, or by the
// same button shown twice in unlike blocks (the main one and its copy in a sticky bar).
import type { MeasuredTree, NodeStats } from './measureTree.js';
import { ACTION_MAX_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** Labels of the button that puts a product in a cart. */
const BUY_ACTION = /^(add to (cart|bag|basket|trolley)|buy (it )?now|add to order|pre-?order( now)?)\b/i;

/** How many buy actions the page's visible buttons include, counting no further than `limit`. */
export function countBuyActions(tree: MeasuredTree, limit: number): number {
  let found = 0;
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (isBuyAction(s) && ++found >= limit) break;
  }
  return found;
}

/** Whether the page's buy actions are one product's: a single button, or the same label twice in blocks that are not
 *  alike (the main button and its copy in a sticky bar), unlike two cards of a listing. */
export function buysOneProduct(tree: MeasuredTree): boolean {
  const found: NodeStats[] = [];
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (isBuyAction(s) && found.push(s) > 2) return false;
  }
  if (found.length === 1) return true;
  if (found.length !== 2) return false;
  const [a, b] = found;
  // the children of their common ancestor that hold each: alike cards share tag and class
  const chainA: NodeStats[] = [];
  for (let x: NodeStats | null = a; x !== null; x = x.parent) chainA.push(x);
  let prevB: NodeStats = b;
  for (let y: NodeStats | null = b.parent; y !== null; prevB = y, y = y.parent) {
    const i = chainA.indexOf(y);
    if (i < 0) continue;
    const prevA = chainA[i - 1];
    return prevA.el.localName !== prevB.el.localName || prevA.cls !== prevB.cls;
  }
  return false;
}

function isBuyAction(s: NodeStats): boolean {
  const tag = s.el.localName;
  if (tag !== 'button' && tag !== 'input') return false;
  if (s.text > ACTION_MAX_CHARS) return false;
  const label =
    tag === 'input' ? (s.el.getAttribute('type') === 'submit' ? (s.el.getAttribute('value') ?? '') : '') : wholeText(s);
  return BUY_ACTION.test(label.replace(/\s+/g, ' ').trim());
}
