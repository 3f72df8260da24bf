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
    for (const c of s.children) if (c.children.length > 0) stack.push(c);
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
      if (items.length < TEMPLATE_MIN_ITEMS) continue;
      const leaves = new Map<string, NodeStats[]>();
      const perItem = new Map<string, number>();
      for (const item of items) {
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
          let childText = false;
          for (const c of n.children) if (c.text > 0) childText = true;
          if (childText) {
            for (const c of n.children) inner.push({ n: c, action: action || isAction(c) });
            continue;
          }
          if (
            n !== item &&
            n.text >= SHOP_ACTION_MIN_CHARS &&
            n.text <= SHOP_ACTION_MAX_CHARS &&
            SHOP_ACTION.test(seenText(n.el))
          ) {
            removed.add(n);
            actions++;
            continue;
          }
          // only links and buttons: text shared by most items otherwise is shared data ("Full-time", "Free shipping")
          if (n === item || !action || n.text > TEMPLATE_MAX_CHARS) continue;
          // a link inside a sentence is a word of that sentence, however often the text links it (a keyword linked in
          // every paragraph): removing it would cut the sentence
          if (inlineStay && n.parent !== null && n.parent.ownGood >= SENTENCE_MIN_CHARS) continue;
          const key = squeezedText(n).toLowerCase();
          if (key === '' || key.endsWith(':')) continue; // a field label names the item's own value
          const list = leaves.get(key);
          if (list) list.push(n);
          else leaves.set(key, [n]);
          if (!seen.has(key)) {
            seen.add(key);
            perItem.set(key, (perItem.get(key) ?? 0) + 1);
          }
        }
      }
      const needed = Math.max(TEMPLATE_MIN_ITEMS, TEMPLATE_ITEM_SHARE * items.length);
      for (const [key, count] of perItem) {
        if (count < needed) continue;
        for (const n of leaves.get(key)!) removed.add(n);
        trace?.push(`drop "${key}" in ${count} of ${items.length} items ${signature(items[0])}: item template text`);
      }
    }
  }
  if (actions > 0) trace?.push(`drop ${actions} shop actions in cards ("Add to cart", "Compare"): item template text`);
}

/** A short link, button or control label ("Compare" beside its checkbox); a card wrapped in one link is not an
 *  action. */
function isAction(s: NodeStats): boolean {
  if (s.text > TEMPLATE_MAX_CHARS) return false;
  const tag = s.el.localName;
  return tag === 'a' || tag === 'button' || tag === 'label' || s.role === 'button';
}
