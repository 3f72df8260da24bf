import type { Conversion } from './conversion.js';
import { type FrameState, TRANSPARENT, WHITESPACE_ONLY } from './converterFrames.js';
import { formatFencedCode, languageFromClass } from './formatCode.js';
import { trimTrailing } from '../text/trailingRun.js';

/** The text of a `<pre>` (or of inline code): text nodes in order, `<br>` as a newline. */
function preformattedText(root: Element): { text: string; hasPre: boolean } {
  let text = '';
  let hasPre = false;
  let node: Node | null = root.firstChild;
  while (node && node !== root) {
    const type = node.nodeType;
    if (type === 3) text += (node as Text).data;
    else if (type === 1) {
      const name = (node as Element).localName;
      if (name === 'br') text += '\n';
      else if (name === 'pre') hasPre = true;
      const child = name === 'br' ? null : node.firstChild;
      if (child) {
        node = child;
        continue;
      }
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    if (!node || node === root) break;
    node = node.nextSibling;
  }
  return { text, hasPre };
}

function firstElementChild(el: Element): Element | null {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) return node as Element;
    if (node.nodeType === 3 && !WHITESPACE_ONLY.test((node as Text).data)) return null;
  }
  return null;
}

/** `<code>` becomes a code span, unless it wraps a `<pre>` (then the `<pre>` makes the block). */
export function enterCode(c: Conversion, el: Element): FrameState | null {
  const { text, hasPre } = preformattedText(el);
  if (hasPre) return TRANSPARENT;
  c.writer.code(text);
  return null;
}

/** `<pre>` becomes a fenced block with the language its class names, or a code span where only inline fits. */
export function enterPre(c: Conversion, el: Element): null {
  let { text } = preformattedText(el);
  // The HTML parser drops a newline right after <pre>; linkedom keeps it.
  const firstChild = el.firstChild;
  if (firstChild && firstChild.nodeType === 3 && text[0] === '\n') text = text.slice(1);
  if (c.inlineOnly()) {
    c.writer.boundary();
    c.writer.code(trimTrailing(text, '\n'));
    c.writer.boundary();
    return null;
  }
  c.flush();
  const code = firstElementChild(el);
  let language = '';
  if (code && code.localName === 'code') language = languageFromClass(code.getAttribute('class'));
  if (!language) language = languageFromClass(el.getAttribute('class'));
  c.blocks.emit(formatFencedCode(text, language), 'code');
  return null;
}
