// walkNodes for visitors that only care about elements: text and comment nodes are never handed to a callback,
// which roughly halves the cost of a whole-page walk (pages have about as many text nodes as elements).
import { type Linked, linkedKeys, NODE_END } from './linkedNodes.js';
import { WALK_SKIP_CHILDREN, type WalkAction } from './walkNodes.js';

/**
 * Visits every element under `root` in document order with its depth (children of root are depth 1).
 * The visitor may return WALK_SKIP_CHILDREN; it must not detach the element (use walkNodes for that).
 */
export function walkElements(
  root: Element | Document,
  visit: (element: Element, depth: number) => WalkAction | void,
): void {
  const keys = linkedKeys(root);
  if (!keys) {
    walkBySiblings(root, visit);
    return;
  }
  // The same order and depths as the sibling walk: each step is read after the visit, so changes the visitor makes
  // below the element are walked as they now are.
  const { next: NEXT, end: END } = keys;
  const stop = (root as unknown as Linked)[END];
  let node = (root as unknown as Linked)[NEXT] as Linked;
  let depth = 1;
  while (node && node !== stop) {
    const type = node.nodeType;
    if (type === 1) {
      if (visit(node as unknown as Element, depth) === WALK_SKIP_CHILDREN) {
        node = (node[END] as Linked)[NEXT] as Linked;
        continue;
      }
      depth++;
    } else if (type === NODE_END) depth--;
    node = node[NEXT] as Linked;
  }
}

function walkBySiblings(root: Element | Document, visit: (element: Element, depth: number) => WalkAction | void) {
  let element: Element | null = root.firstElementChild;
  let depth = 1;
  while (element) {
    if (visit(element, depth) !== WALK_SKIP_CHILDREN) {
      const child: Element | null = element.firstElementChild;
      if (child) {
        element = child;
        depth++;
        continue;
      }
    }
    let next: Element | null = null;
    for (let at: Element | null = element; at && at !== root; at = at.parentElement, depth--) {
      next = at.nextElementSibling;
      if (next) break;
    }
    element = next;
  }
}
