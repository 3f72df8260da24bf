// Page builders shared by the main-content tests (excluded from the build like the tests themselves).
import { parseHTML } from 'linkedom';

/** Paragraphs that read like prose, numbered after `seed`. */
export const para = (seed: string, n = 3): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>${seed} paragraph ${i + 1} explains the matter in plain words, with enough detail, commas, and full ` +
      `sentences to read like prose.</p>`,
  ).join('');

/** A document whose body is `body`. */
export const page = (body: string): Document =>
  parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;

/** An element's text with runs of whitespace as one space. */
export const text = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ');

/** A document with `head` in its <head> and `body` as its body. */
export const pageWithHead = (body: string, head = ''): Document =>
  parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document as unknown as Document;

/** A site's header and menu, chrome around the content. */
export const chrome = `<header><a href="/">Home</a> <a href="/about">About</a> <a href="/shop">Shop</a></header>
  <nav><ul><li><a href="/a">Section A</a></li><li><a href="/b">Section B</a></li><li><a href="/c">Section C</a></li></ul></nav>`;
/** A site's footer. */
export const footer = `<footer><p>Copyright 2024 Example Corp. All rights reserved.</p><a href="/privacy">Privacy policy</a></footer>`;
