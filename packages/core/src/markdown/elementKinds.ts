/**
 * How the markdown walker treats each HTML element. Anything not listed is an inline wrapper whose content is kept
 * (span, font, custom elements...), which is also how browsers lay out unknown tags.
 */
export enum ElementKind {
  Inline,
  /** Never rendered: the subtree carries no readable content (scripts, form widgets, media fallbacks). */
  Skip,
  /** A block box with no markdown syntax of its own: its content becomes paragraphs. */
  Block,
  Heading,
  Blockquote,
  List,
  ListItem,
  Pre,
  Code,
  Table,
  TableSection,
  TableRow,
  TableCell,
  Caption,
  Emphasis,
  Strong,
  Strike,
  Link,
  Image,
  LineBreak,
  Rule,
  Input,
}

const KINDS: Record<string, ElementKind> = Object.create(null);
function assign(kind: ElementKind, names: string): void {
  for (const name of names.split(' ')) KINDS[name] = kind;
}

assign(
  ElementKind.Skip,
  'head script style noscript template title meta link base iframe frame frameset object embed param svg canvas ' +
    'audio video source track select option optgroup datalist textarea map area dialog',
);
assign(
  ElementKind.Block,
  'html body div p section article main header footer nav aside address center figure figcaption details summary ' +
    'form fieldset legend hgroup dl dt dd search noframes',
);
assign(ElementKind.Heading, 'h1 h2 h3 h4 h5 h6');
assign(ElementKind.Blockquote, 'blockquote');
assign(ElementKind.List, 'ul ol menu dir');
assign(ElementKind.ListItem, 'li');
assign(ElementKind.Pre, 'pre listing xmp plaintext');
assign(ElementKind.Code, 'code kbd samp tt var');
assign(ElementKind.Table, 'table');
assign(ElementKind.TableSection, 'thead tbody tfoot');
assign(ElementKind.TableRow, 'tr');
assign(ElementKind.TableCell, 'td th');
assign(ElementKind.Caption, 'caption');
assign(ElementKind.Emphasis, 'em i');
assign(ElementKind.Strong, 'strong b');
assign(ElementKind.Strike, 'del s strike');
assign(ElementKind.Link, 'a');
assign(ElementKind.Image, 'img');
assign(ElementKind.LineBreak, 'br');
assign(ElementKind.Rule, 'hr');
assign(ElementKind.Input, 'input');

export function elementKind(localName: string): ElementKind {
  return KINDS[localName] ?? ElementKind.Inline;
}

/** Elements whose presence inside a table means it is a layout grid, not data: a GFM cell cannot hold them. */
export const LAYOUT_TABLE_MARKERS: ReadonlySet<string> = new Set([
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'menu',
  'dir',
  'li',
  'dl',
]);
