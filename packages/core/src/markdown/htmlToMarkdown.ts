import { parseHTML } from 'linkedom';
import { BlockWriter } from './blockWriter.js';
import { ElementKind, elementKind } from './elementKinds.js';
import { formatFencedCode, languageFromClass } from './formatCode.js';
import { InlineWriter } from './inlineWriter.js';
import { escapeHeadingEnd } from './markdownEscape.js';
import { TableBuilder, isLayoutTable } from './tableBuilder.js';
import { trimTrailing } from '../text/trailingRun.js';

/**
 * Block containers (quotes, lists, items) nested deeper than this are flattened: each level adds a prefix to every
 * line below it, and nothing readable needs 40 levels.
 */
const MAX_CONTAINER_DEPTH = 40;
/** Marker of the rule between sections; `* * *` cannot be read as a setext underline the way `---` can. */
const THEMATIC_BREAK = '* * *';

export interface HtmlToMarkdownOptions {
  /**
   * Keep links with no text and no image as `[](url)` (default true: the converter is faithful to the tree it is
   * given; dropping empty elements is the cleaner's decision). False drops them.
   */
  keepEmptyLinks?: boolean;
}

const enum Frame {
  /** No markdown of its own (inline wrappers, the document). */
  Transparent,
  /** A block box: the paragraph before and after it are separate. */
  Block,
  /** A block box met where only inline content fits (inside a link, heading or cell). */
  InlineBlock,
  Heading,
  /** A heading inside inline-only content: bold text on its own line. */
  InlineHeading,
  Quote,
  List,
  Item,
  Span,
  Link,
  Table,
  TableSection,
  Row,
  Cell,
  Caption,
}

interface ListState {
  ordered: boolean;
  next: number;
  /** `-`/`*` for bullets, `.`/`)` for ordered lists (the second form keeps adjacent lists apart). */
  mark: string;
  tight: boolean;
  /** Width of the last item's marker, to continue it with content found outside any `<li>`. */
  lastIndent: number;
  /** An item is open for content that sits directly in the list. */
  implicit: boolean;
}

interface FrameState {
  frame: Frame;
  /** Heading level, or whether a span/link was really opened. */
  level: number;
  opened: boolean;
  list: ListState | null;
  /** For headings that carry the link of an `<a>` wrapping them. */
  link: { href: string; title: string | null } | null;
}

const TRANSPARENT: FrameState = { frame: Frame.Transparent, level: 0, opened: false, list: null, link: null };
const BLOCK: FrameState = { frame: Frame.Block, level: 0, opened: false, list: null, link: null };
const INLINE_BLOCK: FrameState = { frame: Frame.InlineBlock, level: 0, opened: false, list: null, link: null };

function state(frame: Frame, level = 0, opened = false): FrameState {
  return { frame, level, opened, list: null, link: null };
}

const WHITESPACE_ONLY = /^[ \t\n\r\f]*$/;
/** `<p>&nbsp;</p>` and the like: spacing, not content (markdown has no empty paragraph). */
const BLANK_PARAGRAPH = /^(?:\s|&nbsp;)*$/;

/** The text of a `<pre>` (or of inline code): text nodes in order, `<br>` as a newline. */
function preformattedText(root: Element): { text: string; hasPre: boolean } {
  let text = '';
  let hasPre = false;
  let node: Node | null = root.firstChild;
  while (node && node !== root) {
    const type = node.nodeType;
    if (type === 3) text += (node as Text).data;
    else if (type === 1) {
      const name = (node as Element).localName;
      if (name === 'br') text += '\n';
      else if (name === 'pre') hasPre = true;
      const child = name === 'br' ? null : node.firstChild;
      if (child) {
        node = child;
        continue;
      }
    }
    while (node && node !== root && !node.nextSibling) node = node.parentNode;
    if (!node || node === root) break;
    node = node.nextSibling;
  }
  return { text, hasPre };
}

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

function firstElementChild(el: Element): Element | null {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) return node as Element;
    if (node.nodeType === 3 && !WHITESPACE_ONLY.test((node as Text).data)) return null;
  }
  return null;
}

/** Whether any `<li>` of the list holds a `<p>`: CommonMark renders exactly those lists loose. */
function isLooseList(list: Element): boolean {
  for (let item = list.firstChild; item; item = item.nextSibling) {
    if (item.nodeType !== 1 || (item as Element).localName !== 'li') continue;
    for (let child = item.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && (child as Element).localName === 'p') return true;
    }
  }
  return false;
}

function toRoot(input: string | Node): Node {
  if (typeof input !== 'string') {
    if (input.nodeType === 9) return (input as Document).documentElement ?? input;
    return input;
  }
  // linkedom parses a fragment without <html>/<body> into an odd tree; give it a document to live in.
  const html = /<html[\s>]/i.test(input) ? input : `<!DOCTYPE html><html><head></head><body>${input}</body></html>`;
  const { document } = parseHTML(html);
  return document.documentElement ?? document;
}

/**
 * Converts a parsed HTML tree (a linkedom Document, Element or DocumentFragment; or an HTML string, parsed here)
 * into CommonMark with GFM tables, strikethrough and task lists. The walk is iterative, so nesting depth never
 * touches the call stack, and each node is visited once.
 */
export function htmlToMarkdown(input: string | Node, options: HtmlToMarkdownOptions = {}): string {
  const writerOptions = { keepEmptyLinks: options.keepEmptyLinks ?? true };
  const root = toRoot(input);
  const blocks = new BlockWriter();
  const flow = new InlineWriter('flow', writerOptions);
  let writer = flow;
  const writers: InlineWriter[] = [];
  let table: TableBuilder | null = null;
  let headingLink: { heading: Element; href: string; title: string | null } | null = null;

  const nodeStack: Node[] = [];
  const frameStack: FrameState[] = [];

  const inlineOnly = () => writer !== flow || flow.inLink;

  const flush = () => {
    const md = flow.finish();
    if (!BLANK_PARAGRAPH.test(md)) blocks.emit(md.split('\n'), 'paragraph');
  };

  const pushWriter = (w: InlineWriter) => {
    writers.push(writer);
    writer = w;
  };
  const popWriter = () => {
    writer = writers.pop() ?? flow;
  };

  /** Content found directly in a list, outside any `<li>`, continues the previous item (or starts one). */
  const ensureItem = (list: ListState) => {
    if (list.implicit) return;
    flush();
    if (list.lastIndent > 0) blocks.reopenItem(list.lastIndent, list.tight);
    else list.lastIndent = openItem(list, null);
    list.implicit = true;
  };

  const closeImplicitItem = (list: ListState) => {
    if (!list.implicit) return;
    flush();
    blocks.close();
    list.implicit = false;
  };

  const openItem = (list: ListState, li: Element | null): number => {
    let marker = list.mark;
    if (list.ordered) {
      const value = li ? parseInt(li.getAttribute('value') ?? '', 10) : NaN;
      if (Number.isFinite(value) && value >= 0 && value <= 999999999) list.next = value;
      marker = String(list.next) + list.mark;
      list.next++;
    }
    blocks.openItem(marker, list.tight);
    return marker.length + 1;
  };

  const enterList = (el: Element): FrameState => {
    const ordered = el.localName === 'ol';
    let start = 1;
    if (ordered) {
      const n = parseInt(el.getAttribute('start') ?? '', 10);
      if (Number.isFinite(n) && n >= 0 && n <= 999999999) start = n;
    }
    // Two lists in a row with the same marker would merge into one: the second takes the other marker.
    const previous = blocks.lastTag;
    const mark = ordered ? (previous === 'ol.' ? ')' : '.') : previous === 'ul-' ? '*' : '-';
    const tight = !isLooseList(el);
    blocks.openList(ordered && start !== 1 ? 'olist' : 'list', tight, (ordered ? 'ol' : 'ul') + mark);
    const s = state(Frame.List);
    s.list = { ordered, next: start, mark, tight, lastIndent: 0, implicit: false };
    return s;
  };

  const enterElement = (el: Element, parent: FrameState | undefined): FrameState | null => {
    const kind = elementKind(el.localName);
    if (parent && parent.frame === Frame.List && kind !== ElementKind.ListItem && kind !== ElementKind.Skip) {
      ensureItem(parent.list!);
    }
    switch (kind) {
      case ElementKind.Skip:
        return null;
      case ElementKind.LineBreak:
        // `<br><br>` in running text is how many pages separate paragraphs: make it one.
        if (writer === flow && !flow.inLink && flow.breakPending) flush();
        else writer.lineBreak();
        return null;
      case ElementKind.Rule:
        if (inlineOnly()) writer.boundary();
        else {
          flush();
          blocks.emit([THEMATIC_BREAK], 'hr');
        }
        return null;
      case ElementKind.Image: {
        const src = el.getAttribute('src');
        if (src) writer.image(src.trim(), el.getAttribute('alt') ?? '', el.getAttribute('title'));
        return null;
      }
      case ElementKind.Input: {
        const type = (el.getAttribute('type') ?? '').toLowerCase();
        if (type === 'checkbox' && writer === flow && flow.isEmpty && blocks.inFreshItem) {
          flow.literal(el.hasAttribute('checked') ? '[x]' : '[ ]');
          flow.space();
        }
        return null;
      }
      case ElementKind.Code: {
        const { text, hasPre } = preformattedText(el);
        if (hasPre) return TRANSPARENT;
        writer.code(text);
        return null;
      }
      case ElementKind.Pre: {
        let { text } = preformattedText(el);
        // The HTML parser drops a newline right after <pre>; linkedom keeps it.
        const firstChild = el.firstChild;
        if (firstChild && firstChild.nodeType === 3 && text[0] === '\n') text = text.slice(1);
        if (inlineOnly()) {
          writer.boundary();
          writer.code(trimTrailing(text, '\n'));
          writer.boundary();
          return null;
        }
        flush();
        const code = firstElementChild(el);
        let language = '';
        if (code && code.localName === 'code') language = languageFromClass(code.getAttribute('class'));
        if (!language) language = languageFromClass(el.getAttribute('class'));
        blocks.emit(formatFencedCode(text, language), 'code');
        return null;
      }
      case ElementKind.Heading: {
        const level = el.localName.charCodeAt(1) - 48;
        if (inlineOnly()) {
          writer.boundary();
          return state(Frame.InlineHeading, 0, writer.openSpan('strong'));
        }
        flush();
        const h = new InlineWriter('heading', writerOptions);
        pushWriter(h);
        const s = state(Frame.Heading, level);
        if (headingLink && headingLink.heading === el) {
          s.opened = h.openLink(headingLink.href, headingLink.title);
          headingLink = null;
        }
        return s;
      }
      case ElementKind.Blockquote:
        if (inlineOnly()) {
          writer.boundary();
          return INLINE_BLOCK;
        }
        flush();
        if (blocks.depth >= MAX_CONTAINER_DEPTH) return BLOCK;
        blocks.openQuote();
        return state(Frame.Quote);
      case ElementKind.List:
        if (inlineOnly()) {
          writer.boundary();
          return INLINE_BLOCK;
        }
        flush();
        if (blocks.depth >= MAX_CONTAINER_DEPTH - 1) return BLOCK;
        return enterList(el);
      case ElementKind.ListItem:
        if (inlineOnly()) {
          writer.boundary();
          return INLINE_BLOCK;
        }
        flush();
        if (parent && parent.frame === Frame.List) {
          const list = parent.list!;
          closeImplicitItem(list);
          list.lastIndent = openItem(list, el);
          return state(Frame.Item);
        }
        return BLOCK;
      case ElementKind.Table:
        if (inlineOnly()) {
          writer.boundary();
          return INLINE_BLOCK;
        }
        flush();
        if (table === null && !isLayoutTable(el)) {
          table = new TableBuilder();
          return state(Frame.Table);
        }
        return BLOCK;
      case ElementKind.TableSection:
        if (table && writer === flow) {
          table.inHead = el.localName === 'thead';
          return state(Frame.TableSection);
        }
        break;
      case ElementKind.TableRow:
        if (table && writer === flow) {
          table.startRow();
          return state(Frame.Row);
        }
        break;
      case ElementKind.TableCell:
        if (table && writer === flow) {
          pushWriter(new InlineWriter('cell', writerOptions));
          return state(Frame.Cell);
        }
        // Cells of a table inside a link or heading read as words of one line.
        if (inlineOnly()) {
          writer.space();
          return TRANSPARENT;
        }
        break;
      case ElementKind.Caption:
        if (table && writer === flow) {
          pushWriter(new InlineWriter('heading', writerOptions));
          return state(Frame.Caption);
        }
        break;
      case ElementKind.Emphasis:
        return state(Frame.Span, 0, writer.openSpan('em'));
      case ElementKind.Strong:
        return state(Frame.Span, 0, writer.openSpan('strong'));
      case ElementKind.Strike:
        return state(Frame.Span, 0, writer.openSpan('del'));
      case ElementKind.Link: {
        const href = el.getAttribute('href');
        if (href === null || writer.inLink || /^\s*javascript:/i.test(href)) return TRANSPARENT;
        const title = el.getAttribute('title');
        if (!inlineOnly()) {
          const heading = soleHeadingChild(el);
          if (heading) {
            headingLink = { heading, href: href.trim(), title };
            return TRANSPARENT;
          }
        }
        return state(Frame.Link, 0, writer.openLink(href.trim(), title));
      }
      case ElementKind.Block:
        break;
      default:
        return TRANSPARENT;
    }
    // Block boxes, and table parts outside a data table.
    if (inlineOnly()) {
      writer.boundary();
      return INLINE_BLOCK;
    }
    flush();
    return BLOCK;
  };

  const exit = (s: FrameState, node: Node) => {
    switch (s.frame) {
      case Frame.Transparent:
        return;
      case Frame.Block:
        flush();
        return;
      case Frame.InlineBlock:
        writer.boundary();
        return;
      case Frame.Span:
        if (s.opened) writer.closeSpan();
        return;
      case Frame.Link:
        if (s.opened) writer.closeLink();
        return;
      case Frame.Heading: {
        if (s.opened) writer.closeLink();
        const text = writer.finish();
        popWriter();
        const marker = '#'.repeat(s.level);
        blocks.emit([text === '' ? marker : marker + ' ' + escapeHeadingEnd(text)], 'heading');
        return;
      }
      case Frame.InlineHeading:
        if (s.opened) writer.closeSpan();
        writer.boundary();
        return;
      case Frame.Quote:
        flush();
        blocks.closeShowingEmpty();
        return;
      case Frame.List:
        flush();
        closeImplicitItem(s.list!);
        blocks.close();
        return;
      case Frame.Item:
        flush();
        blocks.closeShowingEmpty();
        return;
      case Frame.Table: {
        flush();
        const t = table!;
        table = null;
        const lines = t.render();
        if (lines.length > 0) blocks.emit(lines, 'table');
        if (t.caption !== '') blocks.emit([t.caption], 'paragraph');
        return;
      }
      case Frame.TableSection:
        if (table) table.inHead = false;
        return;
      case Frame.Row:
        table?.endRow();
        return;
      case Frame.Cell: {
        const text = writer.finish();
        popWriter();
        table?.addCell(node as Element, text);
        return;
      }
      case Frame.Caption: {
        const text = writer.finish();
        popWriter();
        if (table) table.caption = text;
        return;
      }
    }
  };

  const onText = (data: string, parent: FrameState | undefined) => {
    if (parent) {
      const f = parent.frame;
      if (f === Frame.List) {
        if (WHITESPACE_ONLY.test(data)) return;
        ensureItem(parent.list!);
      } else if ((f === Frame.Table || f === Frame.TableSection || f === Frame.Row) && WHITESPACE_ONLY.test(data)) {
        return;
      }
    }
    writer.text(data);
  };

  const enter = (node: Node): FrameState | null => {
    const parent = frameStack[frameStack.length - 1];
    switch (node.nodeType) {
      case 3:
        onText((node as Text).data, parent);
        return null;
      case 1:
        return enterElement(node as Element, parent);
      case 9:
      case 11:
        return TRANSPARENT;
      default:
        return null;
    }
  };

  let node: Node | null = root;
  while (node) {
    let s: FrameState | null = null;
    if (node.nodeType === 3 && node !== root) {
      // The parser splits text at entities (`a &amp;ouml;` arrives as three nodes); escaping needs it whole.
      let data = (node as Text).data;
      let sibling: Node | null = node.nextSibling;
      while (sibling && sibling.nodeType === 3) {
        data += (sibling as Text).data;
        node = sibling;
        sibling = sibling.nextSibling;
      }
      onText(data, frameStack[frameStack.length - 1]);
    } else {
      s = enter(node);
    }
    const child: Node | null = s ? node.firstChild : null;
    if (child) {
      nodeStack.push(node);
      frameStack.push(s!);
      node = child;
      continue;
    }
    if (s) exit(s, node);
    for (;;) {
      if (node === root) {
        node = null;
        break;
      }
      const sibling: Node | null = node!.nextSibling;
      if (sibling) {
        node = sibling;
        break;
      }
      const parentNode = nodeStack.pop();
      const parentState = frameStack.pop();
      if (!parentNode || !parentState) {
        node = null;
        break;
      }
      exit(parentState, parentNode);
      node = parentNode;
    }
  }
  flush();
  return blocks.toString();
}
