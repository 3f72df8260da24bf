import type { Conversion } from './conversion.js';
import { Frame, type FrameState, frameState } from './converterFrames.js';
import { InlineWriter } from './inlineWriter.js';

/**
 * `<h1>`–`<h6>` collect their text in a writer of their own (an ATX heading is one line), taking the link of an
 * `<a>` that wraps them; where only inline content fits they become bold text on their own line.
 */
export function enterHeading(c: Conversion, el: Element): FrameState {
  const level = el.localName.charCodeAt(1) - 48;
  if (c.inlineOnly()) {
    c.writer.boundary();
    return frameState(Frame.InlineHeading, 0, c.writer.openSpan('strong'));
  }
  c.flush();
  const h = new InlineWriter('heading', c.writerOptions);
  c.pushWriter(h);
  const s = frameState(Frame.Heading, level);
  const headingLink = c.headingLink;
  if (headingLink && headingLink.heading === el) {
    s.opened = h.openLink(headingLink.href, headingLink.title);
    c.headingLink = null;
  }
  return s;
}
