/**
 * Decides whether an HTML page fetched without a browser is an empty shell that JavaScript fills in, so the
 * scraper re-renders it in Chromium. Cheap string scans only: it runs on every HTTP-engine page, and a false
 * "yes" costs a browser render, a false "no" an empty markdown.
 */
import { hasEmptyMountPoint } from './emptyMountPoint.js';
import { hasMetaRefresh } from './metaRefresh.js';
import { hasNoscriptNotice } from './noscriptNotice.js';
import { visibleText } from './visibleText.js';
import {
  asciiCodes,
  indexOfByte,
  indexOfCodes,
  isWordByte,
  lastIndexOfByte,
  matchesAt,
  secondByteTable,
  visibleTextLength,
} from './visibleTextBytes.js';

/** Below this much visible body text a page says nothing on its own (a title, a "loading…", a footer line). */
const NEAR_EMPTY_TEXT_CHARS = 200;
/** Script bytes that make a near-empty page "script-heavy": a framework bundle, not a tracking snippet. */
const SCRIPT_HEAVY_BYTES = 5_000;
/** External scripts that make a near-empty page "script-heavy" on their own (bundles split into chunks). */
const SCRIPT_HEAVY_COUNT = 3;
/** With this much text the page has content of its own, whatever its scripts do. */
const CONTENT_TEXT_CHARS = 1_000;
/** Pages larger than this are read only in part: the verdict is about the start of the body. */
const SCAN_LIMIT_CHARS = 2_000_000;

/**
 * Words that, beside "javascript", make a short page text an "enable JavaScript" notice written outside <noscript>
 * (shown by default, removed by the app once it runs). Data, not a regex: add words here.
 */
const JS_NOTICE_WORDS = [
  'enable',
  'turn on',
  'activate',
  'requires',
  'required',
  'need',
  'disabled',
  'switch on',
  'allow',
  'support',
];

export interface ClientRenderedVerdict {
  clientRendered: boolean;
  /** Why (for logs and tests). */
  reason:
    | 'spa-root'
    | 'noscript'
    | 'js-notice'
    | 'script-heavy-empty'
    | 'empty-body'
    | 'nothing-to-run'
    | 'has-content'
    | 'not-html';
}

/** Explains the verdict; `looksClientRendered` is the yes/no the acquire step uses. */
export function judgeClientRendered(html: string): ClientRenderedVerdict {
  const page = html.length > SCAN_LIMIT_CHARS ? html.slice(0, SCAN_LIMIT_CHARS) : html;
  const bodyStart = page.search(/<body\b/i);
  if (bodyStart === -1 && !/<(html|head|script|div)\b/i.test(page))
    return { clientRendered: false, reason: 'not-html' };
  const body = bodyStart === -1 ? page : page.slice(bodyStart);
  // Read up to the threshold only: past it the verdict is "has content" whatever the rest says.
  const text = visibleText(body, CONTENT_TEXT_CHARS);
  if (text.length >= CONTENT_TEXT_CHARS) return { clientRendered: false, reason: 'has-content' };
  // The scripts' weight only matters for a page with little text (most pages stop above, without this scan).
  const { scriptBytes, externalScripts } = scriptWeight(page);
  const nearEmpty = text.length < NEAR_EMPTY_TEXT_CHARS;
  if (nearEmpty && hasEmptyMountPoint(body)) return { clientRendered: true, reason: 'spa-root' };
  if (hasNoscriptNotice(body) && text.length < CONTENT_TEXT_CHARS / 2)
    return { clientRendered: true, reason: 'noscript' };
  // The page's only words tell the reader to turn JavaScript on: the content is whatever the app renders instead.
  // (A page without any script has no app to render: its notice is its content.)
  if (nearEmpty && (scriptBytes > 0 || externalScripts > 0) && isJavaScriptNotice(text))
    return { clientRendered: true, reason: 'js-notice' };
  // A cut-off page whose scanned part is all head and scripts says nothing about its body: no verdict from weight.
  const truncated = page.length < html.length;
  if (nearEmpty && !truncated && (scriptBytes >= SCRIPT_HEAVY_BYTES || externalScripts >= SCRIPT_HEAVY_COUNT)) {
    return { clientRendered: true, reason: 'script-heavy-empty' };
  }
  // Not one visible character (a splash screen, custom elements only): nothing to lose by letting scripts run. A
  // page with nothing that could run (no script, no handler, no refresh, no frame) shows in a browser just as it is
  // here: the render would cost seconds (its smart wait holds for an app that never starts) for the same page.
  if (text.length === 0 && bodyStart !== -1 && !truncated) {
    return mayRunScripts(page)
      ? { clientRendered: true, reason: 'empty-body' }
      : { clientRendered: false, reason: 'nothing-to-run' };
  }
  return { clientRendered: false, reason: 'has-content' };
}

/**
 * What lets a browser change a page after it arrived: a script, an inline event handler, a meta refresh (to another
 * page), a frame or embedded document. Data, not one regex: add markers here. A false match only means a render.
 */
const MAY_RUN_MARKERS: readonly RegExp[] = [
  /<script\b/i,
  /\son[a-z]{1,40}\s{0,8}=/i,
  /<(iframe|frame|object|embed)\b/i,
];

function mayRunScripts(page: string): boolean {
  // The meta refresh is read in linear time (its regex read 400 characters from every `<meta`).
  return MAY_RUN_MARKERS.some((marker) => marker.test(page)) || hasMetaRefresh(page);
}

function isJavaScriptNotice(text: string): boolean {
  const lower = text.toLowerCase();
  return lower.includes('javascript') && JS_NOTICE_WORDS.some((word) => lower.includes(word));
}

/** True when the page's content most likely only exists after its JavaScript ran. */
export function looksClientRendered(html: string): boolean {
  return judgeClientRendered(html).clientRendered;
}

/**
 * Elements and comments whose content is not visible text, as `visibleText` drops them: an opening the scanned part
 * does not close would make its content count as text.
 */
const HIDDEN_SPANS: readonly (readonly [string, string])[] = [
  ['<script', '</script'],
  ['<style', '</style'],
  ['<noscript', '</noscript'],
  ['<template', '</template'],
  ['<svg', '</svg'],
  ['<!--', '-->'],
];

/**
 * True when the start of the page (e.g. its first 64 KB, decoded alone) already shows CONTENT_TEXT_CHARS of visible
 * body text: the full verdict is then "has content" whatever follows, so the rest need not be decoded or scanned
 * (most article pages). The part is cut before a tag or a hidden span it does not close, so it never counts more
 * text than the whole page has. False means "read the whole page", not "client-rendered".
 */
export function startsWithContent(start: string): boolean {
  const bodyStart = start.search(/<body\b/i);
  if (bodyStart === -1) return false;
  let part = start.slice(bodyStart);
  const lastOpen = part.lastIndexOf('<');
  if (lastOpen > part.lastIndexOf('>')) part = part.slice(0, lastOpen);
  return visibleText(part.slice(0, unclosedSpanStart(part)), CONTENT_TEXT_CHARS).length >= CONTENT_TEXT_CHARS;
}

/** Any opening of HIDDEN_SPANS, any case. */
const SPAN_OPENING = new RegExp(HIDDEN_SPANS.map(([open]) => open).join('|'), 'gi');
/** Each opening (lower case) → its closing, searched case-blind. */
const SPAN_CLOSING = new Map(HIDDEN_SPANS.map(([open, close]) => [open, new RegExp(close, 'gi')]));

/**
 * Where the earliest hidden span that `part` opens last without closing it starts (`part.length` when none): one
 * forward pass for the openings and one search per kind, case-blind on the page itself (a lower-cased copy cost more
 * than the rest of the check, and its offsets drift where lower-casing changes a character's length).
 */
function unclosedSpanStart(part: string): number {
  const lastOpening = new Map<string, number>();
  for (const match of part.matchAll(SPAN_OPENING)) lastOpening.set(match[0].toLowerCase(), match.index);
  let cut = part.length;
  for (const [open, at] of lastOpening) {
    const closing = SPAN_CLOSING.get(open)!;
    closing.lastIndex = at;
    if (!closing.test(part)) cut = Math.min(cut, at);
  }
  return cut;
}

/**
 * Byte offset of the page's first `<body` tag (as `/<body\b/i` finds it in the decoded page) when it starts within
 * `limitBytes`, else -1. Read from the bytes, without making a string of the page (that copy was most of the check's
 * cost on large pages): `<body` is ASCII, and a byte that is not (part of a UTF-8 sequence) is a non-word character,
 * so the byte offset and the `\b` verdict agree with the decoded page's.
 */
export function bodyTagOffset(bytes: Uint8Array, limitBytes: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(LESS_THAN); at !== -1 && at <= limitBytes; at = buffer.indexOf(LESS_THAN, at + 1)) {
    if (isBodyTagAt(buffer, at)) return at;
  }
  return -1;
}

const LESS_THAN = 0x3c;
/** `body`, lower case; an ASCII letter's upper case differs by this bit only. */
const BODY_BYTES = [0x62, 0x6f, 0x64, 0x79];
const CASE_BIT = 0x20;

/** `<body` at `at` (any case), followed by a non-word character or the end (the regex's `\b`). */
function isBodyTagAt(bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < BODY_BYTES.length; i++) {
    if (((bytes[at + 1 + i] ?? 0) | CASE_BIT) !== BODY_BYTES[i]) return false;
  }
  const next = bytes[at + 1 + BODY_BYTES.length];
  return next === undefined || !isWordByte(next);
}

/**
 * `startsWithContent` on the first `windowBytes` of the body, decoded alone: a page whose head is larger than the
 * window (inline styles and scripts, common on CMS pages) would otherwise be decoded and judged whole. Starting at the
 * `<body` tag keeps the guarantee (a window from the body start never counts more text than the whole body has); a
 * window past the judge's own scan limit is not used, as the judge would not read that far. Read from the bytes as
 * UTF-8 (visibleTextBytes.ts), with the verdict of the decoded window: its string was a third of the main thread's
 * allocation per scrape.
 */
export function bodyStartsWithContent(bytes: Uint8Array, windowBytes: number): boolean {
  const at = bodyTagOffset(bytes, SCAN_LIMIT_CHARS - windowBytes);
  if (at === -1) return false;
  let end = Math.min(bytes.length, at + windowBytes);
  // As startsWithContent: cut before a tag the window does not close, then before a hidden span it does not close.
  const lastOpen = lastIndexOfByte(bytes, LESS_THAN, at, end);
  if (lastOpen > lastIndexOfByte(bytes, GREATER_THAN, at, end)) end = lastOpen;
  end = unclosedSpanStartOfBytes(bytes, at, end);
  return visibleTextLength(bytes, at, end, CONTENT_TEXT_CHARS) >= CONTENT_TEXT_CHARS;
}

const GREATER_THAN = 0x3e;
/** HIDDEN_SPANS as byte codes. */
const HIDDEN_SPAN_CODES = HIDDEN_SPANS.map(([open, close]) => [asciiCodes(open), asciiCodes(close)] as const);
const SPAN_SECOND = secondByteTable(HIDDEN_SPAN_CODES.map(([open]) => open));

/**
 * unclosedSpanStart on `[start, end)` of the bytes: every opening starts with `<` and holds no other, so the openings
 * the regex's forward pass finds are those at each `<`; the closings are ASCII, searched case-blind as there.
 */
function unclosedSpanStartOfBytes(bytes: Uint8Array, start: number, end: number): number {
  // Plain loops: a closure with a destructured parameter per `<` allocated 30 KB per scrape.
  const lastOpening = HIDDEN_SPAN_CODES.map(() => -1);
  for (let at = indexOfByte(bytes, LESS_THAN, start, end); at !== -1; at = indexOfByte(bytes, LESS_THAN, at + 1, end)) {
    if (SPAN_SECOND[bytes[at + 1]!] !== 1) continue;
    for (let kind = 0; kind < HIDDEN_SPAN_CODES.length; kind++) {
      if (!matchesAt(bytes, at, end, HIDDEN_SPAN_CODES[kind]![0])) continue;
      lastOpening[kind] = at;
      break;
    }
  }
  let cut = end;
  for (let kind = 0; kind < lastOpening.length; kind++) {
    const at = lastOpening[kind]!;
    if (at !== -1 && indexOfCodes(bytes, HIDDEN_SPAN_CODES[kind]![1], at, end) === -1) cut = Math.min(cut, at);
  }
  return cut;
}

/** A script's opening, its name followed by a non-word character; its closing (any case). */
const SCRIPT_OPENING = /<script\b/gi;
const SCRIPT_CLOSING = /<\/script\s*>/gi;

/**
 * The page's script weight: bytes of inline script (JSON payloads included) and the count of external ones. The
 * scripts `/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi` finds, read in one forward pass: that regex rescanned the
 * rest of the page from every opening without a closing (a hostile page of bare `<script>` tags took seconds).
 */
function scriptWeight(page: string): { scriptBytes: number; externalScripts: number } {
  let scriptBytes = 0;
  let externalScripts = 0;
  const opening = new RegExp(SCRIPT_OPENING);
  for (let match = opening.exec(page); match !== null; match = opening.exec(page)) {
    const attributesStart = match.index + match[0].length;
    const tagEnd = page.indexOf('>', attributesStart);
    // No `>` (or no closing) after this opening: none after a later one either.
    if (tagEnd === -1) break;
    SCRIPT_CLOSING.lastIndex = tagEnd + 1;
    const closing = SCRIPT_CLOSING.exec(page);
    if (closing === null) break;
    // JSON payloads (Next's __NEXT_DATA__, ld+json) are data, not code that renders, but a big state blob still
    // means a framework hydrates this page.
    scriptBytes += closing.index - (tagEnd + 1);
    if (/\bsrc\s*=/i.test(page.slice(attributesStart, tagEnd))) externalScripts++;
    opening.lastIndex = closing.index + closing[0].length;
  }
  return { scriptBytes, externalScripts };
}
