// Several passes judge a block's children as groups of similar siblings (posts, cards, items): this groups them once.
import type { NodeStats } from './measureTree.js';

/** The children of `s` that `accept` takes, grouped by `keyOf` (a signature), in document order within each group. */
export function groupChildren(
  s: NodeStats,
  keyOf: (c: NodeStats) => string,
  accept: (c: NodeStats) => boolean,
): Map<string, NodeStats[]> {
  const groups = new Map<string, NodeStats[]>();
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    if (!accept(c)) continue;
    const key = keyOf(c);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  return groups;
}
