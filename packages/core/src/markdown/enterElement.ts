import type { Conversion } from './conversion.js';
import { Frame, type FrameState, TRANSPARENT, frameState } from './converterFrames.js';
import { ElementKind, elementKind } from './elementKinds.js';
import { enterBlockBox, enterListElement, enterListItem, enterQuote, enterTable } from './enterBlockContainer.js';
import { enterHeading } from './enterHeading.js';
import { enterLink } from './enterLink.js';
import { enterCode, enterPre } from './enterPreformatted.js';
import { enterCaption, enterTableCell, enterTableRow, enterTableSection } from './enterTablePart.js';
import { enterImage, enterInput, enterLineBreak, enterRule } from './enterVoidElement.js';
import { ensureItem } from './listItems.js';

/**
 * Entering an element: writes what it starts and returns the frame to close when leaving it, or null when its
 * subtree is done with (skipped, or read whole as code). One step per kind of element.
 */
export function enterElement(c: Conversion, el: Element, parent: FrameState | undefined): FrameState | null {
  const kind = elementKind(el.localName);
  if (parent && parent.frame === Frame.List && kind !== ElementKind.ListItem && kind !== ElementKind.Skip) {
    ensureItem(c, parent.list!);
  }
  switch (kind) {
    case ElementKind.Skip:
      return null;
    case ElementKind.LineBreak:
      return enterLineBreak(c);
    case ElementKind.Rule:
      return enterRule(c);
    case ElementKind.Image:
      return enterImage(c, el);
    case ElementKind.Input:
      return enterInput(c, el);
    case ElementKind.Code:
      return enterCode(c, el);
    case ElementKind.Pre:
      return enterPre(c, el);
    case ElementKind.Heading:
      return enterHeading(c, el);
    case ElementKind.Blockquote:
      return enterQuote(c);
    case ElementKind.List:
      return enterListElement(c, el);
    case ElementKind.ListItem:
      return enterListItem(c, el, parent);
    case ElementKind.Table:
      return enterTable(c, el);
    case ElementKind.TableSection:
      return enterTableSection(c, el);
    case ElementKind.TableRow:
      return enterTableRow(c);
    case ElementKind.TableCell:
      return enterTableCell(c);
    case ElementKind.Caption:
      return enterCaption(c);
    case ElementKind.Emphasis:
      return frameState(Frame.Span, 0, c.writer.openSpan('em'));
    case ElementKind.Strong:
      return frameState(Frame.Span, 0, c.writer.openSpan('strong'));
    case ElementKind.Strike:
      return frameState(Frame.Span, 0, c.writer.openSpan('del'));
    case ElementKind.Link:
      return enterLink(c, el);
    case ElementKind.Block:
      return enterBlockBox(c);
    default:
      return TRANSPARENT;
  }
}
