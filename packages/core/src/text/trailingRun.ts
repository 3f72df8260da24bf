// Trailing runs found by scanning back from the end. `/[set]+$/` and `/\s*$/` look linear but are quadratic: the
// engine tries them at every start inside a long run and scans to the end from each (60 KB of spaces that end in a
// letter take seconds). Page text reaches all of these, so they are small loops instead.

/** JavaScript's `\s` (WhiteSpace and LineTerminator), the same set String.prototype.trim removes. */
export function isSpace(ch: string): boolean {
  return ch !== '' && ch.trim() === '';
}

/** Where the run of characters passing `inRun` that ends `text` (or its first `end` characters) starts; `end` if none.
 */
export function trailingRunStart(text: string, inRun: (ch: string) => boolean, end = text.length): number {
  let i = end;
  while (i > 0 && inRun(text[i - 1])) i--;
  return i;
}

/** `text` without the run of `chars` (each one character of the BMP) it ends with: `/[chars]+$/` replaced by ''. */
export function trimTrailing(text: string, chars: string): string {
  return text.slice(
    0,
    trailingRunStart(text, (ch) => chars.includes(ch)),
  );
}

/** `text` without the whitespace, and the characters of `chars`, it ends with: `/[\s chars]+$/` replaced by ''. */
export function trimTrailingSpaceAnd(text: string, chars: string): string {
  return text.slice(
    0,
    trailingRunStart(text, (ch) => isSpace(ch) || chars.includes(ch)),
  );
}
