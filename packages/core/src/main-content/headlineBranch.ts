// Root choice on stories: the branch that holds the page's headline, when what stands beside it is other stories.
//
// The descent (chooseRoot) stops where no child holds nearly all of the content text. On a news page the story is
// often short beside a column of teasers: other stories' headlines, each a link, with a summary under it ("most read",
// "more in this section", the author's other posts). Their summaries are non-link text, so together they keep the
// story below the dominance share and the root stays above both. A teaser is the text of another page, however much
// of it there is: when the rest of the block is mostly teasers, the branch with the page's headline is the story.
//
// Contract. In: the block where the descent stopped (with `good` computed). Out: its child that holds the page's one
// headline (the one <h1> with a title's length outside chrome) when that child holds a fair share of the text and
// body paragraphs, and most of the text beside it is teasers; else null. Reads nothing else and changes nothing.
import type { NodeStats } from './measureTree.js';
import { inChrome, isInside } from './treeRelations.js';
import {
  HEADLINE_BRANCH_MIN_PARAGRAPHS,
  HEADLINE_BRANCH_MIN_SHARE,
  HEADLINE_MIN_CHARS,
  TEASER_MAX_GOOD,
  TEASER_MIN_LINK_CHARS,
  TEASER_REST_SHARE,
  TEASER_SEARCH_DEPTH,
  TEASER_TITLE_MAX_OFFSET,
} from './tunables.js';

/** Blocks that can be a teaser card; a paragraph with a link in it is prose. */
const CARD_TAGS = new Set(['div', 'li', 'article', 'section', 'a', 'dl', 'dd', 'figure']);

/** The page's headline under `node`: the only <h1> of a title's length outside chrome (two or more: no headline). */
export function findHeadline(node: NodeStats, preorder: readonly NodeStats[]): NodeStats | null {
  let found: NodeStats | null = null;
  for (const s of preorder) {
    if (s.el.localName !== 'h1' || s.text < HEADLINE_MIN_CHARS || !isInside(s, node) || inChrome(s)) continue;
    if (found !== null) return null;
    found = s;
  }
  return found;
}

/** A teaser card: a short block that leads with another page's title as a link. (A card of the page's own that ends
 *  with "Learn more about …" does not lead with it: a feature list, a service's offers.) */
function isTeaser(s: NodeStats): boolean {
  return (
    CARD_TAGS.has(s.el.localName) &&
    s.linkText >= TEASER_MIN_LINK_CHARS &&
    s.good <= TEASER_MAX_GOOD &&
    s.junk === 0 &&
    s.el.querySelector('h1') === null &&
    leadsWithLink(s.el)
  );
}

/** Whether the block's first link of a title's length starts within its first few characters (a kicker or a date
 *  may stand before the title). */
function leadsWithLink(el: Element): boolean {
  const text = squeeze(el.textContent ?? '');
  for (const a of Array.from(el.querySelectorAll('a'))) {
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

/** The child of `node` to descend into because it holds the headline and the rest is other stories, or null. */
export function headlineBranch(node: NodeStats, preorder: readonly NodeStats[]): NodeStats | null {
  const headline = findHeadline(node, preorder);
  if (headline === null) return null;
  let branch = headline;
  while (branch.parent !== null && branch.parent !== node) branch = branch.parent;
  if (branch.parent !== node || branch === headline) return null;
  if (branch.good < HEADLINE_BRANCH_MIN_SHARE * node.good) return null;
  if (branch.paragraphs < HEADLINE_BRANCH_MIN_PARAGRAPHS) return null;
  let rest = 0;
  let teasers = 0;
  for (const c of node.children) {
    if (c === branch || c.junk !== 0 || c.good === 0) continue;
    rest += c.good;
    teasers += teaserGood(c);
  }
  return rest > 0 && teasers >= TEASER_REST_SHARE * rest ? branch : null;
}

/** Whether most of a block's content text is teaser cards (see TEASER_REST_SHARE). */
export function isTeaserBlock(block: NodeStats): boolean {
  return block.good > 0 && teaserGood(block) >= TEASER_REST_SHARE * block.good;
}
