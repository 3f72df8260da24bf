import type { Conversion } from './conversion.js';

/** Marker of the rule between sections; `* * *` cannot be read as a setext underline the way `---` can. */
const THEMATIC_BREAK = '* * *';

/** `<br>`: a hard break, except that `<br><br>` in running text is how many pages separate paragraphs. */
export function enterLineBreak(c: Conversion): null {
  if (c.writer === c.flow && !c.flow.inLink && c.flow.breakPending) c.flush();
  else c.writer.lineBreak();
  return null;
}

/** `<hr>`: a thematic break, or a word boundary where only inline content fits. */
export function enterRule(c: Conversion): null {
  if (c.inlineOnly()) c.writer.boundary();
  else {
    c.flush();
    c.blocks.emit([THEMATIC_BREAK], 'hr');
  }
  return null;
}

/** `<img src>`: an image with its alt text and title. */
export function enterImage(c: Conversion, el: Element): null {
  const src = el.getAttribute('src');
  if (src) c.writer.image(src.trim(), el.getAttribute('alt') ?? '', el.getAttribute('title'));
  return null;
}

/** A checkbox at the start of a list item: a GFM task box. Other inputs have no text. */
export function enterInput(c: Conversion, el: Element): null {
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (type === 'checkbox' && c.writer === c.flow && c.flow.isEmpty && c.blocks.inFreshItem) {
    c.flow.literal(el.hasAttribute('checked') ? '[x]' : '[ ]');
    c.flow.space();
  }
  return null;
}
