// Teasers of other stories: short blocks that each lead with another page's title as a link, with a summary under it
// ("most read", "more in this section", the author's other posts). However much non-link text their summaries add
// up to, it is the text of other pages. Read by the root choice (chooseRoot, root-teaser-siblings): a rail of teasers
// beside a story's column is no "post" alike the story.
//
// Contract. In: a measured block (with `good` computed). Out: whether its content text is mostly teaser cards. Reads
// nothing else and changes nothing.
import type { NodeStats } from './measureTree.js';
import {
  TEASER_MAX_GOOD,
  TEASER_MIN_LINK_CHARS,
  TEASER_REST_SHARE,
  TEASER_SEARCH_DEPTH,
  TEASER_TITLE_MAX_OFFSET,
} from './tunables.js';
import { squeezedText } from './textPieces.js';

/** Blocks that can be a teaser card; a paragraph with a link in it is prose. */
const CARD_TAGS = new Set(['div', 'li', 'article', 'section', 'a', 'dl', 'dd', 'figure']);

/** A teaser card: a short block that leads with another page's title as a link. (A card of the page's own that ends
 *  with "Learn more about …" does not lead with it: a feature list, a service's offers.) */
function isTeaser(s: NodeStats): boolean {
  return (
    CARD_TAGS.has(s.el.localName) &&
    s.linkText >= TEASER_MIN_LINK_CHARS &&
    s.good <= TEASER_MAX_GOOD &&
    s.junk === 0 &&
    s.el.querySelector('h1') === null &&
    leadsWithLink(s)
  );
}

/** Whether the block's first link of a title's length starts within its first few characters (a kicker or a date
 *  may stand before the title). */
function leadsWithLink(s: NodeStats): boolean {
  // the block's text as kept on it (the root choice asks about the same cards for each candidate)
  const text = squeezedText(s);
  for (const a of Array.from(s.el.querySelectorAll('a'))) {
    const title = squeeze(a.textContent ?? '');
    if (title.length < TEASER_MIN_LINK_CHARS) continue;
    const at = text.indexOf(title);
    return at >= 0 && at <= TEASER_TITLE_MAX_OFFSET;
  }
  return false;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The content text of the teaser cards in `block` (the block itself when it is one), looking a few levels down. */
export function teaserGood(block: NodeStats): number {
  let total = 0;
  const stack: Array<{ s: NodeStats; depth: number }> = [{ s: block, depth: 0 }];
  while (stack.length > 0) {
    const { s, depth } = stack.pop()!;
    if (s.good === 0) continue;
    if (isTeaser(s)) total += s.good;
    else if (depth < TEASER_SEARCH_DEPTH) for (const c of s.children) stack.push({ s: c, depth: depth + 1 });
  }
  return total;
}

/** Whether most of a block's content text is teaser cards (see TEASER_REST_SHARE). */
export function isTeaserBlock(block: NodeStats): boolean {
  return block.good > 0 && teaserGood(block) >= TEASER_REST_SHARE * block.good;
}
