// The parts of markdown that redaction must keep intact: link and image syntax, table pipes, line breaks.
import { trimTrailing } from '../text/trailingRun.js';
import { findInlineLinks } from './findInlineLinks.js';

export interface OffsetSet {
  has(offset: number): boolean;
}

export interface MutableOffsetSet extends OffsetSet {
  add(offset: number): void;
}

/** A flag per character: the texts are long and the offsets many (every line break), so no Set of numbers. */
class OffsetFlags implements MutableOffsetSet {
  private readonly flags: Uint8Array;
  constructor(length: number) {
    this.flags = new Uint8Array(length + 1);
  }
  add(offset: number): void {
    this.flags[offset] = 1;
  }
  has(offset: number): boolean {
    return this.flags[offset] === 1;
  }
}

export interface MarkdownStructure {
  /** `[start, end)` ranges holding a URL (link/image destinations, autolinks, bare URLs, reference definitions). */
  urlRanges: Array<[number, number]>;
  /** Offsets of characters that are syntax and must survive any replacement (`|`, link brackets and parens, `\n`). */
  protectedOffsets: MutableOffsetSet;
}

const AUTOLINK_RE = /<([a-z][a-z0-9+.-]{1,31}:[^\s<>]+)>/gi;
/** What ends a bare URL: space, brackets, quotes (a raw template cannot hold the backtick, so it is put in). */
const URL_STOP = String.raw`[^\s<>()\[\]"'` + '`' + String.raw`|]+`;
const BARE_URL_RE = new RegExp(
  String.raw`\b(?:https?|ftp|wss?):\/\/${URL_STOP}|\bwww\.${URL_STOP}|\bmailto:${URL_STOP}|\btel:[+\d().\- ]{6,}\d`,
  'gi',
);
// The label stops at every line break `^` starts a line after (\r, \u2028, \u2029 too): a label run that crossed them
// was rescanned from each of those line starts (quadratic on `[\r[\r…`).
const REFERENCE_DEF_RE = /^ {0,3}\[[^\]\n\r\u2028\u2029]+\]:\s*(\S+)/gm;

export function findMarkdownStructure(text: string): MarkdownStructure {
  const urlRanges: Array<[number, number]> = [];
  const protectedOffsets = new OffsetFlags(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 124 /* | */ || c === 10 /* \n */) protectedOffsets.add(i);
  }
  // inline links are a one-pass scan: as a regex, the attempt at every "[" could rescan the rest of the text
  for (const { start: open, textStart, mid, urlEnd, end } of findInlineLinks(text)) {
    const urlStart = mid + 2;
    const close = end - 1;
    for (let k = open; k < textStart; k++) protectedOffsets.add(k);
    protectedOffsets.add(mid);
    protectedOffsets.add(mid + 1);
    protectedOffsets.add(close);
    if (urlEnd > urlStart) urlRanges.push([urlStart, urlEnd]);
  }
  for (const m of text.matchAll(AUTOLINK_RE)) {
    protectedOffsets.add(m.index!);
    protectedOffsets.add(m.index! + m[0].length - 1);
    urlRanges.push([m.index! + 1, m.index! + m[0].length - 1]);
  }
  for (const m of text.matchAll(BARE_URL_RE)) {
    const end = m.index! + trimTrailing(m[0], '.,;:!?').length;
    if (!insideAny(urlRanges, m.index!)) urlRanges.push([m.index!, end]);
  }
  for (const m of text.matchAll(REFERENCE_DEF_RE)) {
    const start = m.index! + m[0].length - m[1].length;
    if (!insideAny(urlRanges, start)) urlRanges.push([start, start + m[1].length]);
  }
  urlRanges.sort((a, b) => a[0] - b[0]);
  return { urlRanges, protectedOffsets };
}

export function insideAny(ranges: Array<[number, number]>, offset: number): boolean {
  for (const [s, e] of ranges) if (offset >= s && offset < e) return true;
  return false;
}

/** The text with every URL range blanked to spaces (same length), for detectors that read prose only. */
export function blankUrls(text: string, urlRanges: Array<[number, number]>): string {
  if (urlRanges.length === 0) return text;
  let out = '';
  let pos = 0;
  for (const [s, e] of urlRanges) {
    if (s < pos) continue;
    out += text.slice(pos, s) + ' '.repeat(e - s);
    pos = e;
  }
  return out + text.slice(pos);
}
