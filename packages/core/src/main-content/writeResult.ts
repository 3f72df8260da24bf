// Stage 5, write: turns the chosen root and the blocks to drop into the element the caller gets. In place (default) it
// removes the dropped and hidden elements from the page's own DOM and returns the root; with `copy` it builds a pruned
// copy and leaves the page untouched. A root whose text is all dropped falls back to the whole (cleaned) page.
// Contract: the only stage that changes the DOM; reads nothing but the tree's elements and the sets it is given.
import type { MeasuredTree, NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { keptChars } from './treeRelations.js';

/** The element holding the main content: `root` without `removed` (or the whole page when nothing would be left). */
export function writeResult(
  document: Document,
  tree: MeasuredTree,
  chosen: NodeStats,
  dropped: Set<NodeStats>,
  copy: boolean,
  trace?: TraceSink,
): Element {
  let root = chosen;
  let removed = dropped;
  if (keptChars(root, removed) <= 0) {
    // Never an empty result for a page with text: fall back to the whole (cleaned) page.
    trace?.push('pruned root has no text: falling back to the whole page');
    root = tree.root;
    removed = new Set();
  }
  const removedElements = new Set<Element>();
  for (const s of removed) removedElements.add(s.el);
  if (copy) return rebuild(document, root.el, removedElements, tree.hidden);
  pruneInPlace(root.el, removedElements, tree.hidden);
  return root.el;
}

/** Removes pruned and hidden elements and unwraps a <noscript> we read; only touches nodes, creates none. */
function pruneInPlace(root: Element, removed: Set<Element>, hidden: Set<Element>): void {
  for (const el of removed) el.remove();
  for (const el of hidden) {
    if (el.localName === 'noscript' || root.contains(el)) el.remove();
  }
  for (const el of Array.from(root.getElementsByTagName('noscript'))) {
    // the noscript views we read stay as content; converters would drop the element itself
    const parent = el.parentNode;
    if (parent === null) continue;
    while (el.firstChild !== null) parent.insertBefore(el.firstChild, el);
    el.remove();
  }
}

/** Copies `root` without removed or hidden elements, iteratively; the page's own DOM is left untouched. */
function rebuild(document: Document, root: Element, removed: Set<Element>, hidden: Set<Element>): Element {
  const out = root.cloneNode(false) as Element;
  const stack: Array<{ next: Node | null; dst: Node }> = [{ next: root.firstChild, dst: out }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const n = top.next;
    if (n === null) {
      stack.pop();
      continue;
    }
    top.next = n.nextSibling;
    if (n.nodeType === 1) {
      const el = n as Element;
      if (removed.has(el) || hidden.has(el)) continue;
      if (el.localName === 'noscript') {
        // a <noscript> we read is unwrapped: converters drop the element itself
        stack.push({ next: el.firstChild, dst: top.dst });
        continue;
      }
      const copy = el.cloneNode(false);
      top.dst.appendChild(copy);
      stack.push({ next: el.firstChild, dst: copy });
    } else if (n.nodeType === 3) {
      top.dst.appendChild(document.createTextNode((n as Text).data));
    }
  }
  return out;
}
