// Classify rule 'junk-items': siblings that share a class-labelled signature ("promo", "meta") and each hold text are
// the items of a list, not chrome.
import { AD_WORDS } from './blockWords.js';
import { COMMENT_WORDS, LEGAL_WORDS, READER_WORDS } from './classHints.js';
import type { MeasuredTree, NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import type { TraceSink } from './traceEvents.js';
import { inChrome, plain } from './treeRelations.js';
import { ITEM_MIN_CHARS, ITEM_SEARCH_DEPTH, ITEM_WRAPPER_SHARE, REPEATED_ITEM_MIN } from './tunables.js';

/** Siblings that share a class-labelled signature ("promo", "meta") and each hold text are the items of a list (news
 *  teasers labelled "promo"), unless a labelled ancestor already makes the whole list chrome. Fine print split
 *  into several like-labelled blocks (one per footnote) is still fine print. */
export function relabelJunkItems(tree: MeasuredTree, trace?: TraceSink): void {
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk !== 0 || s.children.length < REPEATED_ITEM_MIN) continue;
    const { cards, counts } = labelledCardsOf(s);
    if (counts.size === 0) continue;
    if (inChrome(s)) continue;
    const relabelled = relabelRepeatedCards(s, cards, counts);
    if (relabelled > 0)
      trace?.push(`${relabelled} class-labelled siblings under ${describe(s)} are the items of a list: content`);
  }
}

/** Each child's labelled card (null where it has none), and how many cards share each labelled signature. */
function labelledCardsOf(s: NodeStats): { cards: Array<NodeStats | null>; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const cards: Array<NodeStats | null> = [];
  // a labelled block is looked for inside plain wrappers only when those wrappers repeat (list items, not layout)
  const wrappers = new Map<string, number>();
  for (const child of s.children)
    if (child.junk === 0) wrappers.set(signature(child), (wrappers.get(signature(child)) ?? 0) + 1);
  for (let i = 0; i < s.children.length; i++) {
    const child = s.children[i];
    const c =
      child.junk !== 0 || (wrappers.get(signature(child)) ?? 0) >= REPEATED_ITEM_MIN ? labelledCard(child) : null;
    cards.push(c);
    if (c === null) continue;
    const sig = labelledSignature(c);
    counts.set(sig, (counts.get(sig) ?? 0) + 1);
  }
  return { cards, counts };
}

/** Relabels as content the cards (or softly labelled long children) whose signature repeats; returns how many. */
function relabelRepeatedCards(s: NodeStats, cards: Array<NodeStats | null>, counts: Map<string, number>): number {
  let relabelled = 0;
  for (let i = 0; i < cards.length; i++) {
    const child = s.children[i];
    const c = cards[i] ?? (child.junk === 'soft' && plain(child) >= ITEM_MIN_CHARS ? child : null);
    if (c === null || (counts.get(labelledSignature(c)) ?? 0) < REPEATED_ITEM_MIN) continue;
    relabelled++;
    if (c === child) c.junk = 0;
    else relabelCardParts(c);
  }
  return relabelled;
}

/** A card that is content takes its parts with it: the card's own word naming its parts ("promo" → "promo-title",
 *  "promo-description") is the component's naming, not chrome. */
function relabelCardParts(card: NodeStats): void {
  const word = card.junkWord;
  card.junk = 0;
  const stack = [...card.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk === 'soft' && s.junkWord === word) s.junk = 0;
    if (s.junk === 0) for (const c of s.children) stack.push(c);
  }
}

/** The class-labelled block that is a list item: the item itself, or the one block its plain wrappers hold
 *  (<div class="list-item"><div class="promo">...). Comments, reviews and fine print are never items. */
function labelledCard(item: NodeStats): NodeStats | null {
  let c = item;
  for (let depth = 0; c.junk === 0 && depth < ITEM_SEARCH_DEPTH; depth++) {
    if (c.children.length !== 1 || c.children[0].text < ITEM_WRAPPER_SHARE * c.text) return null;
    c = c.children[0];
  }
  if (
    c.junk !== 'soft' ||
    COMMENT_WORDS.has(c.junkWord ?? '') ||
    READER_WORDS.has(c.junkWord ?? '') ||
    LEGAL_WORDS.has(c.junkWord ?? '') ||
    plain(c) < ITEM_MIN_CHARS
  )
    return null;
  // an ad slot that links nowhere shows only its label ("Advertisement - Continue Reading Below") between the
  // items; a classified ad's card links to the ad
  if (AD_WORDS.has(c.junkWord ?? '') && c.links === 0) return null;
  return c;
}

/** A class-labelled block's tag and the class names that carry its label ("lm_navSource" of "email_section
 *  lm_navSource"): siblings that share them are alike although each adds a class of its own. */
function labelledSignature(s: NodeStats): string {
  const word = s.junkWord;
  if (word === null || s.cls === '') return signature(s);
  const parts: string[] = [];
  for (const c of s.cls.split(/\s+/)) {
    // the class's words as classHints reads them ("lm_navSource" → lm, nav, source)
    if (
      c
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .includes(word)
    )
      parts.push(c.replace(/\d+/g, ''));
  }
  if (parts.length === 0) return signature(s); // labelled by its id
  return `${s.el.localName}.${parts.join('.')}`;
}
