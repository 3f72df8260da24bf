/**
 * The visible text of an HTML body as the client-rendered check reads it: the content of scripts, styles, noscript,
 * templates and svg dropped, then comments, then tags; `&nbsp;` is a space, whitespace runs are one space, the ends
 * trimmed. It is the text of the regex chain
 *
 *   body.replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
 *     .replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;/gi, ' ').replace(/\s+/g, ' ').trim()
 *
 * (the test holds the chain as its reference), read in linear time: each of those regexes rescans to the end of the
 * page from every opening it cannot close (`<a<a<a…` after the last `>`: a 2 MB page held the event loop for
 * minutes), and the chain made five copies of the page to count at most a thousand characters of it. Here every step
 * scans forward once, no copy of the page is made, and the reading stops at `maxChars`.
 */

/** An opening of a hidden element, the name followed by a non-word character (the chain's `\b`). */
const HIDDEN_OPENING = /<(script|style|noscript|template|svg)\b/gi;
/** The closing tags of the hidden elements, case-blind as the chain's back-reference `<\/\1\s*>` is. */
const HIDDEN_CLOSINGS: Readonly<Record<string, RegExp>> = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  noscript: /<\/noscript\s*>/gi,
  template: /<\/template\s*>/gi,
  svg: /<\/svg\s*>/gi,
};

/** The body's visible text, cut after `maxChars` characters (the cut text is a prefix of the whole one). */
export function visibleText(body: string, maxChars = Number.POSITIVE_INFINITY): string {
  return collapsedText(body, withComments(body, hiddenElements(body)), maxChars);
}

/*
 * The chain's first two replacements are not made: each made a copy of the page (most of the check's allocation, when
 * the whole verdict needs at most a thousand characters of text). The page they would leave is read in place as the
 * page with a list of removed ranges, `[start, end, start, end, …]` in order and disjoint, each read as one space.
 * Tokens that hold no space (`<!--`, `-->`, `&nbsp;`, a text run) can therefore never straddle a removed range.
 */

/**
 * Hidden elements, leftmost first, each up to the first closing of its own name. An opening without a closing stays
 * (the chain's regex does not match there); the closing searches are remembered per name, so none is repeated over
 * the same stretch.
 */
function hiddenElements(html: string): number[] {
  const ranges: number[] = [];
  /** Per name, the next closing found from some position on: its start and end, or a start of -1 for none. */
  const found = new Map<string, { start: number; end: number }>();
  const opening = new RegExp(HIDDEN_OPENING);
  for (let match = opening.exec(html); match !== null; match = opening.exec(html)) {
    const name = match[1]!.toLowerCase();
    const from = match.index + match[0].length;
    let closing = found.get(name);
    if (!closing || (closing.start !== -1 && closing.start < from)) {
      const search = HIDDEN_CLOSINGS[name]!;
      search.lastIndex = from;
      const hit = search.exec(html);
      closing = hit ? { start: hit.index, end: hit.index + hit[0].length } : { start: -1, end: -1 };
      found.set(name, closing);
    }
    // Searches start further on each time: none after an earlier position means none after this one.
    if (closing.start === -1) continue;
    ranges.push(match.index, closing.end);
    opening.lastIndex = closing.end;
  }
  return ranges;
}

/**
 * The hidden ranges with the comments of the page they leave added (a comment there may span hidden elements: it
 * absorbs them); from the first comment without an end on, no later one can have one.
 */
function withComments(html: string, hidden: number[]): number[] {
  let at = indexOutside(html, '<!--', 0, hidden);
  if (at === -1) return hidden;
  const ranges: number[] = [];
  let h = 0;
  while (at !== -1) {
    const found = indexOutside(html, '-->', at + 4, hidden);
    if (found === -1) break;
    const end = found + 3;
    for (; h < hidden.length && hidden[h]! < at; h += 2) ranges.push(hidden[h]!, hidden[h + 1]!);
    while (h < hidden.length && hidden[h]! < end) h += 2;
    ranges.push(at, end);
    at = indexOutside(html, '<!--', end, hidden);
  }
  for (; h < hidden.length; h += 2) ranges.push(hidden[h]!, hidden[h + 1]!);
  return ranges;
}

/**
 * The first `needle` at or after `from` that starts outside the removed ranges, or -1. (The needles here cannot start
 * before a range and end in it: a range starts with `<`, which they hold first or not at all.)
 */
function indexOutside(html: string, needle: string, from: number, ranges: number[]): number {
  let hit = html.indexOf(needle, from);
  for (let r = rangeAt(ranges, hit); hit !== -1 && r !== -1; r = rangeAt(ranges, hit)) {
    hit = html.indexOf(needle, ranges[r + 1]!);
  }
  return hit;
}

/** The last `>` outside the removed ranges, or -1. */
function lastCloseOutside(html: string, ranges: number[]): number {
  let hit = html.lastIndexOf('>');
  for (let r = rangeAt(ranges, hit); hit !== -1 && r !== -1; r = rangeAt(ranges, hit)) {
    hit = ranges[r]! === 0 ? -1 : html.lastIndexOf('>', ranges[r]! - 1);
  }
  return hit;
}

/** The index (even) of the removed range holding `at`, or -1 (also for `at` = -1): a binary search. */
function rangeAt(ranges: number[], at: number): number {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high && at >= 0) {
    const mid = (low + high) >> 1;
    if (at < ranges[2 * mid]!) high = mid - 1;
    else if (at >= ranges[2 * mid + 1]!) low = mid + 1;
    else return 2 * mid;
  }
  return -1;
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const AMPERSAND = 0x26;
/** An ASCII letter's upper case differs from its lower case by this bit only. */
const CASE_BIT = 0x20;
const SEMICOLON = 0x3b;
/** The length of `&nbsp;` and `&#160;`. */
const NBSP_LENGTH = 6;
/** `nbsp`, lower case. */
const NBSP_LETTERS = [0x6e, 0x62, 0x73, 0x70];

/**
 * The text between tags (`<` with at least one character before the next `>`), `&nbsp;` / `&#160;` and whitespace,
 * joined by single spaces: what the chain's last three replacements and its trim leave, of the page without its
 * `removed` ranges. A `<` that starts no tag and an `&` that starts no space are text.
 */
function collapsedText(html: string, removed: number[], maxChars: number): string {
  // Past the last `>` no `<` starts a tag: known once instead of searched from every `<`.
  const reading: Reading = { text: '', gap: false, lastClose: lastCloseOutside(html, removed), removed, maxChars };
  let i = 0;
  for (let r = 0; i < html.length && reading.text.length < maxChars; r += 2) {
    if (r >= removed.length) {
      readStretch(html, i, html.length, reading);
      break;
    }
    if (i < removed[r]!) i = readStretch(html, i, removed[r]!, reading);
    // The removed range (or the part of it a tag did not run over) reads as a space.
    if (reading.text.length < maxChars) i = Math.max(i, removed[r + 1]!);
    reading.gap = true;
  }
  const { text } = reading;
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}

interface Reading {
  text: string;
  /** Whitespace (or a tag) since the last text run. */
  gap: boolean;
  lastClose: number;
  removed: number[];
  maxChars: number;
}

/**
 * Reads `html` from `i` up to `stop` (where a removed range starts, or the end) or until the text is long enough;
 * returns where it stopped (past `stop` when a tag runs over removed ranges). Apart from the bound, the loop of the
 * whole-page reading: kept in a small function of its own, which the compiler optimises as it did that one.
 */
function readStretch(html: string, from: number, stop: number, reading: Reading): number {
  const { lastClose, maxChars } = reading;
  let { text, gap } = reading;
  let i = from;
  while (i < stop && text.length < maxChars) {
    const code = html.charCodeAt(i);
    if (code === LESS_THAN && i < lastClose && !(i + 1 < stop && html.charCodeAt(i + 1) === GREATER_THAN)) {
      // A `>` before the next removed range is outside them all: the range search only for a tag that runs over one.
      const close = html.indexOf('>', i + 1);
      i = (close < stop ? close : indexOutside(html, '>', i + 1, reading.removed)) + 1;
      gap = true;
      if (i > stop) break;
    } else if (code === AMPERSAND && i + NBSP_LENGTH <= stop && isNbspAt(html, i)) {
      i += NBSP_LENGTH;
      gap = true;
    } else if (isSpace(code)) {
      i++;
      gap = true;
    } else {
      let end = i + 1;
      while (end < stop && !endsTextRun(html.charCodeAt(end))) end++;
      if (gap && text.length > 0) text += ' ';
      text += html.slice(i, end);
      gap = false;
      i = end;
    }
  }
  reading.text = text;
  reading.gap = gap;
  return i;
}

/** A character where a run of text may end: a tag, an entity or whitespace may start there. */
function endsTextRun(code: number): boolean {
  return code === LESS_THAN || code === AMPERSAND || isSpace(code);
}

/** `&nbsp;` (any case) or `&#160;` at `at`. */
function isNbspAt(html: string, at: number): boolean {
  if (html.charCodeAt(at + 5) !== SEMICOLON) return false;
  if (html.startsWith('&#160;', at)) return true;
  for (let k = 0; k < NBSP_LETTERS.length; k++) {
    if ((html.charCodeAt(at + 1 + k) | CASE_BIT) !== NBSP_LETTERS[k]) return false;
  }
  return true;
}

/** JavaScript's `\s` (and what `String#trim` removes): ASCII and Unicode spaces, line ends, the BOM. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
