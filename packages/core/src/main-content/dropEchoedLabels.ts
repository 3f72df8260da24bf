// Some design systems print a label twice: once for the eye and once, in a childless element right after it, for
// screen readers (`Price $20<span class="clipped">Price $20</span>`, `<span>Title</span><span class="…">Title</span>`),
// hidden by a class whose name says nothing. Whatever the class, a childless element that repeats, character for
// character, the text right before it (its parent's own text, or the sibling before it) is that echo.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { ECHO_MIN_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** Cells and list items repeat their neighbours legitimately (a comparison table, a size list); so do code tokens,
 *  and a picture's link and its caption's link name the same target. */
const ITEM_TAGS = new Set(['td', 'th', 'li', 'dd', 'dt', 'option', 'tr', 'code', 'a']);

/** Drops echo copies inside `root` (see above). Compares strings only where the measured lengths already match. */
export function dropEchoedLabels(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [root];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.inCode) continue;
    let prev: NodeStats | null = null;
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (c.text === 0) continue;
      if (
        c.children.length === 0 &&
        c.text >= ECHO_MIN_CHARS &&
        !ITEM_TAGS.has(c.el.localName) &&
        !removed.has(c) &&
        isEcho(c, prev, s)
      ) {
        removed.add(c);
        dropped++;
        continue;
      }
      prev = c;
      if (c.children.length > 0) stack.push(c);
    }
  }
  if (dropped > 0)
    trace?.push(`drop ${dropped} echoed labels (a childless element repeating the text right before it)`);
}

/** Whether the childless block `c` repeats the text right before it: its previous sibling with text (`prev`), or,
 *  as its parent's only child, its parent's own text. */
function isEcho(c: NodeStats, prev: NodeStats | null, s: NodeStats): boolean {
  const own = c.text;
  if (prev === null) return s.children.length === 1 && s.ownGood === own && same(directText(s.el), wholeText(c));
  return (
    prev.text === own &&
    prev.children.length === 0 &&
    !ITEM_TAGS.has(prev.el.localName) &&
    adjacent(prev.el, c.el) &&
    same(wholeText(prev), wholeText(c))
  );
}

function same(a: string | null, b: string | null): boolean {
  return (a ?? '').replace(/\s+/g, ' ').trim() === (b ?? '').replace(/\s+/g, ' ').trim();
}

/** The element's own text nodes, children left out. */
function directText(el: Element): string {
  let t = '';
  for (let n = el.firstChild; n !== null; n = n.nextSibling) if (n.nodeType === 3) t += (n as Text).data;
  return t;
}

/** Whether `b` follows `a` with nothing but white space between them (words between make two mentions, not an echo). */
function adjacent(a: Element, b: Element): boolean {
  for (let n = a.nextSibling; n !== null; n = n.nextSibling) {
    if (n === b) return true;
    if (n.nodeType === 1 || (n.nodeType === 3 && (n as Text).data.trim() !== '')) return false;
  }
  return false;
}
