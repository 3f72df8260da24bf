// Posts and their teasers carry counters of what readers did with them: "44 reactions", "27 comments", "1,693 views".
// A counter set apart as its own element is a gauge beside the text, not part of it (a sentence that mentions
// comments is longer than the counter and stays).
import type { NodeStats } from './measureTree.js';
import { seenText } from './textPieces.js';

/** The whole text of a counter: a number (1,693 / 1.2k) and what it counts (the blanks after the "k" belong to it, so
 *  the two blank runs around it cannot share a long run of blanks: that was quadratic). Votes, points and replies are
 * left out:
 *  on boards they are part of each post's header that threads keep. Reading times ("7 min read") are left out too:
 *  blogs print them under a story's title, and some keep them as part of its header. */
export const ENGAGEMENT_COUNT = /^\d[\d,.]*\s*(?:[km]\s*)?(reactions?|comments?|views?|likes?|shares?|claps?)$/i;
/** A counter is short: "1 like" to "1,693,000 comments" (visible characters, spaces left out); shorter blocks (icons,
 *  bullets, bare digits) are not read. */
const COUNT_MIN_CHARS = 5;
const COUNT_MAX_CHARS = 20;
/** Table cells and code hold counts as data. */
const DATA_TAGS = new Set(['td', 'th', 'pre', 'code', 'table']);

/** Drops counters inside `root` (see ENGAGEMENT_COUNT); only the outermost short blocks are read. Extends `removed`. */
export function dropEngagementCounts(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s) || s.inCode || DATA_TAGS.has(s.el.localName)) continue;
    if (s.text <= COUNT_MAX_CHARS) {
      if (s.text < COUNT_MIN_CHARS) continue;
      if (ENGAGEMENT_COUNT.test(seenText(s.el))) {
        removed.add(s);
        dropped++;
        continue;
      }
      // a row of counters ("44 reactions 27 comments") is read counter by counter
      let parts = 0;
      for (const c of s.children) if (c.text > 0) parts++;
      if (parts < 2) continue;
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} engagement counters ("27 comments", "1,693 views")`);
}
