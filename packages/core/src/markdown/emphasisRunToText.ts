import type { InlineScan } from './inlineScan.js';

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** A run of `*`, `_` or `~`: emphasis delimiters go; a `_` inside a word and a single `~` are text. */
export function emphasisRunToText(scan: InlineScan, i: number, ch: string): void {
  const text = scan.text;
  let run = 1;
  while (text[i + run] === ch) run++;
  scan.skip = run;
  const inWord = ch === '_' && isWordChar(text[i - 1]) && isWordChar(text[i + run]);
  scan.emit = inWord || (ch === '~' && run === 1) ? ch.repeat(run) : '';
}
