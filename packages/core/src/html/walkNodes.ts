// One iterative pre-order walk for every step: no recursion (pages nest thousands deep) and no NodeList
// copies (linkedom builds a fresh array for every `childNodes`/`children` read).
import { END, NEXT, NODE_END } from './linkedomLinks.js';

export const WALK_CONTINUE = 0;
/** Do not visit this node's descendants. */
export const WALK_SKIP_CHILDREN = 1;
/** Detach this node (and its subtree) and carry on after it. */
export const WALK_REMOVE = 2;
export type WalkAction = typeof WALK_CONTINUE | typeof WALK_SKIP_CHILDREN | typeof WALK_REMOVE;

/** A linkedom node with its private links (see linkedomLinks.ts). */
type Linked = Node & { [key: symbol]: Linked | null | undefined };
type Visitor = (node: Node, depth: number) => WalkAction | void;

/**
 * Visits every descendant of `root` in document order with its depth (children of root are depth 1).
 * The visitor may change the node it is given (attributes, children) and may ask for it to be removed.
 */
export function walkNodes(root: Node, visit: Visitor): void {
  const linked = root as Linked;
  if (linked[END] && linked[NEXT]) walkLinks(linked, visit);
  else walkSiblings(root, visit);
}

/**
 * The walk over linkedom's NEXT chain (an element, its attributes, its subtree, its END marker), one read per step
 * instead of the getters' loops over the same links. What comes next is read after the visit, so what the visitor
 * adds below or after the node is walked, as with the getters; a node to remove is removed after its successor is
 * read. A doctype's `nextSibling` is null in linkedom, which ends its parent's walk: the chain walk does the same.
 */
function walkLinks(root: Linked, visit: Visitor): void {
  const rootEnd = root[END];
  /** The entered elements, innermost last: a doctype ends the walk of the innermost one's children. */
  const open: Linked[] = [];
  let node = root[NEXT];
  while (node && node !== rootEnd) {
    const type = node.nodeType as number;
    if (type === NODE_END) {
      open.pop();
      node = node[NEXT];
      continue;
    }
    if (type === 2) {
      node = node[NEXT];
      continue;
    }
    const action = visit(node, open.length + 1);
    let next: Linked | null | undefined;
    if (type === 1) {
      if (action !== WALK_REMOVE && action !== WALK_SKIP_CHILDREN) {
        open.push(node);
        node = node[NEXT];
        continue;
      }
      next = node[END]![NEXT];
    } else if (type === 10) next = open.length > 0 ? open[open.length - 1]![END] : rootEnd;
    else next = node[NEXT];
    if (action === WALK_REMOVE) (node as unknown as ChildNode).remove();
    node = next;
  }
}

/** The walk through the public getters, for trees that are not linkedom's. */
function walkSiblings(root: Node, visit: Visitor): void {
  let node: Node | null = root.firstChild;
  let depth = 1;
  while (node) {
    const action = visit(node, depth);
    if (action !== WALK_REMOVE && action !== WALK_SKIP_CHILDREN) {
      const child: Node | null = node.firstChild;
      if (child) {
        node = child;
        depth++;
        continue;
      }
    }
    // Find what comes after this node's subtree before a removal detaches it from its parent.
    const current: Node = node;
    let next: Node | null = null;
    for (let at: Node | null = node; at && at !== root; at = at.parentNode, depth--) {
      next = at.nextSibling;
      if (next) break;
    }
    if (action === WALK_REMOVE) (current as ChildNode).remove();
    node = next;
  }
}
