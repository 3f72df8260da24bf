// The one parse of a page: linkedom's tree (built by buildDocument straight from htmlparser2's tokenizer) on markup
// made safe first, then shaped like a browser's tree (<html> holding <head> and <body>) and capped in depth, so no
// later step can crash on it.
import { buildDocument } from './buildDocument.js';
import { closeStrayCdata } from './closeStrayCdata.js';
import { MAX_TREE_DEPTH, flattenDeepElements } from './flattenDeepElements.js';
import { limitMarkupNesting } from './limitMarkupNesting.js';

/** Elements a browser files under <head> when they come before any content. */
const HEAD_TAGS = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template']);

/** Levels ensureDocumentShape can add above an element: a made <html>, and <body>. */
const SHAPE_LEVELS = 2;

/** Parses HTML into a document that always has documentElement, head and body, and a bounded depth. Never throws. */
export function parseHtml(html: string): Document {
  // A browser turns U+0000 into U+FFFD; keeping NULs would leak them into every output.
  const text = typeof html === 'string' ? (html.includes('\0') ? html.replace(/\0/g, '\uFFFD') : html) : '';
  const facts = { depth: 0 };
  const document = buildDocument(limitMarkupNesting(closeStrayCdata(text)), facts);
  ensureDocumentShape(document);
  // Shaping puts at most <html> and <body> above what the parse built (content moved out of <head> keeps its
  // depth): a tree the parse kept that far below the cap has no element to flatten, and is not walked to find out.
  if (facts.depth + SHAPE_LEVELS >= MAX_TREE_DEPTH) flattenDeepElements(document.documentElement);
  return document;
}

/** linkedom keeps whatever the markup gave (a bare <p> becomes the documentElement); rebuild html > head + body. */
export function ensureDocumentShape(document: Document): void {
  const html = htmlElement(document);
  const children = Array.from(html.childNodes);
  let head = children.find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'head') ?? null;
  let body = children.find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'body') ?? null;
  if (!head) head = document.createElement('head');
  if (!body) body = document.createElement('body');
  const strayContent = moveContentOutOfHead(head);
  for (let i = strayContent.length - 1; i >= 0; i--) body.insertBefore(strayContent[i] as Node, body.firstChild);
  fileChildren(children, head, body);
  if (html.firstChild !== head) html.insertBefore(head, html.firstChild);
  if (head.nextSibling !== body) html.insertBefore(body, head.nextSibling);
}

/** The document's <html> (made when the markup gave another root), holding every node the parser left beside it. */
function htmlElement(document: Document): Element {
  const existing = document.documentElement;
  const html = existing && existing.localName === 'html' ? existing : document.createElement('html');
  // Text and elements the parser left beside <html> belong inside it, in their order.
  const firstInside = html.firstChild;
  let passedHtml = false;
  for (const node of Array.from(document.childNodes)) {
    if (node === html) passedHtml = true;
    else if (node.nodeType === 10 || node.nodeType === 8) continue;
    else if (passedHtml) html.appendChild(node);
    else html.insertBefore(node, firstInside);
  }
  if (html !== existing) document.appendChild(html);
  return html;
}

/**
 * Files <html>'s other children as a browser would: head matter (and comments) before any content go to <head>,
 * blank text there is dropped, and everything else goes to <body>, before or after its content as it stood.
 */
function fileChildren(children: ChildNode[], head: Element, body: Element): void {
  let seenContent = false;
  let afterBody = false;
  const beforeBody: Node[] = [];
  for (const node of children) {
    if (node === head) continue;
    if (node === body) {
      afterBody = true;
      continue;
    }
    const headish = node.nodeType === 1 && HEAD_TAGS.has((node as Element).localName);
    const blank = node.nodeType === 3 && !(node.textContent ?? '').trim();
    if (!afterBody && !seenContent && (headish || blank || node.nodeType === 8)) {
      if (!blank) head.appendChild(node);
      continue;
    }
    seenContent = true;
    if (afterBody) body.appendChild(node);
    else beforeBody.push(node);
  }
  for (let i = beforeBody.length - 1; i >= 0; i--) body.insertBefore(beforeBody[i] as Node, body.firstChild);
}

/** A browser closes <head> at the first thing that is not head matter (a <div>, a word of text) and files it and all
 *  that follows in <body>; linkedom keeps it all in <head> when the page has no <body> tag, which left such pages
 *  with an empty body. Detaches and returns those nodes, in order. */
function moveContentOutOfHead(head: Element): Node[] {
  const moved: Node[] = [];
  let inContent = false;
  const nodes = Array.from(head.childNodes);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!inContent) {
      const element = node.nodeType === 1 && !HEAD_TAGS.has((node as Element).localName);
      const text = node.nodeType === 3 && (node.textContent ?? '').trim() !== '';
      inContent = element || text;
    }
    if (inContent) {
      head.removeChild(node);
      moved.push(node);
    }
  }
  return moved;
}
