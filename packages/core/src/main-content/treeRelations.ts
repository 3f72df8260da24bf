// Where a measured block sits relative to others: the ancestry questions several passes ask.
import type { NodeStats } from './measureTree.js';

/** Whether `ancestor` holds `s` (strictly: a block is not inside itself). */
export function isInside(s: NodeStats, ancestor: NodeStats): boolean {
  for (let p = s.parent; p !== null; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** Whether one of `set` holds `s`, looking no higher than `root` (a removal nested in another counts once). */
export function isInsideAny(s: NodeStats, set: Set<NodeStats>, root: NodeStats): boolean {
  if (set.size === 0) return false;
  for (let p = s.parent; p !== null && p !== root; p = p.parent) if (set.has(p)) return true;
  return false;
}

/** Whether `s` or one of its ancestors is labelled as chrome. */
export function inChrome(s: NodeStats): boolean {
  for (let p: NodeStats | null = s; p !== null; p = p.parent) if (p.junk !== 0) return true;
  return false;
}

/** A paragraph repeating a paragraph of the same parent is written twice on purpose (a refrain, a repeated
 *  instruction, a recurring line of a transcript): layout copies sit in wrappers of their own. */
export function isRefrain(s: NodeStats, first: NodeStats): boolean {
  return s.el.localName === 'p' && first.el.localName === 'p' && s.parent === first.parent;
}
