// The result's HTML: linkedom's outerHTML / innerHTML, written byte for byte the same, in one pass over its node
// list. linkedom's own serialiser pushes a piece per node into an array (a string built per attribute through
// its toString, a template per tag) and runs a regex replacement with a callback on every text node; this one
// appends to one string and escapes only the text that holds a character to escape (measured in decisions.md).
import { DOMParser } from 'linkedom';
import { END, NEXT, NODE_END, START, VALUE } from './linkedomLinks.js';

/** A linkedom node with its private links (see linkedomLinks.ts). */
type Linked = Node & { [key: symbol]: Linked | null | undefined };

const PROBE = new DOMParser().parseFromString('', 'text/html') as unknown as Document;
/** linkedom's HTML document class: other documents (XML, SVG) escape and close tags otherwise. */
const HTML_DOCUMENT = PROBE.constructor as new () => Document;
/** linkedom's Element#toString: an element whose class has another (script, style, title, textarea) writes itself. */
const ELEMENT_TO_STRING = PROBE.createElement('div').toString;
/** linkedom's void elements of text/html, tested as it tests them (case-insensitive). */
const VOID_ELEMENTS = /^(?:area|base|br|col|embed|hr|img|input|keygen|link|menuitem|meta|param|source|track|wbr)$/i;
/** linkedom writes these attributes bare when empty (`hidden`), and leaves out an empty id, class or style. */
const EMPTY_ATTRIBUTES = new Set(
  ['allowfullscreen', 'allowpaymentrequest', 'async', 'autofocus', 'autoplay', 'checked', 'class'].concat(
    ['contenteditable', 'controls', 'default', 'defer', 'disabled', 'draggable', 'formnovalidate', 'hidden', 'id'],
    ['ismap', 'itemscope', 'loop', 'multiple', 'muted', 'nomodule', 'novalidate', 'open', 'playsinline'],
    ['readonly', 'required', 'reversed', 'selected', 'style', 'truespeed'],
  ),
);
const DROPPED_WHEN_EMPTY = new Set(['id', 'class', 'style']);
const TEXT_ESCAPED = /[<>&\xA0]/;
const TEXT_ESCAPES = /[<>&\xA0]/g;
const QUOTES = /"/g;

/** `element.outerHTML` as linkedom writes it for an HTML document. */
export function outerHtml(element: Element): string {
  return serialize(element, true) ?? element.outerHTML;
}

/** `element.innerHTML` as linkedom writes it for an HTML document. */
export function innerHtml(element: Element): string {
  return serialize(element, false) ?? element.innerHTML;
}

/** The walk; undefined when the tree is not one this serialiser knows to write as linkedom does. */
function serialize(element: Element, withSelf: boolean): string | undefined {
  const root = element as unknown as Linked;
  const end = root[END];
  let node = root[NEXT];
  if (!end || !node || element.toString !== ELEMENT_TO_STRING || !(element.ownerDocument instanceof HTML_DOCUMENT))
    return undefined;
  if (withSelf) node = root;
  else while (node.nodeType === 2) node = node[NEXT] as Linked; // innerHTML: the root's attributes are not children
  let out = '';
  // linkedom's `isOpened`: a start tag written up to its attributes, its '>' not yet
  let opened = false;
  while (node !== end || withSelf) {
    switch (node.nodeType as number) {
      case 2:
        out += attribute(node as unknown as Attr);
        break;
      case NODE_END:
        out += endTag(node[START] as unknown as Element, opened);
        opened = false;
        break;
      case 1:
        if (opened) out += '>';
        if (node.toString === ELEMENT_TO_STRING) {
          out += `<${(node as unknown as Element).localName}`;
          opened = true;
        } else {
          out += node.toString();
          node = node[END] as Linked;
          opened = false;
        }
        break;
      case 3:
      case 8:
      case 4:
        out += (opened ? '>' : '') + leaf(node);
        opened = false;
        break;
      default:
        // a doctype or another node inside an element: linkedom's two getters differ on it, so let it write
        return undefined;
    }
    if (node === end) break;
    node = node[NEXT] as Linked;
  }
  return out;
}

/** Attr#toString with Element#toString's omission of an empty id, class or style, for an HTML document. */
function attribute(attr: Attr): string {
  const name = attr.name;
  const value = (attr as unknown as Linked)[VALUE] as unknown as string;
  if (!value && EMPTY_ATTRIBUTES.has(name)) return DROPPED_WHEN_EMPTY.has(name) ? '' : ` ${name}`;
  return ` ${name}="${value.includes('"') ? value.replace(QUOTES, '&quot;') : value}"`;
}

/** An element's end as linkedom writes it: `/>` in SVG, nothing more after a void element's start tag. */
function endTag(start: Element, opened: boolean): string {
  if (!opened) return `</${start.localName}>`;
  if ('ownerSVGElement' in start) return ' />';
  return VOID_ELEMENTS.test(start.localName) ? '>' : `></${start.localName}>`;
}

/** A text node escaped, a comment or a CDATA section, as linkedom's toString of each writes it. */
function leaf(node: Linked): string {
  const value = node[VALUE] as unknown as string;
  if (node.nodeType === 8) return `<!--${value}-->`;
  if (node.nodeType === 4) return `<![CDATA[${value}]]>`;
  return TEXT_ESCAPED.test(value) ? value.replace(TEXT_ESCAPES, escapeChar) : value;
}

function escapeChar(char: string): string {
  return char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&#160;';
}
