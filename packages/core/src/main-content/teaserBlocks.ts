// Teasers of other stories: repeated blocks that each link to another page with a short summary and the story's date
// beside the link (a "most read" box, a strip of related posts, the author's other articles). However much text they
// hold together, it is the text of other pages: it does not count when the root is chosen (see chooseRoot). Cards
// without dates (a service page's offers, a list article's picks) are the page's own items and count.
import type { NodeStats } from './measureTree.js';
import { hasDate } from './dropTeaserLists.js';
import { signature } from './nodeNames.js';

/** A group of teasers has at least this many alike blocks (tag and class)... */
const TEASER_MIN_ITEMS = 3;
/** ...each a block of these tags (paragraphs with a link each are prose, not teasers)... */
const TEASER_TAGS = new Set(['div', 'li', 'article', 'section', 'a']);
/** ...most of which (this share) are teasers: a link of at least this much text (its title), at most this much other
 *  text (a summary) and a date. */
const TEASER_SHARE = 0.6;
const TEASER_MIN_LINK_CHARS = 10;
const TEASER_MAX_GOOD = 400;
/** Teaser groups are looked for this many levels below a block; a deeper group is part of something else. */
const SEARCH_DEPTH = 4;

function isShortLinked(s: NodeStats): boolean {
  return TEASER_TAGS.has(s.el.localName) && s.links > 0 && s.linkText >= TEASER_MIN_LINK_CHARS
    && s.good <= TEASER_MAX_GOOD && s.junk === 0;
}

/** Whether alike blocks are a group of teasers (see TEASER_SHARE); dates are read last, on short linked blocks
 *  only. */
function isTeaserGroup(list: NodeStats[]): boolean {
  if (list.length < TEASER_MIN_ITEMS || !list.every(isShortLinked)) return false;
  let dated = 0;
  for (const c of list) if (hasDate(c)) dated++;
  return dated >= TEASER_MIN_ITEMS && dated >= TEASER_SHARE * list.length;
}

/** The content text (`good`) of the teasers inside `block` (itself included when it is one group's wrapper). */
export function teaserGood(block: NodeStats): number {
  let total = 0;
  const stack: Array<{ s: NodeStats; depth: number }> = [{ s: block, depth: 0 }];
  while (stack.length > 0) {
    const { s, depth } = stack.pop()!;
    const groups = new Map<string, NodeStats[]>();
    for (const c of s.children) {
      if (c.good === 0) continue;
      const sig = signature(c);
      const list = groups.get(sig);
      if (list === undefined) groups.set(sig, [c]);
      else list.push(c);
    }
    for (const list of groups.values()) {
      if (isTeaserGroup(list)) {
        for (const c of list) total += c.good;
      } else if (depth + 1 < SEARCH_DEPTH) {
        for (const c of list) if (c.children.length > 0) stack.push({ s: c, depth: depth + 1 });
      }
    }
  }
  return total;
}
