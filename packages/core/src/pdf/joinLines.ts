// Joining the lines of a paragraph back into running text: hyphenation undone, CJK joined without spaces.

/** Scripts written without spaces between words: a line break inside them is not a word break. */
const NO_SPACE_SCRIPT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/;
const HANGUL = /[\uac00-\ud7af]/;
/** A word split at the end of a line: letters, a hyphen, then a lowercase continuation on the next line. */
const HYPHEN_END = /(\p{L})[-\u2010\u00ad]$/u;
const LOWER_START = /^\p{Ll}/u;

/** Join two consecutive lines of one paragraph. `endsWithSpace` says the PDF itself put a space after `a`. */
export function joinLine(a: string, b: string, endsWithSpace = false): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  if (HYPHEN_END.test(a) && LOWER_START.test(b)) return a.slice(0, -1) + b;
  if (endsWithSpace) return `${a} ${b}`;
  const last = a[a.length - 1];
  const first = b[0];
  if (NO_SPACE_SCRIPT.test(last) && NO_SPACE_SCRIPT.test(first)) return a + b;
  // Korean wraps inside words when the line carries no trailing space.
  if (HANGUL.test(last) && HANGUL.test(first)) return a + b;
  return `${a} ${b}`;
}
