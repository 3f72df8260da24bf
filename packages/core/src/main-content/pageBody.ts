// Where the extractor reads a page from: its <body>. A page written without a <body> tag leaves a parser such as
// linkedom holding everything in <head> (a browser closes <head> at the first element that is no head matter and
// files the rest in <body>); read as it is, such a page has no text at all. processHtml reshapes its document when
// it parses (see ensureDocumentShape); a caller handing extractMainContent its own document gets the same here.
import { ensureDocumentShape } from '../html/parseHtml.js';

/** Tags a browser keeps in <head>; anything else (or a word of text) there means the page's content landed in it. */
const HEAD_TAGS = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template']);

function headHoldsContent(head: Element): boolean {
  for (const node of Array.from(head.childNodes)) {
    if (node.nodeType === 1 && !HEAD_TAGS.has((node as Element).localName)) return true;
    if (node.nodeType === 3 && (node.textContent ?? '').trim() !== '') return true;
  }
  return false;
}

/** The element holding the page's content: <body> (the document element when there is none), or, when the body is
 *  empty and <head> holds content, the body of the page reshaped as a browser would. With `copy` the document is
 *  left as it is and a reshaped copy is read instead. */
export function pageBody(document: Document, copy: boolean): Element {
  const body = (document.body ?? document.documentElement) as Element;
  const head = document.head;
  if (head === null || head === undefined || body.firstElementChild !== null) return body;
  if ((body.textContent ?? '').trim() !== '') return body;
  if (!headHoldsContent(head)) return body;
  const target = copy ? (document.cloneNode(true) as Document) : document;
  ensureDocumentShape(target);
  return target.body;
}
