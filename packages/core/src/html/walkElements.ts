// walkNodes for visitors that only care about elements: text and comment nodes are never handed to a callback,
// which roughly halves the cost of a whole-page walk (pages have about as many text nodes as elements).
import { END, NEXT, NODE_END } from './linkedomLinks.js';
import { WALK_SKIP_CHILDREN, type WalkAction } from './walkNodes.js';

/** A linkedom node with its private links (see linkedomLinks.ts). */
type Linked = Node & { [key: symbol]: Linked | null | undefined };

/**
 * Visits every element under `root` in document order with its depth (children of root are depth 1).
 * The visitor may return WALK_SKIP_CHILDREN; it must not detach the element (use walkNodes for that).
 */
export function walkElements(
  root: Element | Document,
  visit: (element: Element, depth: number) => WalkAction | void,
): void {
  const linked = root as unknown as Linked;
  if (linked[END] && linked[NEXT]) walkLinks(linked, visit);
  else walkSiblings(root, visit);
}

/**
 * The walk over linkedom's NEXT chain (document order: an element, its attributes, its subtree, its END marker):
 * one read per step where the getters (firstElementChild, nextElementSibling, parentElement) each loop over the same
 * links; a skipped element is jumped over through its END link. Measured ~3% of the pipeline (see decisions.md).
 */
function walkLinks(root: Linked, visit: (element: Element, depth: number) => WalkAction | void): void {
  const rootEnd = root[END];
  let depth = 0;
  let node = root[NEXT];
  while (node && node !== rootEnd) {
    const type = node.nodeType as number;
    if (type === 1) {
      if (visit(node as unknown as Element, depth + 1) === WALK_SKIP_CHILDREN) node = node[END]![NEXT];
      else {
        depth++;
        node = node[NEXT];
      }
    } else {
      if (type === NODE_END) depth--;
      node = node[NEXT];
    }
  }
}

/** The walk through the public getters, for trees that are not linkedom's. */
function walkSiblings(root: Element | Document, visit: (element: Element, depth: number) => WalkAction | void): void {
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
