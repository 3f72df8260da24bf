import type { Conversion } from './conversion.js';
import { Frame, type FrameState, TRANSPARENT, frameState } from './converterFrames.js';
import { enterBlockBox } from './enterBlockContainer.js';
import { InlineWriter } from './inlineWriter.js';

/**
 * The parts of a data table (sections, rows, cells, caption) feed the table being built while the running text is
 * the writer; elsewhere (a layout table, or inside a heading or cell) they are block boxes.
 */
function inDataTable(c: Conversion): boolean {
  return c.table !== null && c.writer === c.flow;
}

/** `<thead>`/`<tbody>`/`<tfoot>`: whether the rows are header rows. */
export function enterTableSection(c: Conversion, el: Element): FrameState {
  if (!inDataTable(c)) return enterBlockBox(c);
  c.table!.inHead = el.localName === 'thead';
  return frameState(Frame.TableSection);
}

/** `<tr>`: a row of the table. */
export function enterTableRow(c: Conversion): FrameState {
  if (!inDataTable(c)) return enterBlockBox(c);
  c.table!.startRow();
  return frameState(Frame.Row);
}

/** `<td>`/`<th>`: a cell, written inline into a writer of its own. */
export function enterTableCell(c: Conversion): FrameState {
  if (inDataTable(c)) {
    c.pushWriter(new InlineWriter('cell', c.writerOptions));
    return frameState(Frame.Cell);
  }
  // Cells of a table inside a link or heading read as words of one line.
  if (c.inlineOnly()) {
    c.writer.space();
    return TRANSPARENT;
  }
  return enterBlockBox(c);
}

/** `<caption>`: one line, written after the table. */
export function enterCaption(c: Conversion): FrameState {
  if (!inDataTable(c)) return enterBlockBox(c);
  c.pushWriter(new InlineWriter('heading', c.writerOptions));
  return frameState(Frame.Caption);
}
