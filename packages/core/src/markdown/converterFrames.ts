/**
 * The frames of htmlToMarkdown's walk: what each open element means to the markdown, kept on a stack beside the
 * element so that leaving it can close what entering it opened.
 */
export enum Frame {
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

export interface ListState {
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

export interface FrameState {
  frame: Frame;
  /** Heading level, or whether a span/link was really opened. */
  level: number;
  opened: boolean;
  list: ListState | null;
  /** For headings that carry the link of an `<a>` wrapping them. */
  link: { href: string; title: string | null } | null;
}

export const TRANSPARENT: FrameState = { frame: Frame.Transparent, level: 0, opened: false, list: null, link: null };
export const BLOCK: FrameState = { frame: Frame.Block, level: 0, opened: false, list: null, link: null };
export const INLINE_BLOCK: FrameState = { frame: Frame.InlineBlock, level: 0, opened: false, list: null, link: null };

export function frameState(frame: Frame, level = 0, opened = false): FrameState {
  return { frame, level, opened, list: null, link: null };
}

/** Whitespace by HTML's definition: text of only this between elements is layout, not content. */
export const WHITESPACE_ONLY = /^[ \t\n\r\f]*$/;
