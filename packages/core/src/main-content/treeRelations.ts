// Where a measured block sits relative to others: the ancestry questions several passes ask.
import type { NodeStats } from './measureTree.js';
import { OWN_BLOCK_MIN_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

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

/** Characters of `root` left once `removed` is dropped (a removal nested in another counts once). */
export function keptChars(root: NodeStats, removed: Set<NodeStats>): number {
  let kept = root.text;
  for (const s of removed) if (!isInsideAny(s, removed, root)) kept -= s.text;
  return kept;
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

/** A paragraph repeated in alike sibling blocks (same tag and class, under one parent) that each say other things
 *  beside it: the steps of a recipe ("Stir until smooth"), the stanzas of a song, the sections of a transcript. Each
 *  block is its own and the paragraph belongs to each; a layout copy repeats the whole block, or sits in a block
 *  named for its layout ("mobile-only" beside "desktop-only"). */
export function isRefrainInAlikeBlocks(s: NodeStats, first: NodeStats): boolean {
  if (s.el.localName !== 'p' || first.el.localName !== 'p') return false;
  const a = s.parent;
  const b = first.parent;
  if (a === null || b === null || a === b || a.parent !== b.parent) return false;
  if (a.el.localName !== b.el.localName || a.cls !== b.cls) return false;
  if (a.text < s.text + OWN_BLOCK_MIN_CHARS || b.text < first.text + OWN_BLOCK_MIN_CHARS) return false;
  // (read only for a repeat, which is rare: blocks of one length may still say different things)
  return a.text !== b.text || wholeText(a) !== wholeText(b);
}

/** Which repeats are kept on purpose: `(s, first)` says whether `s`, repeating `first`, stays. */
export type RefrainTest = (s: NodeStats, first: NodeStats) => boolean;

export function refrainTest(sameParent: boolean, alikeBlocks: boolean): RefrainTest {
  return (s, first) => (sameParent && isRefrain(s, first)) || (alikeBlocks && isRefrainInAlikeBlocks(s, first));
}

/** A block's text outside its links: what the extractor counts as its own words. */
export const plain = (s: NodeStats): number => s.text - s.linkText;
