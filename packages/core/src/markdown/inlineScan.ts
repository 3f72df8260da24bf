/**
 * The state of one inlineToText scan, shared with its steps: each step looks at the special character at `i` and
 * sets `emit` (what replaces it in the output) and `skip` (how many characters of the input it consumed).
 */
export class InlineScan {
  /** Plain text so far. */
  out = '';
  /** Open `[` and `![`, with where their text starts in `out`. */
  readonly opens: { at: number; image: boolean }[] = [];
  emit = '';
  skip = 1;

  constructor(readonly text: string) {}
}
