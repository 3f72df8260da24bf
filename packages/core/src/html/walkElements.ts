// walkNodes for visitors that only care about elements: text and comment nodes are never handed to a callback,
// which roughly halves the cost of a whole-page walk (pages have about as many text nodes as elements).
import { WALK_SKIP_CHILDREN, type WalkAction } from './walkNodes.js';

/**
 * Visits every element under `root` in document order with its depth (children of root are depth 1).
 * The visitor may return WALK_SKIP_CHILDREN; it must not detach the element (use walkNodes for that).
 */
export function walkElements(
  root: Element | Document,
  visit: (element: Element, depth: number) => WalkAction | void,
): void {
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
