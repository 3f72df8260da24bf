import type { Conversion } from './conversion.js';
import { Frame, type FrameState, TRANSPARENT, WHITESPACE_ONLY } from './converterFrames.js';
import { enterElement } from './enterElement.js';
import { exitFrame } from './exitFrame.js';
import { ensureItem } from './listItems.js';

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
