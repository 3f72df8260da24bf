// Copies of a block's text printed again inside the root (a mobile and a desktop layout, a price table shown twice,
// a card's title printed twice): later copies go. What is repeated on purpose (a refrain: see RefrainTest) stays.
import type { NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import { compactText } from './textPieces.js';
import type { RefrainTest } from './treeRelations.js';
import type { TraceSink } from './traceEvents.js';
import { DUPLICATE_MAX_CHARS, DUPLICATE_MIN_CHARS, INNER_DUPLICATE_MIN_CHARS } from './tunables.js';

/** Tables and code repeat cells and lines by nature: no part of them is a layout copy. */
const REPEATING_TAGS = new Set(['table', 'pre', 'code']);

/** Marks later copies of a block's exact text as removed (see DUPLICATE_MIN_CHARS). */
export function dropDuplicates(root: NodeStats, removed: Set<NodeStats>, isKept: RefrainTest, trace?: TraceSink): void {
  const repeats = seenTexts();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (s.text > DUPLICATE_MAX_CHARS || s === root) {
      for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
      continue;
    }
    if (s.text < DUPLICATE_MIN_CHARS) continue;
    const first = repeats(s);
    if (first !== null && !isKept(s, first)) {
      removed.add(s);
      trace?.push(`drop ${describe(s)} text=${s.text}: repeats an earlier block`);
    } else {
      dropInnerDuplicates(s, removed, trace);
    }
  }
}

/** Inside one block (a card), a part repeating an earlier part's exact text is a second layout of the same card
 *  (mobile and desktop variants) or a title printed twice: later copies go. Siblings that share a tag and class are
 *  separate items (cards of a grid, columns of a price table): each is judged on its own, since items share texts
 *  ("From $49", "Unlimited users") by design. Tables and code repeat cells by nature. */
function dropInnerDuplicates(block: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  type Frame = { s: NodeStats; repeats: (s: NodeStats) => NodeStats | null };
  const stack: Frame[] = [{ s: block, repeats: seenTexts() }];
  while (stack.length > 0) {
    const { s, repeats } = stack.pop()!;
    // (a wrapper shares its child's text: the chain is keyed once, at its innermost element)
    if (s !== block && s.parent !== null && s.parent.text !== s.text && repeats(s) !== null) {
      removed.add(s);
      trace?.push(`drop ${describe(s)} text=${s.text}: repeats an earlier part of ${describe(block)}`);
      continue;
    }
    const items = hasSimilarChildren(s);
    for (let i = s.children.length - 1; i >= 0; i--) {
      const c = s.children[i];
      if (removed.has(c) || c.text < INNER_DUPLICATE_MIN_CHARS || REPEATING_TAGS.has(c.el.localName)) continue;
      stack.push({ s: c, repeats: items ? seenTexts() : repeats });
    }
  }
}

/** A memory of blocks' texts: `repeats(s)` gives the earlier block that had exactly s's text (null when none), and
 *  remembers s. A block's text is only read when an earlier block has as many visible characters (few do), which
 *  keeps this cheap. */
function seenTexts(): (s: NodeStats) => NodeStats | null {
  const byLength = new Map<number, Array<{ s: NodeStats; key?: string }>>();
  return (s) => {
    const earlier = byLength.get(s.text);
    if (earlier === undefined) {
      byLength.set(s.text, [{ s }]);
      return null;
    }
    const key = compactText(s);
    for (const e of earlier) if ((e.key ??= compactText(e.s)) === key) return e.s;
    earlier.push({ s, key });
    return null;
  };
}

/** Whether at least two children with text share a tag and class (items of a list). */
function hasSimilarChildren(s: NodeStats): boolean {
  if (s.children.length < 2) return false;
  const sigs = new Set<string>();
  for (const c of s.children) {
    if (c.text === 0) continue;
    const sig = signature(c);
    if (sigs.has(sig)) return true;
    sigs.add(sig);
  }
  return false;
}
