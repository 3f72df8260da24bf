// One iterative pass over the DOM that measures every element (text, link text, controls) and labels chrome.
// Iterative on purpose: pages can nest 100k deep, and recursion would overflow the stack.
import { classHint, COMMENT_WORDS } from './classHints.js';

/** How an element was labelled as chrome: by its tag/role (hard) or by class/id words (soft, overridable by size). */
export type JunkKind = 0 | 'hard' | 'soft';

export interface NodeStats {
  el: Element;
  parent: NodeStats | null;
  children: NodeStats[];
  /** Visible non-whitespace characters in the subtree. */
  text: number;
  /** Of which inside links. */
  linkText: number;
  /** Buttons, inputs, selects in the subtree: share bars and widgets are made of them. */
  controls: number;
  /** Paragraph-like blocks in the subtree. */
  paragraphs: number;
  junk: JunkKind;
  positive: boolean;
  /** Non-link text directly inside this element. */
  ownGood: number;
  /** Non-link text outside chrome: the quantity that decides where the content is (see computeGood). */
  good: number;
  /** Pre-order index, for "which comes first" questions. */
  order: number;
}

/** Elements whose text is never page text. */
const INVISIBLE_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'head', 'title', 'meta', 'link']);
/** Landmark tags that are chrome by definition. */
const CHROME_TAGS = new Set(['nav', 'footer', 'header', 'aside', 'dialog', 'menu']);
/** ARIA roles that are chrome by definition. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog', 'search', 'menu', 'menubar', 'toolbar', 'tooltip']);
const CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea']);
const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'td', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

export function isHidden(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true;
  if (el.getAttribute('aria-hidden') === 'true') return true;
  const style = el.getAttribute('style');
  return style !== null && HIDDEN_STYLE.test(style);
}

function junkOf(el: Element, tag: string, keepComments: boolean): { junk: JunkKind; positive: boolean } {
  const role = el.getAttribute('role');
  if (CHROME_TAGS.has(tag) || (role !== null && CHROME_ROLES.has(role)) || el.getAttribute('aria-modal') === 'true') {
    return { junk: 'hard', positive: false };
  }
  if (tag === 'form' && el.querySelector('input[type="email"], input[type="search"], input[type="password"]')) {
    return { junk: 'hard', positive: false };
  }
  const hint = classHint(el);
  const negative = hint.negative !== null && !(keepComments && COMMENT_WORDS.has(hint.negative));
  return { junk: negative ? 'soft' : 0, positive: hint.positive };
}

function visibleChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 160) n++;
  }
  return n;
}

export interface MeasuredTree {
  root: NodeStats;
  byElement: Map<Element, NodeStats>;
  /** Elements in pre-order: iterate backwards for bottom-up sums. */
  preorder: NodeStats[];
  hidden: Set<Element>;
}

export function measureTree(root: Element, options: { keepComments: boolean }): MeasuredTree {
  const byElement = new Map<Element, NodeStats>();
  const preorder: NodeStats[] = [];
  const hidden = new Set<Element>();
  const make = (el: Element, parent: NodeStats | null): NodeStats => {
    const tag = el.localName;
    const { junk, positive } = parent === null ? { junk: 0 as JunkKind, positive: false } : junkOf(el, tag, options.keepComments);
    const s: NodeStats = { el, parent, children: [], text: 0, linkText: 0, controls: CONTROL_TAGS.has(tag) ? 1 : 0, paragraphs: PARAGRAPH_TAGS.has(tag) ? 1 : 0, junk, positive, ownGood: 0, good: 0, order: preorder.length };
    byElement.set(el, s);
    preorder.push(s);
    return s;
  };
  const top = make(root, null);
  const stack: Array<{ s: NodeStats; inLink: boolean }> = [{ s: top, inLink: root.localName === 'a' }];
  let node: Node | null = root.firstChild;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (node !== null) {
      if (node.nodeType === 3) {
        const n = visibleChars((node as Text).data);
        frame.s.text += n;
        if (frame.inLink) frame.s.linkText += n;
        else frame.s.ownGood += n;
        node = node.nextSibling;
      } else if (node.nodeType === 1) {
        const el = node as Element;
        const tag = el.localName;
        if (INVISIBLE_TAGS.has(tag) || isHidden(el)) {
          hidden.add(el);
          node = el.nextSibling;
          continue;
        }
        const s = make(el, frame.s);
        frame.s.children.push(s);
        stack.push({ s, inLink: frame.inLink || tag === 'a' });
        node = el.firstChild;
      } else {
        node = node.nextSibling;
      }
    } else {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) {
        const s = frame.s;
        parent.s.text += s.text;
        parent.s.linkText += s.linkText;
        parent.s.controls += s.controls;
        parent.s.paragraphs += s.paragraphs;
      }
      node = frame.s.el === root ? null : frame.s.el.nextSibling;
    }
  }
  const tree = { root: top, byElement, preorder, hidden };
  computeGood(tree);
  return tree;
}

/** (Re)computes `good` bottom-up, iteratively; call again after junk labels change. */
export function computeGood(tree: MeasuredTree): void {
  for (const s of tree.preorder) s.good = 0;
  for (let i = tree.preorder.length - 1; i >= 0; i--) {
    const s = tree.preorder[i];
    s.good += s.ownGood;
    if (s.parent && s.junk === 0) s.parent.good += s.good;
  }
}
