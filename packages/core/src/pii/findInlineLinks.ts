// Markdown inline links and images (`[text](url "title")`, `![alt](<url>)`), found as the pattern
//   (!?\[)((?:[^\[\]\n]|\[[^\[\]\n]*\])*)(\]\()(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)
//   ((?:\s+"[^"\n]*"|\s+'[^'\n]*')?\s*\))
// with the `g` flag found them, but in one pass. Each attempt of the pattern is cheap; what was quadratic is that a
// failed attempt at every "[" scanned the same text again (`![](<]` repeated: every attempt read to the end looking
// for the ">"). Here every place the pattern can start reading a part is read once, from the end of the text
// backwards, into a table: where that part ends from there (or -1 when it cannot match there). The attempts then
// only look up the table.
//
// Why a table per part is enough: from a given place each part can match in one way only. The text stops at the first
// character that is not text (an unclosed "[", a "]", a line break), and only there can "](" follow; the address
// stops where its characters do, and only there can a blank or ")" follow; a blank run, a title and the blanks after
// it each stop at the only place what follows them can start. So the pattern never has a second way to try.
import { isWhiteSpace } from '../text/isWhiteSpace.js';

export interface InlineLink {
  /** Where the link starts: its "!" or "[". */
  start: number;
  /** Where its text starts (after "![" or "["). */
  textStart: number;
  /** Where the "](" is. */
  mid: number;
  /** Where its address ends (the address starts at mid + 2). */
  urlEnd: number;
  /** Where the link ends (its ")" is at end - 1). */
  end: number;
}

const BANG = 33;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const LESS = 60;
const GREATER = 62;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const NEWLINE = 10;

/** For each place of the text, where each part of the pattern read from there ends (-1: it cannot match there). */
interface PartEnds {
  textEnd: Int32Array;
  urlEnd: Int32Array;
  angleEnd: Int32Array;
  closeEnd: Int32Array;
  titleEnd: Int32Array;
}

/** The tables of part ends, each read in one pass from the end of the text backwards. */
function partEnds(text: string): PartEnds {
  return { ...textAndAngleEnds(text), urlEnd: urlEnds(text), ...closeAndTitleEnds(text) };
}

/**
 * textEnd[i]: where the link text that starts at i ends: (?:[^\[\]\n]|\[[^\[\]\n]*\])*
 * angleEnd[i]: for a "<" at i, where `<[^>\n]*>` ends; -1 when it does not close
 */
function textAndAngleEnds(text: string): { textEnd: Int32Array; angleEnd: Int32Array } {
  const n = text.length;
  const textEnd = new Int32Array(n + 1);
  const angleEnd = new Int32Array(n + 1);
  textEnd[n] = n;
  angleEnd[n] = -1;
  // the next index after i holding "[", "]" or a line break; ">" or a line break
  let nextBracket = n;
  let nextGreater = n;
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACKET) {
      const j = nextBracket;
      textEnd[i] = j < n && text.charCodeAt(j) === CLOSE_BRACKET ? textEnd[j + 1]! : i;
    } else textEnd[i] = c === CLOSE_BRACKET || c === NEWLINE ? i : textEnd[i + 1]!;
    angleEnd[i] = c === LESS && nextGreater < n && text.charCodeAt(nextGreater) === GREATER ? nextGreater + 1 : -1;
    if (c === OPEN_BRACKET || c === CLOSE_BRACKET || c === NEWLINE) nextBracket = i;
    if (c === GREATER || c === NEWLINE) nextGreater = i;
  }
  return { textEnd, angleEnd };
}

/** urlEnd[i]: where an address without angle brackets that starts at i ends: [^\s()]*(?:\([^\s()]*\)[^\s()]*)* */
function urlEnds(text: string): Int32Array {
  const n = text.length;
  const urlEnd = new Int32Array(n + 1);
  urlEnd[n] = n;
  // the next index after i holding a blank or a bracket
  let nextUrlStop = n;
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    const blank = isWhiteSpace(c);
    if (c === OPEN_PAREN) {
      const j = nextUrlStop;
      urlEnd[i] = j < n && text.charCodeAt(j) === CLOSE_PAREN ? urlEnd[j + 1]! : i;
    } else urlEnd[i] = blank || c === CLOSE_PAREN ? i : urlEnd[i + 1]!;
    if (blank || c === OPEN_PAREN || c === CLOSE_PAREN) nextUrlStop = i;
  }
  return urlEnd;
}

/**
 * closeEnd[i]: where `\s*\)` from i ends, or -1
 * titleEnd[i]: where a title and the close after the blank run at i end (`"[^"\n]*"\s*\)` or the same with '), or -1
 */
function closeAndTitleEnds(text: string): { closeEnd: Int32Array; titleEnd: Int32Array } {
  const n = text.length;
  const closeEnd = new Int32Array(n + 1);
  const titleEnd = new Int32Array(n + 1);
  closeEnd[n] = -1;
  titleEnd[n] = -1;
  // the next index after i holding each quote or a line break
  let nextDouble = n;
  let nextSingle = n;
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    const blank = isWhiteSpace(c);
    closeEnd[i] = c === CLOSE_PAREN ? i + 1 : blank ? closeEnd[i + 1]! : -1;
    if (blank) titleEnd[i] = titleEnd[i + 1]!;
    else if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      const k = c === DOUBLE_QUOTE ? nextDouble : nextSingle;
      titleEnd[i] = k < n && text.charCodeAt(k) === c ? closeEnd[k + 1]! : -1;
    } else titleEnd[i] = -1;
    if (c === DOUBLE_QUOTE || c === NEWLINE) nextDouble = i;
    if (c === SINGLE_QUOTE || c === NEWLINE) nextSingle = i;
  }
  return { closeEnd, titleEnd };
}

/** Every inline link of `text`, in order, without overlaps: what `text.matchAll` of the pattern above finds. */
export function findInlineLinks(text: string): InlineLink[] {
  const links: InlineLink[] = [];
  if (!text.includes('](')) return links;
  const n = text.length;
  const { textEnd, urlEnd, angleEnd, closeEnd, titleEnd } = partEnds(text);
  // where `(?:\s+"…"|\s+'…')?\s*\)` from e ends, or -1
  const tailEnd = (e: number): number => {
    if (e < n && isWhiteSpace(text.charCodeAt(e)) && titleEnd[e]! >= 0) return titleEnd[e]!;
    return closeEnd[e]!;
  };
  let from = 0;
  while (from < n) {
    const bracket = text.indexOf('[', from);
    if (bracket === -1) break;
    const start = bracket > from && text.charCodeAt(bracket - 1) === BANG ? bracket - 1 : bracket;
    const textStart = bracket + 1;
    const mid = textEnd[textStart]!;
    if (mid + 1 < n && text.charCodeAt(mid) === CLOSE_BRACKET && text.charCodeAt(mid + 1) === OPEN_PAREN) {
      const url = mid + 2;
      let end = -1;
      let stop = -1;
      if (url < n && text.charCodeAt(url) === LESS && angleEnd[url]! >= 0) {
        stop = angleEnd[url]!;
        end = tailEnd(stop);
      }
      if (end < 0) {
        stop = urlEnd[url]!;
        end = tailEnd(stop);
      }
      if (end >= 0) {
        links.push({ start, textStart, mid, urlEnd: stop, end });
        from = end;
        continue;
      }
    }
    from = bracket + 1;
  }
  return links;
}
