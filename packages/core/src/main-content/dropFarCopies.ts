// Prune rule 'far-copies': a text block (a paragraph, list item, heading, quote) whose exact text stands earlier in
// the root under another shape of wrappers is a copy printed for another layout or widget (a desktop grid and a phone
// slider, a hero repeated in a sticky bar, an answer rendered twice, a quote of an earlier post): a reader reads it
// once, the later copy goes. Repeats under the same shape of wrappers are items of one list sharing a line by design
// ("Free shipping" under every card, a course note under every course) and stay; so do refrains (isKept).
// `layout-duplicates` drops copies side by side; this rule reaches copies further apart.
import type { NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import { compactText } from './textPieces.js';
import type { RefrainTest } from './treeRelations.js';
import type { TraceSink } from './traceEvents.js';
import { FAR_COPY_MIN_CHARS } from './tunables.js';

/** The blocks compared: each is one unit of text a reader reads (the outermost such block of a chain). */
const COPY_BLOCKS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'dd', 'dt', 'figcaption']);

/** Marks later copies of a text block found under another wrapper shape as removed. `removed` is extended in place. */
export function dropFarCopies(root: NodeStats, removed: Set<NodeStats>, isKept: RefrainTest, trace?: TraceSink): void {
  // the earlier blocks by visible length: a block's text is read only when an earlier one is as long (few are)
  const byLength = new Map<number, NodeStats[]>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (s === root || !COPY_BLOCKS.has(s.el.localName) || s.inCode) {
      for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
      continue;
    }
    if (s.text < FAR_COPY_MIN_CHARS) continue;
    const earlier = byLength.get(s.text);
    if (earlier === undefined) {
      byLength.set(s.text, [s]);
      continue;
    }
    const key = compactText(s);
    const original = earlier.find((e) => compactText(e) === key);
    if (original === undefined) {
      earlier.push(s);
      continue;
    }
    if (shapeOf(s, root) === shapeOf(original, root) || isKept(s, original)) continue;
    removed.add(s);
    trace?.push(`drop ${describe(s)} text=${s.text}: repeats ${describe(original)} under other wrappers`);
  }
}

/** The block's tag and the tags and classes (digits left out) of its wrappers up to the root: items of one list
 *  share it, a copy in another layout does not. */
function shapeOf(s: NodeStats, root: NodeStats): string {
  let shape = s.el.localName;
  for (let p = s.parent; p !== null && p !== root; p = p.parent) shape += ` < ${signature(p)}`;
  return shape;
}
