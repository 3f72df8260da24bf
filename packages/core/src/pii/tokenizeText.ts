// Word-level view of a text for the name, place and organisation detectors.

export interface Token {
  /** Position in the token array. */
  index: number;
  text: string;
  lower: string;
  start: number;
  end: number;
  /** A letter word (possibly with inner apostrophes or hyphens); otherwise a number or a punctuation mark. */
  kind: 'word' | 'number' | 'punct';
  /** First letter is uppercase. */
  cap: boolean;
  /** Two or more letters, all uppercase. */
  allCaps: boolean;
  /** Whitespace between the previous token and this one contains a line break (or this is the first token). */
  lineStart: boolean;
  /** The previous token ends a sentence (., !, ?, :, a line break or a markdown marker), or this is the first token. */
  sentenceStart: boolean;
  /** Characters between the previous token and this one. */
  gapBefore: string;
  /** Memo of "is an everyday English word", filled on first use by the detectors. */
  common?: boolean;
}

// Inner apostrophes stay in a word (O'Brien, d'Assas) except English clitics, which split off: "Anna's" → "Anna" "'s".
// Groups: 1 word, 2 number, 3 clitic, 4 any other non-space character.
const TOKEN_RE = new RegExp(
  String.raw`([\p{L}\p{M}]+(?:['’](?!(?:s|m|re|ve|ll|d|t)(?![\p{L}\p{M}]))[\p{L}\p{M}]+|-[\p{L}\p{M}]+)*)` +
    String.raw`|(\d+)|(['’](?:s|m|re|ve|ll|d|t)(?![\p{L}\p{M}]))|(\S)`,
  'gu',
);
const SENTENCE_END = new Set(['.', '!', '?', ':', '#', '*', '>', '|', '-', '•', '"', '“', '(', '[', '`', '_']);

export function tokenizeText(text: string): Token[] {
  const tokens: Token[] = [];
  let prevEnd = 0;
  let prev: Token | undefined;
  for (const m of text.matchAll(TOKEN_RE)) {
    const t = m[0];
    const start = m.index!;
    // Most gaps are one space or nothing: no slice for those.
    const gap =
      start === prevEnd
        ? ''
        : start === prevEnd + 1 && text.charCodeAt(prevEnd) === 32
          ? ' '
          : text.slice(prevEnd, start);
    const isWord = m[1] !== undefined || m[3] !== undefined;
    const first = t[0];
    const lower = t.toLowerCase();
    const cap = m[1] !== undefined && first !== lower[0];
    const lineStart = prev === undefined || (gap.length > 1 && gap.includes('\n')) || gap === '\n';
    const token: Token = {
      index: tokens.length,
      text: t,
      lower,
      start,
      end: start + t.length,
      kind: isWord ? 'word' : m[2] !== undefined ? 'number' : 'punct',
      cap,
      allCaps: cap && t.length >= 2 && t === t.toUpperCase(),
      lineStart,
      sentenceStart: lineStart || (prev !== undefined && prev.kind === 'punct' && SENTENCE_END.has(prev.text)),
      gapBefore: gap,
    };
    tokens.push(token);
    prev = token;
    prevEnd = token.end;
  }
  return tokens;
}
