// linkedom keeps each node's links under module-private symbols: NEXT/PREV chain every node of a tree in document
// order (an element's attributes right after it, then its subtree, then its end marker, END), VALUE holds an
// attribute's value. The parse builder writes these links; hot walks read them instead of the public getters.
import { DOMParser } from 'linkedom';

/** linkedom's end marker's nodeType: the NEXT chain holds one after each element's subtree. */
export const NODE_END = -1;

/** The symbols are read off fresh nodes by their descriptions; a linkedom without them fails here, at load. */
function linkedomSymbols(): { NEXT: symbol; PREV: symbol; END: symbol; START: symbol; VALUE: symbol } {
  const document = new DOMParser().parseFromString('', 'text/html') as unknown as {
    createElement(name: string): object;
    createAttribute(name: string): object;
  };
  const find = (node: object, description: string): symbol => {
    const found = Object.getOwnPropertySymbols(node).find((s) => s.description === description);
    if (!found) throw new Error(`linkedom changed: no ${description} symbol`);
    return found;
  };
  const element = document.createElement('div');
  const end = find(element, 'end');
  return {
    NEXT: find(element, 'next'),
    PREV: find(element, 'prev'),
    END: end,
    // an end marker's link back to its element
    START: find((element as Record<symbol, object>)[end] as object, 'start'),
    VALUE: find(document.createAttribute('a'), 'value'),
  };
}
export const { NEXT, PREV, END, START, VALUE } = linkedomSymbols();

/** linkedom's HTML document class: in other documents (XML, SVG) getAttribute escapes what it returns. */
const HTML_DOCUMENT = new DOMParser().parseFromString('', 'text/html').constructor as new () => Document;

/** Whether `node` belongs to a linkedom HTML document. */
export function inHtmlDocument(node: Node): boolean {
  return node.ownerDocument instanceof HTML_DOCUMENT;
}

/** A linkedom node as the chain walks read it: its type and its private links (an element's or text's VALUE, an
 *  attribute's `name`). */
export type ChainNode = { nodeType: number; name: string; [key: symbol]: ChainNode | string | undefined };
