import type { Conversion } from './conversion.js';
import { BLOCK, Frame, type FrameState, INLINE_BLOCK, frameState } from './converterFrames.js';
import { closeImplicitItem, enterList, openItem } from './listItems.js';
import { TableBuilder, isLayoutTable } from './tableBuilder.js';

/**
 * Block containers (quotes, lists, items) nested deeper than this are flattened: each level adds a prefix to every
 * line below it, and nothing readable needs 40 levels.
 */
const MAX_CONTAINER_DEPTH = 40;

/** A block box with no syntax of its own: it ends the paragraph before it, or is a word boundary in inline content. */
export function enterBlockBox(c: Conversion): FrameState {
  if (c.inlineOnly()) {
    c.writer.boundary();
    return INLINE_BLOCK;
  }
  c.flush();
  return BLOCK;
}

/** `<blockquote>`: a quote, flattened past the depth limit. */
export function enterQuote(c: Conversion): FrameState {
  if (c.inlineOnly()) {
    c.writer.boundary();
    return INLINE_BLOCK;
  }
  c.flush();
  if (c.blocks.depth >= MAX_CONTAINER_DEPTH) return BLOCK;
  c.blocks.openQuote();
  return frameState(Frame.Quote);
}

/** `<ul>`/`<ol>`: a list, flattened past the depth limit (its items need one more level). */
export function enterListElement(c: Conversion, el: Element): FrameState {
  if (c.inlineOnly()) {
    c.writer.boundary();
    return INLINE_BLOCK;
  }
  c.flush();
  if (c.blocks.depth >= MAX_CONTAINER_DEPTH - 1) return BLOCK;
  return enterList(c, el);
}

/** `<li>`: an item of the list it sits in; outside a list, a plain block box. */
export function enterListItem(c: Conversion, el: Element, parent: FrameState | undefined): FrameState {
  if (c.inlineOnly()) {
    c.writer.boundary();
    return INLINE_BLOCK;
  }
  c.flush();
  if (parent && parent.frame === Frame.List) {
    const list = parent.list!;
    closeImplicitItem(c, list);
    list.lastIndent = openItem(c, list, el);
    return frameState(Frame.Item);
  }
  return BLOCK;
}

/** `<table>`: a GFM table when it holds data and no table is being built already; otherwise a block box. */
export function enterTable(c: Conversion, el: Element): FrameState {
  if (c.inlineOnly()) {
    c.writer.boundary();
    return INLINE_BLOCK;
  }
  c.flush();
  if (c.table === null && !isLayoutTable(el)) {
    c.table = new TableBuilder();
    return frameState(Frame.Table);
  }
  return BLOCK;
}
