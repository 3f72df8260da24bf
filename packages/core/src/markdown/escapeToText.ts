import type { InlineScan } from './inlineScan.js';

const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** `\`: an escaped punctuation character is that character; a backslash at a line end is a hard break. */
export function escapeToText(scan: InlineScan, i: number): void {
  const next = scan.text[i + 1];
  if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
    scan.emit = next;
    scan.skip = 2;
  } else if (next === '\n' || next === undefined) scan.emit = ''; // a hard break
}
