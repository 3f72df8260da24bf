import { BlockWriter } from './blockWriter.js';
import { InlineWriter, type InlineWriterOptions } from './inlineWriter.js';
import type { TableBuilder } from './tableBuilder.js';

/** `<p>&nbsp;</p>` and the like: spacing, not content (markdown has no empty paragraph). */
const BLANK_PARAGRAPH = /^(?:\s|&nbsp;)*$/;

/**
 * The state one htmlToMarkdown run shares between its steps: the block writer, the inline writer in use (the running
 * text, or one collecting a heading, cell or caption), the data table being built, and a link waiting for the heading
 * it wraps.
 */
export class Conversion {
  readonly blocks = new BlockWriter();
  /** The running text between blocks. */
  readonly flow: InlineWriter;
  /** Where inline content goes now: the flow, or the innermost heading, cell or caption. */
  writer: InlineWriter;
  private readonly writers: InlineWriter[] = [];
  table: TableBuilder | null = null;
  headingLink: { heading: Element; href: string; title: string | null } | null = null;

  constructor(readonly writerOptions: InlineWriterOptions) {
    this.flow = new InlineWriter('flow', writerOptions);
    this.writer = this.flow;
  }

  /** Inside a link, heading or cell: block syntax cannot start here. */
  inlineOnly(): boolean {
    return this.writer !== this.flow || this.flow.inLink;
  }

  /** Ends the running paragraph, if it holds anything. */
  flush(): void {
    const md = this.flow.finish();
    if (!BLANK_PARAGRAPH.test(md)) this.blocks.emit(md.split('\n'), 'paragraph');
  }

  pushWriter(w: InlineWriter): void {
    this.writers.push(this.writer);
    this.writer = w;
  }

  popWriter(): void {
    this.writer = this.writers.pop() ?? this.flow;
  }
}
