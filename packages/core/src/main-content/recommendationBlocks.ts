// Stage "choose the root", rule 'root-skips-recommendations': a block beside the story that opens with a
// recommendation heading ("Recommended for You", "Related stories", "Lire aussi") is a stream of other pages' teasers.
// Its summaries can hold more text than a short story, so counted in the weighing they keep the descent above the
// story (the root then keeps the whole stream beside it). Such a block does not count toward dominance; it stays in
// the tree, and the prune rule 'recommendations' drops it wherever the root still holds it.
// Contract: reads the measured tree (text, headings), changes nothing.
import { firstWithText, isHeadingTag, isRecommendationHeading } from './dropRecommendations.js';
import type { NodeStats } from './measureTree.js';
import { wholeText } from './textPieces.js';
import { HEADING_MAX_CHARS, RECOMMENDATION_HEADING_MAX_DEPTH } from './tunables.js';
import { CueMatcher, normaliseCueText } from './vocabulary/cueMatcher.js';
import { OWN_PAGE_HEADING_CUES } from './vocabulary/ownPageHeadings.js';

/** Table-of-contents and author headings: they open the story's own parts, which count (vocabulary/). */
const OWN_PAGE = new CueMatcher(OWN_PAGE_HEADING_CUES);

/** Whether the first text of `s`, followed down through its first text-holding children (a few levels), is a heading (no <h1>: that
 *  is the page's own title) announcing recommendations, in any of the languages of the vocabulary, and not one of the
 *  story's own parts (vocabulary/ownPageHeadings.ts). */
export function opensWithRecommendation(s: NodeStats): boolean {
  let n = firstWithText(s);
  for (let depth = 1; n !== null && depth <= RECOMMENDATION_HEADING_MAX_DEPTH; depth++, n = firstWithText(n)) {
    if (!isHeadingTag(n)) continue;
    if (n.el.localName === 'h1' || n.text > HEADING_MAX_CHARS) return false;
    const text = wholeText(n).trim();
    return isRecommendationHeading(text, true, true) && OWN_PAGE.matchAt(normaliseCueText(text)) === null;
  }
  return false;
}
