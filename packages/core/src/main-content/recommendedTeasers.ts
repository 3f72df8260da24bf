// Rule 'recommendation-teasers': a recommendation heading ("Recommended for You", "More stories") often sits in a
// header wrapper of its own, with the stream of teaser cards in a sibling body wrapper ("App-Hd" / "App-Bd"). When
// that stream is too large for the heading's climb (RECOMMENDATION_MAX_SHARE of the root), only the header went and
// the stream stayed. What the heading opens is then what follows its wrapper under the same parent: dropped when that
// is mostly teaser cards of other pages (teaserCards.ts), however much summary text the cards hold, and when enough of
// the root is left for a story.
//
// Contract. In: the block the heading climbed to (its header wrapper, or the heading itself) and the root, with `good`
// computed. Out: the blocks to drop (empty when the rule does not apply). Reads nothing else and changes nothing.
import type { NodeStats } from './measureTree.js';
import { teaserGood } from './teaserCards.js';
import { STORY_MIN_CHARS, TEASER_REST_SHARE } from './tunables.js';

export function teasersAfterHeader(header: NodeStats, root: NodeStats, removed: Set<NodeStats>): NodeStats[] {
  const parent = header.parent;
  if (parent === null) return [];
  const after: NodeStats[] = [];
  let good = 0;
  let teasers = 0;
  let text = 0;
  for (let i = parent.children.indexOf(header) + 1; i < parent.children.length; i++) {
    const c = parent.children[i];
    if (c.text === 0 || removed.has(c)) continue;
    after.push(c);
    good += c.good;
    teasers += teaserGood(c, true);
    text += c.text;
  }
  // the cards must carry most of what follows (a story's own text after a misread heading is no stream), and the
  // story must remain beside them
  if (good === 0 || teasers < TEASER_REST_SHARE * good || root.text - text < STORY_MIN_CHARS) return [];
  return after;
}
