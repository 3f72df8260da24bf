/**
 * `visibleText(…).length` (capped) read straight from UTF-8 bytes, for the acquire step's window check: decoding a
 * 32/64 KB window of every fetched page into a string (two bytes a character as soon as one is not Latin-1) was about
 * a third of the main thread's allocation per scrape. The steps are visibleText's, on byte offsets: every marker they
 * search is ASCII, and a UTF-8 decoder maps an ASCII byte to that character and never makes one of other bytes, so
 * markers, stretches and tags fall at the same places. Only the text between them is decoded, one character at a
 * time, as the decoder would (U+FFFD for each invalid sequence), to tell spaces from text and count UTF-16 units.
 */
import { isSpace, type Stretches, stretchOf } from './visibleText.js';

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const AMPERSAND = 0x26;
const SEMICOLON = 0x3b;
/** An ASCII letter's upper case differs from its lower case by this bit only. */
const CASE_BIT = 0x20;
/** `&nbsp;` and `&#160;` are six bytes long. */
const NBSP_BYTES = 6;
const REPLACEMENT = 0xfffd;
/** A decoded character packed as `codePoint * CHAR_PACK + byte count` (no object per character). */
const CHAR_PACK = 8;

/** ASCII text as its byte codes, letters lower case: compared case-blind where the pattern is a letter. */
export const asciiCodes = (text: string): readonly number[] => [...text].map((c) => c.charCodeAt(0));

/** The hidden elements' names, as in visibleText's HIDDEN_OPENING. */
const HIDDEN_NAMES = ['script', 'style', 'noscript', 'template', 'svg'].map(asciiCodes);
/**
 * Per byte, 1 when it may follow the `<` of one of `patterns` (their second byte, any case): most `<` of a page
 * start none, and one table read passes them (the check's CPU must not exceed the decoded window's).
 */
export function secondByteTable(patterns: readonly (readonly number[])[]): Uint8Array {
  const table = new Uint8Array(256);
  for (const pattern of patterns) {
    const second = pattern[1]!;
    table[second] = 1;
    if (isLowerLetter(second)) table[second & ~CASE_BIT] = 1;
  }
  return table;
}
const HIDDEN_SECOND = secondByteTable(HIDDEN_NAMES.map((name) => [LESS_THAN, ...name]));
const GREATER_THAN_CODES = [GREATER_THAN];
const COMMENT_OPEN = asciiCodes('<!--');
const COMMENT_CLOSE = asciiCodes('-->');
const NBSP_NAME = asciiCodes('&nbsp;');
const NBSP_NUMBER = asciiCodes('&#160;');

/** `pattern` at `at` before `end`, its letters any case (a non-letter byte must be equal: `\r | 0x20` is `-`). */
export function matchesAt(bytes: Uint8Array, at: number, end: number, pattern: readonly number[]): boolean {
  if (at + pattern.length > end) return false;
  for (let k = 0; k < pattern.length; k++) {
    const want = pattern[k]!;
    const byte = bytes[at + k]!;
    if (byte !== want && !(isLowerLetter(want) && (byte | CASE_BIT) === want)) return false;
  }
  return true;
}

function isLowerLetter(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

/** `\w` of a regex without the `u` flag: ASCII letters, digits and the underscore (any other byte is not one). */
export function isWordByte(byte: number): boolean {
  const lower = byte | CASE_BIT;
  return (lower >= 0x61 && lower <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x5f;
}

/** First `byte` in `[from, end)`, -1 when none. */
export function indexOfByte(bytes: Uint8Array, byte: number, from: number, end: number): number {
  for (let at = from; at < end; at++) if (bytes[at] === byte) return at;
  return -1;
}

/** Last `byte` in `[start, end)`, -1 when none. */
export function lastIndexOfByte(bytes: Uint8Array, byte: number, start: number, end: number): number {
  for (let at = end - 1; at >= start; at--) if (bytes[at] === byte) return at;
  return -1;
}

/** First `pattern` (starting with `<` or another ASCII byte) in `[from, end)`, -1 when none. */
export function indexOfCodes(bytes: Uint8Array, pattern: readonly number[], from: number, end: number): number {
  const first = pattern[0]!;
  for (let at = indexOfByte(bytes, first, from, end); at !== -1; at = indexOfByte(bytes, first, at + 1, end)) {
    if (matchesAt(bytes, at, end, pattern)) return at;
  }
  return -1;
}

/**
 * The character a UTF-8 decoder (the Encoding Standard's, replacing errors) reads at `at` (a byte ≥ 0x80), the stream
 * ending at `end`: packed as `codePoint * CHAR_PACK + bytes read`. An invalid sequence is U+FFFD over its maximal
 * valid prefix, the byte that broke it read again as the start of the next character.
 */
function charAt(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at]!;
  let needed: number;
  let code: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    needed = 1;
    code = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    needed = 2;
    code = lead & 0x0f;
    if (lead === 0xe0) lower = 0xa0;
    else if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    needed = 3;
    code = lead & 0x07;
    if (lead === 0xf0) lower = 0x90;
    else if (lead === 0xf4) upper = 0x8f;
  } else {
    return REPLACEMENT * CHAR_PACK + 1;
  }
  let next = at + 1;
  for (let n = 0; n < needed; n++, next++) {
    const byte = next < end ? bytes[next]! : -1;
    if (byte < lower || byte > upper) return REPLACEMENT * CHAR_PACK + (next - at);
    lower = 0x80;
    upper = 0xbf;
    code = (code << 6) | (byte & 0x3f);
  }
  return code * CHAR_PACK + (next - at);
}

/** JavaScript's `\s` at `at`: its byte count there, 0 when the character there is not one. */
function spaceBytesAt(bytes: Uint8Array, at: number, end: number): number {
  const byte = bytes[at]!;
  if (byte < 0x80) return isSpace(byte) ? 1 : 0;
  const packed = charAt(bytes, at, end);
  return isSpace(Math.floor(packed / CHAR_PACK)) ? packed % CHAR_PACK : 0;
}

/** End of the closing `</name\s*>` (any case) that starts at `at`, -1 when none starts there. */
function closingEndAt(bytes: Uint8Array, at: number, end: number, name: readonly number[]): number {
  if (bytes[at + 1] !== 0x2f || !matchesAt(bytes, at + 2, end, name)) return -1;
  let next = at + 2 + name.length;
  for (let step = next < end ? spaceBytesAt(bytes, next, end) : 0; step > 0; step = spaceBytesAt(bytes, next, end)) {
    next += step;
    if (next >= end) return -1;
  }
  return next < end && bytes[next] === GREATER_THAN ? next + 1 : -1;
}

/** visibleText's findKept on bytes (the stretches are offsets of the bytes), for an ASCII `marker`. */
function findKept(bytes: Uint8Array, kept: Stretches, k: number, from: number, marker: readonly number[]): number {
  let at = from;
  for (let i = k; i < kept.length; i += 2) {
    if (at < kept[i]!) at = kept[i]!;
    const hit = indexOfCodes(bytes, marker, at, kept[kept.length - 1]!);
    if (hit === -1) return -1;
    if (hit + marker.length <= kept[i + 1]!) return hit;
    at = Math.max(hit, kept[i + 1]!);
  }
  return -1;
}

/** The hidden element opening at `at` (`<name` then a non-word byte or the end): its name's index, -1 when none. */
function hiddenOpeningAt(bytes: Uint8Array, at: number, end: number): number {
  if (HIDDEN_SECOND[bytes[at + 1]!] !== 1) return -1;
  for (let n = 0; n < HIDDEN_NAMES.length; n++) {
    const name = HIDDEN_NAMES[n]!;
    if (!matchesAt(bytes, at + 1, end, name)) continue;
    const after = at + 1 + name.length;
    return after >= end || !isWordByte(bytes[after]!) ? n : -1;
  }
  return -1;
}

/** visibleText's withoutHiddenElements on `[start, end)` of the bytes. */
function withoutHiddenElements(bytes: Uint8Array, start: number, end: number): Stretches {
  const kept: Stretches = [];
  // Per name, the next closing found from some position on (start, end), a start of -1 for none, -2 not searched.
  const found: number[] = new Array<number>(2 * HIDDEN_NAMES.length).fill(-2);
  let copied = start;
  let at = indexOfByte(bytes, LESS_THAN, start, end);
  while (at !== -1) {
    const n = hiddenOpeningAt(bytes, at, end);
    if (n === -1) {
      at = indexOfByte(bytes, LESS_THAN, at + 1, end);
      continue;
    }
    const from = at + 1 + HIDDEN_NAMES[n]!.length;
    if (found[2 * n] === -2 || (found[2 * n]! !== -1 && found[2 * n]! < from))
      searchClosing(bytes, from, end, n, found);
    if (found[2 * n] === -1) {
      at = indexOfByte(bytes, LESS_THAN, from, end);
      continue;
    }
    kept.push(copied, at);
    copied = found[2 * n + 1]!;
    at = indexOfByte(bytes, LESS_THAN, copied, end);
  }
  kept.push(copied, end);
  return kept;
}

/** The first closing of hidden name `n` at or after `from`, into `found`. */
function searchClosing(bytes: Uint8Array, from: number, end: number, n: number, found: number[]): void {
  const name = HIDDEN_NAMES[n]!;
  for (let at = indexOfByte(bytes, LESS_THAN, from, end); at !== -1; at = indexOfByte(bytes, LESS_THAN, at + 1, end)) {
    const closingEnd = closingEndAt(bytes, at, end, name);
    if (closingEnd !== -1) {
      found[2 * n] = at;
      found[2 * n + 1] = closingEnd;
      return;
    }
  }
  found[2 * n] = -1;
  found[2 * n + 1] = -1;
}

/** visibleText's withoutComments on bytes. */
function withoutComments(bytes: Uint8Array, kept: Stretches): Stretches {
  let at = findKept(bytes, kept, 0, kept[0]!, COMMENT_OPEN);
  if (at === -1) return kept;
  const out: Stretches = [];
  let k = 0;
  let copied = kept[0]!;
  while (at !== -1) {
    const openK = stretchOf(kept, k, at);
    const end = findKept(bytes, kept, openK, at + 4, COMMENT_CLOSE);
    if (end === -1) break;
    for (; k < openK; k += 2) {
      out.push(copied, kept[k + 1]!);
      copied = kept[k + 2]!;
    }
    out.push(copied, at);
    k = stretchOf(kept, openK, end);
    copied = end + 3;
    at = findKept(bytes, kept, k, copied, COMMENT_OPEN);
  }
  for (; k < kept.length; k += 2) {
    out.push(copied, kept[k + 1]!);
    copied = kept[k + 2]!;
  }
  return out;
}

/** Offset of the last `>` inside the stretches, -1 when none. */
function lastKeptClose(bytes: Uint8Array, kept: Stretches): number {
  for (let k = kept.length - 2; k >= 0; k -= 2) {
    const at = lastIndexOfByte(bytes, GREATER_THAN, kept[k]!, kept[k + 1]!);
    if (at !== -1) return at;
  }
  return -1;
}

/**
 * The length (UTF-16 units, at most `maxChars`) of `visibleText` of `[start, end)` of the UTF-8 bytes decoded alone:
 * collapsedText's reading, counting instead of copying.
 */
export function visibleTextLength(bytes: Uint8Array, start: number, end: number, maxChars: number): number {
  const kept = withoutComments(bytes, withoutHiddenElements(bytes, start, end));
  const lastClose = lastKeptClose(bytes, kept);
  let length = 0;
  let gap = false;
  let k = 0;
  let i = kept[0]!;
  while (k < kept.length && length < maxChars) {
    const stretchEnd = kept[k + 1]!;
    if (i >= stretchEnd) {
      k += 2;
      i = kept[k] ?? i;
      gap = true;
      continue;
    }
    const code = bytes[i]!;
    if (code === LESS_THAN && i < lastClose && !(i + 1 < stretchEnd && bytes[i + 1] === GREATER_THAN)) {
      const close = findKept(bytes, kept, k, i + 1, GREATER_THAN_CODES);
      k = stretchOf(kept, k, close);
      i = close + 1;
      gap = true;
      continue;
    }
    if (code === AMPERSAND && i + NBSP_BYTES <= stretchEnd && isNbspAt(bytes, i)) {
      i += NBSP_BYTES;
      gap = true;
      continue;
    }
    let char = code;
    if (code < 0x80) i++;
    else {
      const packed = charAt(bytes, i, stretchEnd);
      char = Math.floor(packed / CHAR_PACK);
      i += packed % CHAR_PACK;
    }
    if (isSpace(char)) {
      gap = true;
      continue;
    }
    if (gap && length > 0) length++;
    length += char > 0xffff ? 2 : 1;
    gap = false;
  }
  return Math.min(length, maxChars);
}

function isNbspAt(bytes: Uint8Array, at: number): boolean {
  if (bytes[at + 5] !== SEMICOLON) return false;
  return matchesAt(bytes, at, at + NBSP_BYTES, NBSP_NUMBER) || matchesAt(bytes, at, at + NBSP_BYTES, NBSP_NAME);
}
