import type { Conversion } from './conversion.js';
import { Frame, type FrameState } from './converterFrames.js';
import { closeImplicitItem } from './listItems.js';
import { escapeHeadingEnd } from './markdownEscape.js';

/** Leaving a heading: its collected text becomes one ATX heading line. */
function exitHeading(c: Conversion, s: FrameState): void {
  if (s.opened) c.writer.closeLink();
  const text = c.writer.finish();
  c.popWriter();
  const marker = '#'.repeat(s.level);
  c.blocks.emit([text === '' ? marker : marker + ' ' + escapeHeadingEnd(text)], 'heading');
}

/** Leaving a data table: its rows are rendered as a GFM table, its caption as a paragraph after it. */
function exitTable(c: Conversion): void {
  c.flush();
  const t = c.table!;
  c.table = null;
  const lines = t.render();
  if (lines.length > 0) c.blocks.emit(lines, 'table');
  if (t.caption !== '') c.blocks.emit([t.caption], 'paragraph');
}

/** Leaving a cell or caption: its collected text goes to the table. */
function exitTableText(c: Conversion, s: FrameState, node: Node): void {
  const text = c.writer.finish();
  c.popWriter();
  if (s.frame === Frame.Cell) c.table?.addCell(node as Element, text);
  else if (c.table) c.table.caption = text;
}

/** Leaving an element: closes what entering it opened (its frame says what that was). */
export function exitFrame(c: Conversion, s: FrameState, node: Node): void {
  switch (s.frame) {
    case Frame.Transparent:
      return;
    case Frame.Block:
      c.flush();
      return;
    case Frame.InlineBlock:
      c.writer.boundary();
      return;
    case Frame.Span:
      if (s.opened) c.writer.closeSpan();
      return;
    case Frame.Link:
      if (s.opened) c.writer.closeLink();
      return;
    case Frame.Heading:
      exitHeading(c, s);
      return;
    case Frame.InlineHeading:
      if (s.opened) c.writer.closeSpan();
      c.writer.boundary();
      return;
    case Frame.Quote:
    case Frame.Item:
      c.flush();
      c.blocks.closeShowingEmpty();
      return;
    case Frame.List:
      c.flush();
      closeImplicitItem(c, s.list!);
      c.blocks.close();
      return;
    case Frame.Table:
      exitTable(c);
      return;
    case Frame.TableSection:
      if (c.table) c.table.inHead = false;
      return;
    case Frame.Row:
      c.table?.endRow();
      return;
    case Frame.Cell:
    case Frame.Caption:
      exitTableText(c, s, node);
      return;
  }
}
