// htmlparser2's tokenizer, stepping over the runs of characters its states ignore. The tokenizer looks at every
// character of text and of attribute values (a state call per character), and finds the end of script, style and
// comment text with a loop of its own. Inside those runs only a few characters mean anything ('<' or '&' in text,
// the quote or '&' in a quoted value), so jumping to the next of them with the engine's string search gives the
// very same callbacks, in the same order, with the same positions.
import { Tokenizer } from 'htmlparser2';

const LT = 0x3c;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** The callbacks htmlparser2's tokenizer calls (its `Callbacks` type is not exported). */
export type TokenHandler = ConstructorParameters<typeof Tokenizer>[1];

/** The tokenizer's own fields and states used here (private in its typings, public at run time). */
interface TokenizerInternals {
  index: number;
  offset: number;
  buffer: string;
  write(chunk: string): void;
  end(): void;
  stateText(c: number): void;
  fastForwardTo(c: number): boolean;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
}
const Base = Tokenizer as unknown as new (
  options: { xmlMode: boolean; decodeEntities: boolean },
  handler: TokenHandler,
) => TokenizerInternals;

/** Where the next of one character is, remembered between calls: a rare '&' is not searched for again at every
 *  stop, which would make a page without one quadratic. */
class NextOf {
  private from = 1;
  private at = 0;
  constructor(private readonly char: string) {}

  /** The position of the next occurrence at or after `position` in `text`, or the text's length. */
  find(text: string, position: number): number {
    if (position < this.from || position > this.at) {
      const at = text.indexOf(this.char, position);
      this.from = position;
      this.at = at < 0 ? text.length : at;
    }
    return this.at;
  }
}

export class FastTokenizer extends Base {
  private readonly lt = new NextOf('<');
  private readonly amp = new NextOf('&');
  private readonly doubleQuote = new NextOf('"');
  private readonly singleQuote = new NextOf("'");

  constructor(handler: TokenHandler) {
    // Entities decoded, HTML rules: the options linkedom gives htmlparser2.
    super({ xmlMode: false, decodeEntities: true }, handler);
  }

  /** The parse loop moves one past the index a state leaves, so a jump leaves it just before the stop. */
  private jumpBefore(stop: number): void {
    this.index = stop + this.offset - 1;
  }

  override stateText(c: number): void {
    if (c === LT || c === AMP) {
      super.stateText(c);
      return;
    }
    const at = this.index - this.offset;
    this.jumpBefore(Math.min(this.lt.find(this.buffer, at), this.amp.find(this.buffer, at)));
  }

  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (c === DOUBLE_QUOTE || c === AMP) {
      super.stateInAttributeValueDoubleQuotes(c);
      return;
    }
    const at = this.index - this.offset;
    this.jumpBefore(Math.min(this.doubleQuote.find(this.buffer, at), this.amp.find(this.buffer, at)));
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (c === SINGLE_QUOTE || c === AMP) {
      super.stateInAttributeValueSingleQuotes(c);
      return;
    }
    const at = this.index - this.offset;
    this.jumpBefore(Math.min(this.singleQuote.find(this.buffer, at), this.amp.find(this.buffer, at)));
  }

  /** The tokenizer's own search for the end of raw text and comments, with the engine's string search. */
  override fastForwardTo(c: number): boolean {
    const from = this.index + 1 - this.offset;
    const at = c === LT ? this.lt.find(this.buffer, from) : this.buffer.indexOf(String.fromCharCode(c), from);
    if (at < 0 || at >= this.buffer.length) {
      this.jumpBefore(this.buffer.length);
      return false;
    }
    this.index = at + this.offset;
    return true;
  }
}
