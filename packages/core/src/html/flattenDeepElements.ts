// Recursive consumers (the markdown converter, selector engines, cloneNode) overflow the stack on very deep
// trees. Capping the depth once after parsing lets every later step recurse safely.
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE, WALK_SKIP_CHILDREN, walkNodes } from './walkNodes.js';

/** Real pages stay under ~150 levels; a few hundred recursive frames per level fit easily in Node's default stack. */
export const MAX_TREE_DEPTH = 512;

/** Elements kept (as empty leaves) when a too-deep subtree is flattened, because they carry content, not structure. */
const KEPT_LEAVES = new Set(['img', 'br', 'hr', 'input', 'picture', 'video', 'audio', 'iframe']);

/**
 * Makes sure no node under `root` is deeper than `maxDepth`: an element at the limit gets its whole subtree
 * replaced by that subtree's text nodes and media leaves, in document order. Returns how many elements were flattened.
 */
export function flattenDeepElements(root: Element | Document, maxDepth: number = MAX_TREE_DEPTH): number {
  const atLimit: Element[] = [];
  // Only elements can hold a subtree: text at the limit is a leaf and stays.
  walkElements(root, (element, depth) => {
    if (depth < maxDepth) return WALK_CONTINUE;
    if (element.firstElementChild) atLimit.push(element);
    return WALK_SKIP_CHILDREN;
  });
  for (const element of atLimit) flattenSubtree(element);
  return atLimit.length;
}

function flattenSubtree(element: Element): void {
  const kept: Node[] = [];
  walkNodes(element, (node) => {
    if (node.nodeType === 3) kept.push(node);
    else if (node.nodeType === 1 && KEPT_LEAVES.has((node as Element).localName)) {
      kept.push(node);
      return WALK_SKIP_CHILDREN;
    }
    return WALK_CONTINUE;
  });
  // Detach first, then re-attach one by one: replaceChildren(...kept) would spread 100,000 arguments.
  for (const node of kept) (node as ChildNode).remove();
  while (element.firstChild) element.firstChild.remove();
  for (const node of kept) element.appendChild(node);
}
