import type { Conversion } from './conversion.js';
import { Frame, type FrameState, TRANSPARENT, WHITESPACE_ONLY, frameState } from './converterFrames.js';
import { ElementKind, elementKind } from './elementKinds.js';

/** `<a href><h2>Title</h2></a>`: the heading, so the link can go inside it (`## [Title](url)`). */
function soleHeadingChild(link: Element): Element | null {
  let found: Element | null = null;
  for (let node = link.firstChild; node; node = node.nextSibling) {
    const type = node.nodeType;
    if (type === 3) {
      if (!WHITESPACE_ONLY.test((node as Text).data)) return null;
    } else if (type === 1) {
      if (found || elementKind((node as Element).localName) !== ElementKind.Heading) return null;
      found = node as Element;
    }
  }
  return found;
}

/**
 * `<a href>` opens a link; links inside links and `javascript:` ones keep only their text, and a link around a lone
 * heading is handed to that heading.
 */
export function enterLink(c: Conversion, el: Element): FrameState {
  const href = el.getAttribute('href');
  if (href === null || c.writer.inLink || /^\s*javascript:/i.test(href)) return TRANSPARENT;
  const title = el.getAttribute('title');
  if (!c.inlineOnly()) {
    const heading = soleHeadingChild(el);
    if (heading) {
      c.headingLink = { heading, href: href.trim(), title };
      return TRANSPARENT;
    }
  }
  return frameState(Frame.Link, 0, c.writer.openLink(href.trim(), title));
}
