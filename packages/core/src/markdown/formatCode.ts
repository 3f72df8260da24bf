/** Inline code spans and fenced code blocks whose delimiters can never collide with the code they hold. */

/** The language named by `class="language-x"` or `class="lang-x"` (Prism, highlight.js, CommonMark renderers). */
const LANGUAGE_CLASS = /(?:^|\s)lang(?:uage)?-([^\s`]+)/;

export function languageFromClass(className: string | null | undefined): string {
  if (!className) return '';
  const m = LANGUAGE_CLASS.exec(className);
  return m ? m[1] : '';
}

/** Lengths of every run of `ch` in `text`. */
function runLengths(text: string, ch: string): Set<number> {
  const runs = new Set<number>();
  let i = text.indexOf(ch);
  while (i !== -1) {
    let j = i + 1;
    while (text[j] === ch) j++;
    runs.add(j - i);
    i = text.indexOf(ch, j);
  }
  return runs;
}

/**
 * A code span: the delimiter is a backtick run whose length occurs nowhere in the code, padded with one space when
 * the code starts or ends with a backtick or is wrapped in spaces (CommonMark strips one space from each side).
 * Inside a GFM table cell `|` must be escaped even in code.
 */
export function formatCodeSpan(code: string, inCell = false): string {
  let text = code.replace(/\r\n?|\n/g, ' ');
  if (text === '') return '';
  const runs = runLengths(text, '`');
  let n = 1;
  while (runs.has(n)) n++;
  const fence = '`'.repeat(n);
  const allSpaces = text.trim() === '';
  const pad =
    text[0] === '`' ||
    text[text.length - 1] === '`' ||
    (!allSpaces && text[0] === ' ' && text[text.length - 1] === ' ');
  if (inCell) text = text.replace(/\|/g, '\\|');
  return pad ? `${fence} ${text} ${fence}` : fence + text + fence;
}

/**
 * A fenced code block as lines. The fence is longer than any backtick run in the code (so no line can close it);
 * a language containing a backtick switches to a tilde fence, since backtick fences cannot carry one.
 */
export function formatFencedCode(code: string, language: string): string[] {
  const useTilde = language.includes('`');
  const ch = useTilde ? '~' : '`';
  let longest = 0;
  for (const n of runLengths(code, ch)) if (n > longest) longest = n;
  const fence = ch.repeat(Math.max(3, longest + 1));
  let body = code.replace(/\r\n?/g, '\n');
  if (body.endsWith('\n')) body = body.slice(0, -1);
  const lines = code === '' ? [] : body.split('\n');
  return [fence + language, ...lines, fence];
}
