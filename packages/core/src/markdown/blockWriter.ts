/**
 * Lays out blocks (paragraphs, headings, fences, tables...) inside containers (block quotes, list items) as lines.
 * Containers are prefixes: `> ` for a quote, `- ` on an item's first line and matching spaces after it. Everything
 * is lazy: a container that never receives a line leaves no trace, and the blank line that separates two blocks is
 * written only when the second one arrives, so it can take the right form (`>` inside a quote, nothing inside a
 * tight list).
 */

export type BlockKind =
  | 'paragraph'
  | 'heading'
  | 'code'
  | 'hr'
  | 'table'
  | 'quote'
  /** A bullet list or an ordered list starting at 1: it may interrupt a paragraph. */
  | 'list'
  /** An ordered list starting elsewhere: CommonMark does not let it interrupt a paragraph. */
  | 'olist'
  | 'item';

interface Level {
  kind: BlockKind;
  /** Prefix of the container's first line, and of every later line. */
  first: string;
  rest: string;
  started: boolean;
  hasContent: boolean;
  /** A list: its children are items, separated by a newline when tight, a blank line when loose. */
  isList: boolean;
  tight: boolean;
  /** Kind of the last block written directly in this level, and a finer tag used to keep adjacent lists apart. */
  lastKind: BlockKind | null;
  lastTag: string;
  /** The tag this level reports to its parent (e.g. `ul-` for a `-` bullet list). */
  tag: string;
}

/** In a tight item these blocks can follow another block without a blank line (they interrupt a paragraph). */
const INTERRUPTS: ReadonlySet<BlockKind> = new Set<BlockKind>(['list', 'heading', 'code', 'hr', 'quote']);
/** After these, a following block needs no blank line: they cannot be continued lazily. */
const SELF_CLOSING: ReadonlySet<BlockKind> = new Set<BlockKind>(['heading', 'code', 'hr']);

function newLevel(kind: BlockKind, first: string, rest: string, isList: boolean, tight: boolean, tag: string): Level {
  return { kind, first, rest, started: false, hasContent: false, isList, tight, lastKind: null, lastTag: '', tag };
}

export class BlockWriter {
  private lines: string[] = [];
  private levels: Level[] = [newLevel('paragraph', '', '', false, false, '')];

  /** Containers currently open (0 at the top level). */
  get depth(): number {
    return this.levels.length - 1;
  }

  /** The tag of the last block written at the current level (to alternate markers of adjacent lists). */
  get lastTag(): string {
    return this.levels[this.levels.length - 1].lastTag;
  }

  /** The innermost container is a list item that has received nothing yet (where a task checkbox may go). */
  get inFreshItem(): boolean {
    const top = this.levels[this.levels.length - 1];
    return top.kind === 'item' && !top.hasContent;
  }

  openQuote(): void {
    this.levels.push(newLevel('quote', '> ', '> ', false, false, 'quote'));
  }

  /** A list: `tag` distinguishes bullet characters and ordered delimiters. */
  openList(kind: 'list' | 'olist', tight: boolean, tag: string): void {
    this.levels.push(newLevel(kind, '', '', true, tight, tag));
  }

  /** A list item with its marker (`-`, `3.`); `tight` comes from the list. */
  openItem(marker: string, tight: boolean): void {
    this.levels.push(newLevel('item', marker + ' ', ' '.repeat(marker.length + 1), false, tight, 'item'));
  }

  /** Continues an item already written (content of a list that sits outside any `<li>`). */
  reopenItem(indent: number, tight: boolean): void {
    const level = newLevel('item', ' '.repeat(indent), ' '.repeat(indent), false, tight, 'item');
    level.started = true;
    level.hasContent = true;
    level.lastKind = 'paragraph';
    this.levels.push(level);
  }

  /** Closes the innermost container; returns whether it received any line. */
  close(): boolean {
    if (this.levels.length <= 1) return false;
    const level = this.levels.pop()!;
    return level.hasContent;
  }

  /**
   * Closes the innermost container; an empty one still shows its marker (`-`, `>`), so the structure of the page
   * survives (removing empty elements is the cleaner's decision, not the converter's).
   */
  closeShowingEmpty(): void {
    if (!this.levels[this.levels.length - 1].hasContent) this.emit([''], 'paragraph');
    this.close();
  }

  emit(blockLines: readonly string[], kind: BlockKind, tag: string = kind): void {
    const levels = this.levels;
    const top = levels.length - 1;
    let i = top;
    while (i > 0 && !levels[i].hasContent) i--;
    const childKind = i < top ? levels[i + 1].kind : kind;
    if (levels[i].hasContent) this.separate(i, childKind);
    for (let j = i; j <= top; j++) {
      const level = levels[j];
      level.hasContent = true;
      level.lastKind = j < top ? levels[j + 1].kind : kind;
      level.lastTag = j < top ? levels[j + 1].tag : tag;
    }
    for (let b = 0; b < blockLines.length; b++) {
      const line = blockLines[b];
      let prefix = '';
      for (let j = 1; j <= top; j++) {
        const level = levels[j];
        if (level.started) prefix += level.rest;
        else {
          prefix += level.first;
          level.started = true;
        }
      }
      this.lines.push(line === '' ? prefix.trimEnd() : prefix + line);
    }
  }

  toString(): string {
    return this.lines.join('\n');
  }

  private separate(i: number, next: BlockKind): void {
    const level = this.levels[i];
    let blank = true;
    if (level.isList) blank = !level.tight;
    else if (level.tight && level.kind === 'item') {
      blank = !(INTERRUPTS.has(next) || (level.lastKind !== null && SELF_CLOSING.has(level.lastKind)));
    }
    if (!blank) return;
    let prefix = '';
    for (let j = 1; j <= i; j++) prefix += this.levels[j].rest;
    this.lines.push(prefix.trimEnd());
  }
}
