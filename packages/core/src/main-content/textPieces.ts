// The pieces a block's text is made of: the innermost elements holding text (a title, a date, a price), or an element
// with its own text beside child elements, taken whole. Passes that look for a block repeated elsewhere (variant
// copies, phone-layout copies) compare these pieces rather than whole texts, which differ in order and spacing.
import type { NodeStats } from './measureTree.js';

/** Calls `visit` with the text of each piece under `s`, skipping the blocks in `skip` below `s`. */
export function forEachTextPiece(s: NodeStats, visit: (text: string) => void, skip?: Set<NodeStats>): void {
  const stack: NodeStats[] = [s];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n !== s && skip?.has(n)) continue;
    let inner = false;
    for (const c of n.children) {
      if (c.text > 0) {
        inner = true;
        stack.push(c);
      }
    }
    if (!inner || n.ownGood > 0) {
      const t = wholeText(n);
      if (t.trim() !== '') visit(t);
    }
  }
}

/** A block's whole text (its textContent), read once per extraction and kept on the block: the passes of stages 1-4
 *  ask it of the same blocks again and again (about two reads in five were repeats, measured on dev pages: each a
 *  walk of the block's subtree and a new string), and the DOM does not change before stage 5. */
export function wholeText(s: NodeStats): string {
  if (s.allText === undefined) s.allText = s.el.textContent ?? '';
  return s.allText;
}

/** A block's text with its whitespace runs collapsed to one space and trimmed: how most passes compare labels and
 *  lines. Kept on the block like wholeText. */
export function squeezedText(s: NodeStats): string {
  if (s.squeezed === undefined) s.squeezed = wholeText(s).replace(/\s+/g, ' ').trim();
  return s.squeezed;
}

/** A block's text with its whitespace left out, the key on which the copy passes compare blocks: a copy that breaks
 *  its lines elsewhere (a <br> in the mobile layout for a space in the desktop one) has the same key, as it has the
 *  same NodeStats.text (non-whitespace characters). Kept on the block like wholeText (three passes key on it). */
export function compactText(s: NodeStats): string {
  if (s.compact === undefined) s.compact = wholeText(s).replace(/\s+/g, '');
  return s.compact;
}

/** Elements whose text no reader sees, though textContent reads it. */
const UNSEEN_TAGS = new Set(['svg', 'script', 'style', 'noscript', 'template']);

/** The text of a short block as a reader sees it, whitespace collapsed: an icon's <title> ("Comments" beside
 *  "27 comments") is left out. */
export function seenText(el: Element): string {
  let out = '';
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.nodeType === 3) out += n.nodeValue ?? '';
    else if (n.nodeType === 1 && (n === el || !UNSEEN_TAGS.has((n as Element).localName))) {
      const kids = n.childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}
