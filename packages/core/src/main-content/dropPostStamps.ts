// Forum software stamps posts with its own records: an edit notice ("Last edited: Jul 25, 2024", "Edited April 18,
// 2024 by thanosmano", "Last edited by X on 12. Sep 2024, edited 4 times in total."), reaction counters ("7 Likes",
// "76 Replies") and the post's number in the thread ("#12"). They are the software's bookkeeping, not what the
// authors wrote, so they go like the author card.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { COUNTER_MAX_CHARS, EDIT_NOTICE_MAX_CHARS, POST_NUMBER_MAX_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** A line that opens with "Last edited ...", "(This post was last modified: ...)" or "Edited <date> by <name>". */
const EDIT_NOTICE =
  /^\(?\s*(this (post|message|reply|comment) (was|has been) )?last (edited|modified)\b|^edited\b.{0,60}\bby\s+\S/i;
/** A counter is a number and what it counts, nothing else. */
const COUNTER = /^\d[\d.,]*\s?k?\s+(likes?|reactions?|upvotes?|votes?|points?|thanks|replies|views)$/i;
/** A post's number in the thread ("#12"), standing alone: the software counts posts, the author did not write it. */
const POST_NUMBER = /^#\s?\d{1,6}$/;

/** Drops edit notices, reaction counters and post numbers inside `root` (call on discussion pages). */
export function dropPostStamps(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const edits = /edited|modified/i.test(wholeText(root));
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s)) continue;
    if (s.text <= EDIT_NOTICE_MAX_CHARS) {
      const text = wholeText(s).trim();
      if (
        (edits && EDIT_NOTICE.test(text)) ||
        (s.text <= COUNTER_MAX_CHARS && COUNTER.test(text)) ||
        (s.text <= POST_NUMBER_MAX_CHARS && POST_NUMBER.test(text))
      ) {
        removed.add(s);
        dropped++;
        continue;
      }
      // wrappers whose lone child holds all the text say the same again: skip to the block of several parts
      let parts = s;
      for (let inner = loneHolder(parts); inner !== null; inner = loneHolder(parts)) parts = inner;
      for (const c of parts.children) stack.push(c);
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} edit notices and reaction counters in posts`);
}

/** The one child that holds all of a block's text (the block only wraps it), or null. */
function loneHolder(s: NodeStats): NodeStats | null {
  let holder: NodeStats | null = null;
  for (const c of s.children) {
    if (c.text === 0) continue;
    if (holder !== null) return null;
    holder = c;
  }
  return holder !== null && holder.text === s.text ? holder : null;
}
