// Forum software stamps edited posts with a notice ("Last edited: Jul 25, 2024", "Edited April 18, 2024 by
// thanosmano", "Last edited by X on 12. Sep 2024, edited 4 times in total."): the software's record of the post, not
// what its author wrote, so it goes like the author card beside it.
import type { NodeStats } from './measureTree.js';

/** A line that opens with "Last edited ...", "(This post was last modified: ...)" or "Edited <date> by <name>". */
const EDIT_NOTICE = /^\(?\s*(this (post|message|reply|comment) (was|has been) )?last (edited|modified)\b|^edited\b.{0,60}\bby\s+\S/i;
/** A notice is a short line; a longer block that starts so is a post about editing. */
const EDIT_NOTICE_MAX_CHARS = 160;

/** Drops edit notices inside `root` (call on discussion pages). Reads the root's text once; most pages stop there. */
export function dropEditNotices(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const all = root.el.textContent ?? '';
  if (!/edited|modified/i.test(all)) return;
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s)) continue;
    if (s.text <= EDIT_NOTICE_MAX_CHARS && EDIT_NOTICE.test((s.el.textContent ?? '').trim())) {
      removed.add(s);
      dropped++;
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} edit notices in posts`);
}
