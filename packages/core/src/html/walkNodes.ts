// One iterative pre-order walk for every step: no recursion (pages nest thousands deep) and no NodeList
// copies (linkedom builds a fresh array for every `childNodes`/`children` read).

export const WALK_CONTINUE = 0;
/** Do not visit this node's descendants. */
export const WALK_SKIP_CHILDREN = 1;
/** Detach this node (and its subtree) and carry on after it. */
export const WALK_REMOVE = 2;
export type WalkAction = typeof WALK_CONTINUE | typeof WALK_SKIP_CHILDREN | typeof WALK_REMOVE;

/**
 * Visits every descendant of `root` in document order with its depth (children of root are depth 1).
 * The visitor may change the node it is given (attributes, children) and may ask for it to be removed.
 */
export function walkNodes(root: Node, visit: (node: Node, depth: number) => WalkAction | void): void {
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
