import type { ComputedStyleFacts } from '../types.js';

// Every function here runs in the page, sent there as its source text (see brandingScript.ts): none may use
// anything from module scope, and each reaches the others only through a `DomHelpers` parameter.

/** `u` resolved against the document's base URL; null when absent or not a URL. */
function abs(u: string | null | undefined): string | null {
  if (!u) return null;
  try {
    return new URL(u, document.baseURI).href;
  } catch {
    return null;
  }
}

/** Laid out with an area, and not hidden, undisplayed or fully transparent. */
function visible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  const cs = getComputedStyle(el);
  return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
}

/** Characters of the element's own text nodes (not its descendants'), trimmed. */
function ownText(el: Element): number {
  let n = 0;
  for (const child of Array.from(el.childNodes)) if (child.nodeType === 3) n += (child.textContent ?? '').trim().length;
  return n;
}

/** The computed style facts the branding format reads from one element; null for no element. */
function styleOf(el: Element | null): ComputedStyleFacts | null {
  if (!el) return null;
  const cs = getComputedStyle(el);
  return {
    color: cs.color,
    background: cs.backgroundColor,
    fontFamily: cs.fontFamily,
    fontSize: cs.fontSize,
    fontWeight: cs.fontWeight,
    lineHeight: cs.lineHeight,
    borderColor: cs.borderTopColor,
    borderWidth: cs.borderTopWidth,
    borderStyle: cs.borderTopStyle,
    borderRadius: cs.borderTopLeftRadius,
  };
}

/** The small DOM readers every branding collector uses, handed to each in the page. */
export const domHelpers = { abs, visible, ownText, styleOf };
export type DomHelpers = typeof domHelpers;
