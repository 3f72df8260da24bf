// Prune rule 'item-template-text': in a list of similar items (cards, posts, results), short link or button texts
// that recur in most items ("Quick View", "Compare", "Reply") and shop actions in cards come from the item template.
import { groupChildren } from './groupChildren.js';
import type { NodeStats } from './measureTree.js';
import { signature } from './nodeNames.js';
import { SHOP_ACTION } from './recommendationHeadings.js';
import { seenText, squeezedText } from './textPieces.js';
import { TEMPLATE_SKIP_TAGS } from './blockWords.js';
import type { TraceSink } from './traceEvents.js';
import {
  SENTENCE_MIN_CHARS,
  SHOP_ACTION_MAX_CHARS,
  SHOP_ACTION_MIN_CHARS,
  TEMPLATE_ITEM_SHARE,
  TEMPLATE_MAX_CHARS,
  TEMPLATE_MIN_ITEMS,
} from './tunables.js';

/** In a list of similar items (cards, posts, results), a short link or button text that recurs in most items
 *  ("Quick View", "Compare", "Reply", "See details") comes from the item template, not from the item: it goes. */
export function dropItemTemplateText(
  root: NodeStats,
  removed: Set<NodeStats>,
  inlineStay: boolean,
  trace?: TraceSink,
): void {
  const stack: NodeStats[] = [root];
  let actions = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (c.children.length > 0) stack.push(c);
    }
    if (
      s.children.length < TEMPLATE_MIN_ITEMS ||
      s.el.localName === 'tr' ||
      s.el.localName === 'tbody' ||
      s.el.localName === 'table'
    )
      continue;
    // only items holding a link or a control can hold template actions (keeps this pass cheap)
    const groups = groupChildren(s, signature, (c) => c.text > 0 && (c.links > 0 || c.controls > 0) && !removed.has(c));
    for (const items of groups.values()) {
      if (items.length >= TEMPLATE_MIN_ITEMS) actions += dropTemplateTexts(items, removed, inlineStay, trace);
    }
  }
  if (actions > 0) trace?.push(`drop ${actions} shop actions in cards ("Add to cart", "Compare"): item template text`);
}

/** The template's leaves of a group of items by text, and how many items hold each text. */
interface TemplateLeaves {
  leaves: Map<string, NodeStats[]>;
  perItem: Map<string, number>;
}

/** Drops the shop actions of a group of similar items and the action texts found in most of them; returns the
 *  number of shop actions dropped. */
function dropTemplateTexts(
  items: NodeStats[],
  removed: Set<NodeStats>,
  inlineStay: boolean,
  trace?: TraceSink,
): number {
  const found: TemplateLeaves = { leaves: new Map(), perItem: new Map() };
  let actions = 0;
  for (const item of items) actions += collectTemplateLeaves(item, removed, inlineStay, found);
  const needed = Math.max(TEMPLATE_MIN_ITEMS, TEMPLATE_ITEM_SHARE * items.length);
  for (const [key, count] of found.perItem) {
    if (count < needed) continue;
    for (const n of found.leaves.get(key)!) removed.add(n);
    trace?.push(`drop "${key}" in ${count} of ${items.length} items ${signature(items[0])}: item template text`);
  }
  return actions;
}

/** Walks one item: drops its shop actions (counted in the return value) and notes into `found` its action texts. */
function collectTemplateLeaves(
  item: NodeStats,
  removed: Set<NodeStats>,
  inlineStay: boolean,
  found: TemplateLeaves,
): number {
  let actions = 0;
  const seen = new Set<string>();
  const inner: Array<{ n: NodeStats; action: boolean }> = [{ n: item, action: isAction(item) }];
  while (inner.length > 0) {
    const { n, action } = inner.pop()!;
    // short blocks without links or controls are looked into too: a shop action may be a bare label
    if (
      n.text === 0 ||
      (n.links === 0 && n.controls === 0 && !action && n.text > SHOP_ACTION_MAX_CHARS) ||
      removed.has(n) ||
      TEMPLATE_SKIP_TAGS.has(n.el.localName)
    )
      continue;
    if (hasTextChild(n)) {
      for (let i = 0; i < n.children.length; i++) {
        const c = n.children[i];
        inner.push({ n: c, action: action || isAction(c) });
      }
      continue;
    }
    if (n !== item && isShopAction(n)) {
      removed.add(n);
      actions++;
      continue;
    }
    const key = templateKey(n, item, action, inlineStay);
    if (key === null) continue;
    const list = found.leaves.get(key);
    if (list) list.push(n);
    else found.leaves.set(key, [n]);
    if (!seen.has(key)) {
      seen.add(key);
      found.perItem.set(key, (found.perItem.get(key) ?? 0) + 1);
    }
  }
  return actions;
}

function hasTextChild(s: NodeStats): boolean {
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    if (c.text > 0) return true;
  }
  return false;
}

/** A leaf that reads as a shop action ("Add to cart", "Compare"). */
function isShopAction(n: NodeStats): boolean {
  return n.text >= SHOP_ACTION_MIN_CHARS && n.text <= SHOP_ACTION_MAX_CHARS && SHOP_ACTION.test(seenText(n.el));
}

/** The text by which a leaf of an item may be template text, or null where it cannot be. */
function templateKey(n: NodeStats, item: NodeStats, action: boolean, inlineStay: boolean): string | null {
  // only links and buttons: text shared by most items otherwise is shared data ("Full-time", "Free shipping")
  if (n === item || !action || n.text > TEMPLATE_MAX_CHARS) return null;
  // a link inside a sentence is a word of that sentence, however often the text links it (a keyword linked in
  // every paragraph): removing it would cut the sentence
  if (inlineStay && n.parent !== null && n.parent.ownGood >= SENTENCE_MIN_CHARS) return null;
  const key = squeezedText(n).toLowerCase();
  if (key === '' || key.endsWith(':')) return null; // a field label names the item's own value
  return key;
}

/** A short link, button or control label ("Compare" beside its checkbox); a card wrapped in one link is not an
 *  action. */
function isAction(s: NodeStats): boolean {
  if (s.text > TEMPLATE_MAX_CHARS) return false;
  const tag = s.el.localName;
  return tag === 'a' || tag === 'button' || tag === 'label' || s.role === 'button';
}
