import {
  escapeLineStart,
  escapeText,
  formatDestination,
  formatTitle,
  type TextEscapeContext,
} from './markdownEscape.js';
import { formatCodeSpan } from './formatCode.js';

/**
 * Where the inline content goes: a paragraph (`flow`, may hold hard breaks), a heading or a table cell (one line:
 * breaks and block boundaries become spaces).
 */
export type InlineContext = 'flow' | 'heading' | 'cell';

type SpanType = 'em' | 'strong' | 'del';

interface OpenItem {
  type: SpanType | 'link';
  /** The delimiter chosen when the opener was written. */
  marker: string;
  /** The opener is written in the current paragraph (openers are written lazily, with the first content). */
  emitted: boolean;
  /** No valid delimiter fitted here: the span is rendered as plain text. */
  dropped: boolean;
  /** Index in `out` of the opener piece, so an invalid closer can take its opener back. */
  openIndex: number;
  /** Spans of the same type already open around this one (0 or 1: deeper repeats add nothing visible). */
  sameDepth: number;
  href: string;
  title: string | null;
}

/** How many spans of one type may nest: em inside em alternates `*`/`_`; a third level would render the same. */
const MAX_SAME_SPAN_DEPTH = 2;
/** Consecutive `<br>`s beyond two are layout spacing, not content. */
const MAX_CONSECUTIVE_BREAKS = 2;
const LEADING_NBSP = /^\u00a0+/;
const WHITESPACE_ONLY = /^[ \t\n\r\f]+$/;
const NEEDS_COLLAPSE = /[\t\n\r\f]| {2}/;
/** HTML's collapsible whitespace (not U+00A0, which is content). */
const HTML_SPACE_RUN = /[ \t\n\r\f]+/g;

const DELIMITERS: Record<SpanType, readonly [string, string]> = {
  em: ['*', '_'],
  strong: ['**', '__'],
  del: ['~~', '~~'],
};

function isWhitespace(ch: string): boolean {
  return ch === '' || ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f' || /\s/.test(ch);
}

function isPunctuation(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
  return /[\p{P}\p{S}]/u.test(ch);
}

function leftFlanking(prev: string, next: string): boolean {
  return !isWhitespace(next) && (!isPunctuation(next) || isWhitespace(prev) || isPunctuation(prev));
}

function rightFlanking(prev: string, next: string): boolean {
  return !isWhitespace(prev) && (!isPunctuation(prev) || isWhitespace(next) || isPunctuation(next));
}

/** CommonMark's rules for whether a delimiter run can open (or close) emphasis between `prev` and `next`. */
function canOpen(marker: string, prev: string, next: string): boolean {
  const lf = leftFlanking(prev, next);
  if (marker[0] !== '_') return lf;
  return lf && (!rightFlanking(prev, next) || isPunctuation(prev));
}

function canClose(marker: string, prev: string, next: string): boolean {
  const rf = rightFlanking(prev, next);
  if (marker[0] !== '_') return rf;
  return rf && (!leftFlanking(prev, next) || isPunctuation(next));
}

export interface InlineWriterOptions {
  keepEmptyLinks: boolean;
}

/**
 * Accumulates the inline content of one block and renders it as markdown. It streams: whitespace is held back
 * until the next visible character (so it can be dropped at line ends and moved outside emphasis), openers are
 * written with the first character they enclose, closers once the character after them is known, which is what
 * CommonMark's flanking rules need.
 */
export class InlineWriter {
  readonly context: InlineContext;
  private readonly options: InlineWriterOptions;
  private out: string[] = [];
  /** Last character written on the current line ('' at a line start). */
  private last = '';
  private lineStarted = false;
  private pendingSpace = false;
  private pendingBreaks = 0;
  private stack: OpenItem[] = [];
  /** Closed spans whose closing delimiter waits for the next character (innermost first). */
  private closers: OpenItem[] = [];
  private linkDepth = 0;
  private readonly escapeContext: TextEscapeContext;
  /** The last code span written, and where, so adjacent code can join it. */
  private lastCode: string | null = null;
  private lastCodeIndex = -1;

  constructor(context: InlineContext, options: InlineWriterOptions) {
    this.context = context;
    this.options = options;
    this.escapeContext = { prev: '', inBrackets: false, inCell: context === 'cell' };
  }

  get inLink(): boolean {
    return this.linkDepth > 0;
  }

  /** A `<br>` is waiting for the next content. */
  get breakPending(): boolean {
    return this.pendingBreaks > 0;
  }

  /** Nothing has been written in the current block yet. */
  get isEmpty(): boolean {
    return this.out.length === 0;
  }

  /** DOM text: collapsed like HTML collapses it, escaped, and written. */
  text(data: string): void {
    if (data === '') return;
    // Most text nodes of a page are the indentation between tags.
    if (WHITESPACE_ONLY.test(data)) {
      this.space();
      return;
    }
    let s = NEEDS_COLLAPSE.test(data) ? data.replace(HTML_SPACE_RUN, ' ') : data;
    const leading = s.charCodeAt(0) === 32;
    const trailing = s.charCodeAt(s.length - 1) === 32;
    if (leading) {
      this.space();
      s = s.slice(1);
    }
    if (trailing) s = s.slice(0, -1);
    // Breaks pending means this line continues a paragraph (a `<br>` line), where fewer starts are syntax.
    const continuation = this.pendingBreaks > 0;
    this.prelude(s[0]);
    const ctx = this.escapeContext;
    ctx.prev = this.last;
    ctx.inBrackets = this.linkDepth > 0;
    let escaped = escapeText(s, ctx);
    if (!this.lineStarted) {
      if (this.context === 'flow') escaped = escapeLineStart(escaped, continuation);
      // Parsers trim a line's leading whitespace, and some count U+00A0 as such: the entity survives them all.
      if (escaped.charCodeAt(0) === 0xa0) escaped = escaped.replace(LEADING_NBSP, (run) => '&nbsp;'.repeat(run.length));
    }
    this.write(escaped);
    if (trailing) this.space();
  }

  /** A collapsible space: written only if visible content follows on the same line. */
  space(): void {
    if (this.lineStarted && this.pendingBreaks === 0) this.pendingSpace = true;
  }

  /** `<br>`: a hard line break in paragraphs, a space in headings and cells. */
  lineBreak(): void {
    if (this.context !== 'flow') {
      this.space();
      return;
    }
    if (!this.lineStarted && this.pendingBreaks === 0) return;
    this.pendingSpace = false;
    if (this.pendingBreaks < MAX_CONSECUTIVE_BREAKS) this.pendingBreaks++;
  }

  /** A block element inside inline-only content (a `<p>` inside a link or a cell): one line break or a space. */
  boundary(): void {
    if (this.context !== 'flow') {
      this.space();
      return;
    }
    if (!this.lineStarted) return;
    this.pendingSpace = false;
    if (this.pendingBreaks === 0) this.pendingBreaks = 1;
  }

  /**
   * Inline code. Its whitespace collapses as the browser collapses it (inline code is `white-space: normal`), and
   * spaces at its edges move outside, like text. Code right after code joins it: `` `A``B` `` would read as one
   * span holding a double backtick.
   */
  code(raw: string): void {
    let text = raw.replace(HTML_SPACE_RUN, ' ');
    if (text === '') return;
    // Code of nothing but a space still shows as a (blank) code box: `` ` ` ``.
    const leading = text.length > 1 && text.charCodeAt(0) === 32;
    const trailing = text.length > 1 && text.charCodeAt(text.length - 1) === 32;
    if (leading) {
      this.space();
      text = text.slice(1);
    }
    if (trailing) text = text.slice(0, -1);
    const joinable =
      this.lastCode !== null &&
      this.lastCodeIndex === this.out.length - 1 &&
      !this.pendingSpace &&
      this.pendingBreaks === 0 &&
      this.closers.length === 0 &&
      this.stack.every((item) => item.emitted);
    if (joinable) {
      this.lastCode += text;
      this.out[this.lastCodeIndex] = formatCodeSpan(this.lastCode!, this.context === 'cell');
    } else {
      this.prelude('`');
      this.lastCode = text;
      this.lastCodeIndex = this.out.length;
      this.write(formatCodeSpan(text, this.context === 'cell'));
    }
    if (trailing) this.space();
  }

  image(src: string, alt: string, title: string | null): void {
    const altText = escapeText(alt.replace(HTML_SPACE_RUN, ' ').trim(), {
      prev: ' ',
      inBrackets: true,
      inCell: this.context === 'cell',
    });
    let md = `![${altText}](${formatDestination(src)}`;
    if (title) md += ' ' + formatTitle(title);
    md += ')';
    if (this.context === 'cell') md = md.replace(/\|/g, '\\|');
    this.prelude('!');
    this.write(md);
  }

  /** Already formatted markdown that counts as visible content (a task-list checkbox). */
  literal(md: string): void {
    if (md === '') return;
    this.prelude(md[0]);
    this.write(md);
  }

  /** Returns false when the span adds nothing (a third nested `<em>`), so the caller must not close it. */
  openSpan(type: SpanType): boolean {
    let sameDepth = 0;
    for (let i = 0; i < this.stack.length; i++) if (this.stack[i].type === type) sameDepth++;
    if (sameDepth >= MAX_SAME_SPAN_DEPTH) return false;
    // `<b>a</b><b>b</b>` is one bold run: reuse the span just closed instead of writing `**a****b**`.
    const justClosed = this.closers[this.closers.length - 1];
    if (justClosed && justClosed.type === type && !this.pendingSpace && this.pendingBreaks === 0) {
      this.closers.pop();
      this.stack.push(justClosed);
      return true;
    }
    this.stack.push({
      type,
      marker: '',
      emitted: false,
      dropped: false,
      openIndex: -1,
      sameDepth,
      href: '',
      title: null,
    });
    return true;
  }

  closeSpan(): void {
    const item = this.stack.pop();
    if (!item) return;
    // An opener never written means the span held nothing visible: it vanishes.
    if (item.emitted && !item.dropped) this.closers.push(item);
  }

  openLink(href: string, title: string | null): boolean {
    if (this.linkDepth > 0) return false;
    this.linkDepth++;
    this.stack.push({
      type: 'link',
      marker: '[',
      emitted: false,
      dropped: false,
      openIndex: -1,
      sameDepth: 0,
      href,
      title,
    });
    return true;
  }

  closeLink(): void {
    // Spans still open inside the link text (never after a well-formed DOM) are closed with it.
    while (this.stack.length > 0 && this.stack[this.stack.length - 1].type !== 'link') this.closeSpan();
    const item = this.stack.pop();
    if (!item) return;
    this.linkDepth--;
    if (item.emitted) {
      this.flushClosers(']');
      this.write(this.linkTail(item));
    } else if (this.options.keepEmptyLinks) {
      this.prelude('[');
      this.write('[' + this.linkTail(item));
    }
  }

  /** The rendered markdown of the current block; the writer is ready for the next block afterwards. */
  finish(): string {
    this.flushClosers('');
    // Items still open continue in the next block (`<b>a<p>b</p></b>`): close them here, reopen lazily there.
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const item = this.stack[i];
      if (!item.emitted) continue;
      if (item.type === 'link') this.write(this.linkTail(item));
      else if (!item.dropped) this.write(item.marker);
    }
    for (let i = 0; i < this.stack.length; i++) {
      const item = this.stack[i];
      item.emitted = false;
      item.dropped = false;
    }
    const md = this.out.join('');
    this.out = [];
    this.lastCode = null;
    this.lastCodeIndex = -1;
    this.last = '';
    this.lineStarted = false;
    this.pendingSpace = false;
    this.pendingBreaks = 0;
    return md;
  }

  private linkTail(item: OpenItem): string {
    let tail = '](' + formatDestination(item.href);
    if (item.title) tail += ' ' + formatTitle(item.title, this.context === 'flow');
    tail += ')';
    return this.context === 'cell' ? tail.replace(/\|/g, '\\|') : tail;
  }

  private write(s: string): void {
    this.out.push(s);
    this.last = s[s.length - 1];
    this.lineStarted = true;
  }

  /**
   * Everything that waits for visible content: pending closers, a break or a space, then pending openers.
   * `first` is the first character of the content about to be written.
   */
  private prelude(first: string): void {
    let firstOpener = -1;
    for (let i = 0; i < this.stack.length; i++) {
      if (!this.stack[i].emitted) {
        firstOpener = i;
        break;
      }
    }
    if (this.closers.length > 0) {
      const after = this.pendingBreaks > 0 ? '\\' : this.pendingSpace ? ' ' : firstOpener >= 0 ? '*' : first;
      this.flushClosers(after);
    }
    this.flushBreakOrSpace();
    if (firstOpener >= 0) this.openPending(firstOpener, first);
  }

  /** Pending hard breaks (a backslash line end each), else a pending space, are written before the content. */
  private flushBreakOrSpace(): void {
    if (this.pendingBreaks > 0) {
      for (let i = 0; i < this.pendingBreaks; i++) this.out.push('\\\n');
      this.pendingBreaks = 0;
      this.pendingSpace = false;
      this.last = '';
      this.lineStarted = false;
    } else if (this.pendingSpace) {
      this.pendingSpace = false;
      this.write(' ');
    }
  }

  /** Writes the openers of the spans not yet emitted, from `firstOpener` in; one that cannot open is dropped. */
  private openPending(firstOpener: number, first: string): void {
    const run = this.singleRun(firstOpener, first);
    for (let i = firstOpener; i < this.stack.length; i++) {
      const item = this.stack[i];
      if (item.emitted) continue;
      item.emitted = true;
      if (item.type === 'link') {
        this.openBracket();
        continue;
      }
      const next = i + 1 < this.stack.length ? '*' : first;
      const marker = run ? (item.type === 'em' ? '*' : '**') : this.chooseOpener(item, next);
      if (marker === '') {
        item.dropped = true;
        continue;
      }
      item.marker = marker;
      item.openIndex = this.out.length;
      this.write(marker);
    }
  }

  /**
   * `<em><strong>` opening together is written as the single run `***`, which CommonMark reads as exactly that
   * (strong innermost): it reads better than `*__a__*` and also opens between two letters, where `__` cannot.
   */
  private singleRun(from: number, first: string): boolean {
    const items = this.stack.slice(from);
    if (items.length !== 2 || items[0].type !== 'em' || items[1].type !== 'strong') return false;
    return this.last !== '*' && canOpen('*', this.last, first);
  }

  private openBracket(): void {
    // `!` right before our `[` would turn the link into an image.
    if (this.last === '!') {
      const piece = this.out[this.out.length - 1];
      this.out[this.out.length - 1] = piece.slice(0, -1) + '\\!';
    }
    this.write('[');
  }

  private chooseOpener(item: OpenItem, next: string): string {
    const [preferred, alternate] = DELIMITERS[item.type as SpanType];
    // The inner one of two nested same-type spans takes the other character, so the runs stay apart (unless the
    // outer one could not be written at all).
    const nested =
      item.sameDepth > 0 && this.stack.some((o) => o !== item && o.type === item.type && o.emitted && !o.dropped);
    const order = nested ? [alternate, preferred] : [preferred, alternate];
    for (const marker of order) {
      if (marker[0] === this.last) continue;
      if (canOpen(marker, this.last, next)) return marker;
    }
    return '';
  }

  /** Writes pending closers; one that cannot close here takes its opener back (the text stays, unemphasised). */
  private flushClosers(after: string): void {
    const closers = this.closers;
    if (closers.length === 0) return;
    this.closers = [];
    // Adjacent closers of one character form one delimiter run, judged as a whole.
    for (let i = 0; i < closers.length; ) {
      const ch = closers[i].marker[0];
      let j = i + 1;
      while (j < closers.length && closers[j].marker[0] === ch) j++;
      const next = j < closers.length ? closers[j].marker[0] : after;
      const valid = canClose(ch, this.last, next);
      for (let k = i; k < j; k++) {
        const item = closers[k];
        if (valid) this.write(item.marker);
        else if (item.openIndex >= 0) this.out[item.openIndex] = '';
      }
      i = j;
    }
  }
}
