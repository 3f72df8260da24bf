import type { Conversion } from './conversion.js';
import { Frame, type FrameState, TRANSPARENT, WHITESPACE_ONLY } from './converterFrames.js';
import { enterElement } from './enterElement.js';
import { exitFrame } from './exitFrame.js';
import { ensureItem } from './listItems.js';
import { END, NEXT, NODE_END } from '../html/linkedomLinks.js';

/** A linkedom node with its private links (see html/linkedomLinks.ts). */
type Linked = Node & { [key: symbol]: Linked | null | undefined };

/** Text: into the current writer, except layout whitespace between list items and table parts. */
function onText(c: Conversion, data: string, parent: FrameState | undefined): void {
  if (parent) {
    const f = parent.frame;
    if (f === Frame.List) {
      if (WHITESPACE_ONLY.test(data)) return;
      ensureItem(c, parent.list!);
    } else if ((f === Frame.Table || f === Frame.TableSection || f === Frame.Row) && WHITESPACE_ONLY.test(data)) {
      return;
    }
  }
  c.writer.text(data);
}

function enter(c: Conversion, node: Node, parent: FrameState | undefined): FrameState | null {
  switch (node.nodeType) {
    case 3:
      onText(c, (node as Text).data, parent);
      return null;
    case 1:
      return enterElement(c, node as Element, parent);
    case 9:
    case 11:
      return TRANSPARENT;
    default:
      return null;
  }
}

/**
 * Visits every node under `root` once, in document order, entering each and exiting it after its subtree. The walk
 * is iterative (explicit stacks), so nesting depth never touches the call stack.
 */
export function walkTree(c: Conversion, root: Node): void {
  const type = root.nodeType;
  // Elements and fragments carry linkedom's node list: walk it (documents keep the getters, see walkLinks).
  if ((type === 1 || type === 11) && (root as Linked)[END] && (root as Linked)[NEXT]) walkLinks(c, root as Linked);
  else walkSiblings(c, root);
}

/**
 * The same walk over linkedom's NEXT chain: every node in document order, an element's attributes right after it
 * and its end marker after its subtree. linkedom's `firstChild`/`nextSibling` getters read the same links one call
 * and a few checks at a time; here a step is one read (~8% of the pipeline went to the getters). A skipped element
 * is jumped over through its END link. The chain's only quirk the getters add is a doctype's `nextSibling`, always
 * null: a doctype ends its parent's walk here too.
 */
function walkLinks(c: Conversion, root: Linked): void {
  const rootEnd = root[END];
  const rootState = enter(c, root, undefined);
  if (!rootState) return;
  const nodeStack: Linked[] = [root];
  const frameStack: FrameState[] = [rootState];
  let node: Linked | null | undefined = root[NEXT];
  while (node) {
    const type = node.nodeType as number;
    if (type === NODE_END) {
      exitFrame(c, frameStack.pop()!, nodeStack.pop()!);
      if (node === rootEnd || nodeStack.length === 0) return;
      node = node[NEXT];
    } else if (type === 3) {
      // The parser splits text at entities (`a &amp;ouml;` arrives as three nodes); escaping needs it whole.
      let data = (node as unknown as Text).data;
      let next: Linked | null | undefined = node[NEXT];
      while (next && next.nodeType === 3) {
        data += (next as unknown as Text).data;
        next = next[NEXT];
      }
      onText(c, data, frameStack[frameStack.length - 1]);
      node = next;
    } else if (type === 1) {
      const s = enter(c, node, frameStack[frameStack.length - 1]);
      if (s) {
        nodeStack.push(node);
        frameStack.push(s);
        node = node[NEXT];
      } else {
        node = node[END]![NEXT];
      }
    } else if (type === 10) {
      node = nodeStack[nodeStack.length - 1]![END];
    } else {
      // Attributes are not children; comments and the rest enter to nothing (`enter`'s default).
      node = node[NEXT];
    }
  }
}

/** The walk through the public getters, for documents and trees that are not linkedom's. */
function walkSiblings(c: Conversion, root: Node): void {
  const nodeStack: Node[] = [];
  const frameStack: FrameState[] = [];
  let node: Node | null = root;
  while (node) {
    let s: FrameState | null = null;
    if (node.nodeType === 3 && node !== root) {
      // The parser splits text at entities (`a &amp;ouml;` arrives as three nodes); escaping needs it whole.
      let data = (node as Text).data;
      let sibling: Node | null = node.nextSibling;
      while (sibling && sibling.nodeType === 3) {
        data += (sibling as Text).data;
        node = sibling;
        sibling = sibling.nextSibling;
      }
      onText(c, data, frameStack[frameStack.length - 1]);
    } else {
      s = enter(c, node, frameStack[frameStack.length - 1]);
    }
    const child: Node | null = s ? node.firstChild : null;
    if (child) {
      nodeStack.push(node);
      frameStack.push(s!);
      node = child;
      continue;
    }
    if (s) exitFrame(c, s, node);
    for (;;) {
      if (node === root) {
        node = null;
        break;
      }
      const sibling: Node | null = node!.nextSibling;
      if (sibling) {
        node = sibling;
        break;
      }
      const parentNode = nodeStack.pop();
      const parentState = frameStack.pop();
      if (!parentNode || !parentState) {
        node = null;
        break;
      }
      exitFrame(c, parentState, parentNode);
      node = parentNode;
    }
  }
}
