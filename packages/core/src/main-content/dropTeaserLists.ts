// On an article page, lists of teaser cards (each card a linked headline and a date, often with a snippet) that sit
// beside the story are "more stories", not the story: the article's own headings do not link elsewhere.
import type { NodeStats } from './measureTree.js';
import { groupChildren } from './groupChildren.js';
import type { TraceSink } from './traceEvents.js';
import {
  PROSE_PARAGRAPH_MIN_CHARS,
  STORY_MIN_CHARS,
  STORY_MIN_SHARE,
  TEASER_ITEM_MAX_CHARS,
  TEASER_LINKED_SHARE,
  TEASER_LISTS_TEASER_MIN_ITEMS,
} from './tunables.js';
import { wholeText } from './textPieces.js';

/** A written date: "Dec 19, 2025", "19 December 2025", "2025-12-19", "12/19/2025", "3 days ago". */
const DATE_TEXT = new RegExp(
  String.raw`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b` +
    String.raw`|\b\d{1,2}\.? (jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{4}\b` +
    String.raw`|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b` +
    String.raw`|\b\d+ (minutes?|hours?|days?|weeks?|months?) ago\b`,
  'i',
);
const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** Finds teaser groups under `root` (skipping removed blocks) and marks them removed when enough story remains. */
export function dropTeaserLists(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  // A section front splits its stream of cards into several lists (rows of three, a sponsored card in each): cards
  // with one signature in lists across the root are counted as one set, so a row whose undated sponsored card leaves
  // two dated ones is still seen as part of the stream.
  const pooled = new Map<string, TeaserPool>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    const inGroup = poolTeaserCards(s, root, removed, signature, pooled);
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (!inGroup.has(c) && c.text > TEASER_ITEM_MAX_CHARS / 4) stack.push(c);
    }
  }
  const groups: NodeStats[][] = [];
  let teaserText = 0;
  for (const { cards, linked } of pooled.values()) {
    if (linked < TEASER_LISTS_TEASER_MIN_ITEMS || linked < TEASER_LINKED_SHARE * cards.length) continue;
    groups.push(cards);
    for (const c of cards) teaserText += c.text;
  }
  if (groups.length === 0) return;
  const story = root.text - teaserText;
  if (story < STORY_MIN_CHARS || story < STORY_MIN_SHARE * root.text) {
    trace?.push(`teaser lists hold ${teaserText} of ${root.text} characters: too much to be beside the story, kept`);
    return;
  }
  for (const g of groups) {
    for (const c of g) removed.add(c);
    trace?.push(`drop ${g.length} teaser cards ${signature(g[0])} (linked headlines): other stories`);
  }
}

/** The cards of one signature across the root, and how many of them show a linked headline and a date. */
interface TeaserPool {
  cards: NodeStats[];
  linked: number;
}

/** Adds the groups of short linked cards under `s` to their signature's pool; returns the cards of the groups that are
 *  teaser lists on their own (they are not searched further). */
function poolTeaserCards(
  s: NodeStats,
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  pooled: Map<string, TeaserPool>,
): Set<NodeStats> {
  const bySig = groupChildren(
    s,
    signature,
    (c) => c.text > 0 && c.text <= TEASER_ITEM_MAX_CHARS && c.links > 0 && !removed.has(c),
  );
  const inGroup = new Set<NodeStats>();
  // cards standing between the story's own paragraphs are the story's items (a list article), not other stories
  // and cards right under the root are what the root was chosen for (a section front typed as an article)
  const amongProse =
    s === root || s.children.some((c) => c.el.localName === 'p' && c.text >= PROSE_PARAGRAPH_MIN_CHARS);
  for (const [sig, g] of bySig) {
    if (g.length < TEASER_LISTS_TEASER_MIN_ITEMS || amongProse) continue;
    let linked = 0;
    for (const c of g) if (hasLinkedHeading(c) && hasDate(c)) linked++;
    const pool = pooled.get(sig) ?? { cards: [], linked: 0 };
    pooled.set(sig, pool);
    pool.cards.push(...g);
    pool.linked += linked;
    // a group that is a teaser list on its own is not searched further (as before pooling)
    if (linked >= TEASER_LISTS_TEASER_MIN_ITEMS && linked >= TEASER_LINKED_SHARE * g.length)
      for (const c of g) inGroup.add(c);
  }
  return inGroup;
}

/** Whether the card shows a publication date: a <time> element or a written date. */
function hasDate(card: NodeStats): boolean {
  if (card.el.getElementsByTagName('time').length > 0) return true;
  return DATE_TEXT.test(wholeText(card));
}

/** Whether the card holds a heading that is, or sits inside, or contains a link. */
function hasLinkedHeading(card: NodeStats): boolean {
  // two stacks side by side, not an object per block: this walk visits every block of every card
  const stack: NodeStats[] = [card];
  const linked: boolean[] = [card.el.localName === 'a'];
  while (stack.length > 0) {
    const s = stack.pop()!;
    const inLink = linked.pop()!;
    if (HEADINGS.has(s.el.localName)) {
      if (inLink || s.links > 0) return true;
      continue;
    }
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      stack.push(c);
      linked.push(inLink || c.el.localName === 'a');
    }
  }
  return false;
}
