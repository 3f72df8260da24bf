/**
 * The plain-text view of markdown, used to score extraction: what a reader sees, without syntax. Images go, links
 * keep their text, block markers (headings, quotes, bullets, table pipes and separators, fences) and inline markers
 * (emphasis, code ticks, backslash escapes, hard-break backslashes) go; the words stay, one block per line.
 * Block markers are removed line by line, then each run of non-code lines is scanned once for inline syntax, so
 * links whose text spans lines still lose their URL. Linear in the input.
 */
import { trailingRunStart } from '../text/trailingRun.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE_PREFIX = /^(?:[ \t]*>[ \t]?)*/;
// The optional pipes carry their own blanks: `[ \t]*\|?[ \t]*` let two blank runs share a line of blanks (quadratic).
const TABLE_SEPARATOR = /^[ \t]*(?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*(?:\|[ \t]*)?$/;
const THEMATIC_BREAK = /^[ \t]*(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const SETEXT_UNDERLINE = /^[ \t]*(?:=+|-+)[ \t]*$/;
/** Block markers at a line start (after quote markers): bullets, ordered markers, task boxes, heading hashes. */
const LINE_MARKERS = /^[ \t]*(?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)(?:\[[ xX]\](?:[ \t]+|$))?)*(?:#{1,6}(?:[ \t]+|$))?/;
const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const SPECIAL = /[\\`![\]*_~&<]/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
/** Longest entity name we decode (`&thetasym;`), plus `&` and `;`. */
const MAX_ENTITY_LENGTH = 12;
/** Link destinations and titles longer than this are not links to this scan (data URIs excepted). */
const MAX_DESTINATION_SCAN = 8192;
const DATA_URI_CHAR = /[A-Za-z0-9+/=;,:%._~!$&'*@?#-]/;
const AUTOLINK = /^<((?:https?|ftp):[^\s<>]*|mailto:[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/i;

function decodeEntity(name: string): string | null {
  const named = ENTITIES[name];
  if (named !== undefined) return named;
  const m = /^#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
  if (!m) return null;
  const code = m[1] ? parseInt(m[1], 16) : parseInt(m[2], 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/**
 * Index just past the `)` that ends a link destination (and optional title) starting at `from`, or -1. Many `](`
 * in a row must stay linear: a bare destination stops at a bracket (where the next scan begins), `<...>` at a `<`,
 * a `data:` destination at the first character a data URI cannot hold, and titles are bounded. (A URL holding a bare
 * bracket therefore stays as text; htmlToMarkdown escapes them.)
 */
function destinationEnd(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  if (text[i] === '<') {
    // `<...>` holds no line break and no other `<`.
    i++;
    while (i < text.length && text[i] !== '>' && text[i] !== '<' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    if (text[i] !== '>') return -1;
    i++;
  } else if (text.startsWith('data:', i)) {
    while (i < text.length && DATA_URI_CHAR.test(text[i])) i++;
  } else {
    const limit = Math.min(text.length, i + MAX_DESTINATION_SCAN);
    let depth = 0;
    while (i < limit) {
      const c = text[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      // A bracket ends the scan: the next `[`/`]` starts its own, so scans never overlap.
      if (c === '[' || c === ']') return -1;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c === ' ' || c === '\t' || c === '\n') break;
      i++;
    }
  }
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  if (text[i] === '"' || text[i] === "'" || text[i] === '(') {
    const quote = text[i] === '(' ? ')' : text[i];
    const limit = Math.min(text.length, i + MAX_DESTINATION_SCAN);
    i++;
    while (i < limit && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
    i++;
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  }
  return text[i] === ')' ? i + 1 : -1;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Inline syntax out of a run of lines: images dropped, links to their text, code spans to their code, escapes. */
function inlineToText(text: string): string {
  let out = '';
  let copied = 0;
  const opens: { at: number; image: boolean }[] = [];
  SPECIAL.lastIndex = 0;
  for (let m = SPECIAL.exec(text); m !== null; m = SPECIAL.exec(text)) {
    const i = m.index;
    if (i < copied) {
      SPECIAL.lastIndex = copied;
      continue;
    }
    out += text.slice(copied, i);
    copied = i;
    const ch = text[i];
    let skip = 1;
    let emit = ch;
    switch (ch) {
      case '\\': {
        const next = text[i + 1];
        if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
          emit = next;
          skip = 2;
        } else if (next === '\n' || next === undefined) emit = ''; // a hard break
        break;
      }
      case '`': {
        let run = 1;
        while (text[i + run] === '`') run++;
        const fence = '`'.repeat(run);
        let close = text.indexOf(fence, i + run);
        while (close !== -1 && text[close + run] === '`') {
          let end = close;
          while (text[end] === '`') end++;
          close = text.indexOf(fence, end);
        }
        if (close !== -1) {
          let code = text.slice(i + run, close).replace(/\n/g, ' ');
          if (code.length > 1 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim() !== '')
            code = code.slice(1, -1);
          emit = code;
          skip = close + run - i;
        } else {
          emit = fence;
          skip = run;
        }
        break;
      }
      case '!':
        if (text[i + 1] === '[') {
          opens.push({ at: out.length, image: true });
          emit = '';
          skip = 2;
        }
        break;
      case '[':
        opens.push({ at: out.length, image: false });
        emit = '';
        break;
      case ']': {
        if (opens.length === 0) break;
        const open = opens.pop()!;
        const end = text[i + 1] === '(' ? destinationEnd(text, i + 2) : -1;
        emit = '';
        if (end !== -1) {
          if (open.image) out = out.slice(0, open.at);
          skip = end - i;
        }
        break;
      }
      case '*':
      case '_':
      case '~': {
        let run = 1;
        while (text[i + run] === ch) run++;
        skip = run;
        const inWord = ch === '_' && isWordChar(text[i - 1]) && isWordChar(text[i + run]);
        // Emphasis delimiters go; a `_` inside a word and a single `~` are text.
        emit = inWord || (ch === '~' && run === 1) ? ch.repeat(run) : '';
        break;
      }
      case '&': {
        const semi = text.slice(i, i + MAX_ENTITY_LENGTH).indexOf(';') + i;
        if (semi > i) {
          const decoded = decodeEntity(text.slice(i + 1, semi));
          if (decoded !== null) {
            emit = decoded;
            skip = semi + 1 - i;
          }
        }
        break;
      }
      case '<': {
        const a = AUTOLINK.exec(text.slice(i, i + 2048));
        if (a) {
          emit = a[1].replace(/^mailto:/i, '');
          skip = a[0].length;
        }
        break;
      }
    }
    out += emit;
    copied = i + skip;
    SPECIAL.lastIndex = copied;
  }
  return out + text.slice(copied);
}

function tableRowToText(line: string): string {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '|') {
      cells.push(s.slice(from, i).trim());
      from = i + 1;
    }
  }
  cells.push(s.slice(from).trim());
  return cells.filter((c) => c !== '').join(' ');
}

export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  let pending: string[] = [];
  const flushInline = () => {
    if (pending.length === 0) return;
    for (const line of inlineToText(pending.join('\n')).split('\n')) out.push(line.trim());
    pending = [];
  };
  let fence: string | null = null;
  for (const raw of markdown.split(/\r\n?|\n/)) {
    const unquoted = raw.replace(QUOTE_PREFIX, '');
    if (fence !== null) {
      const m = FENCE.exec(unquoted.trimStart());
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && unquoted.trim() === m[1]) fence = null;
      else out.push(unquoted.trimEnd());
      continue;
    }
    if (THEMATIC_BREAK.test(unquoted)) {
      flushInline();
      out.push('');
      continue;
    }
    let line = unquoted.replace(LINE_MARKERS, '');
    const m = FENCE.exec(line);
    if (m) {
      flushInline();
      fence = m[1];
      continue;
    }
    if (SETEXT_UNDERLINE.test(line) || TABLE_SEPARATOR.test(line)) {
      if (line.trim() !== '') continue;
      flushInline();
      out.push('');
      continue;
    }
    line = withoutClosingHashes(line);
    pending.push(line.trimStart().startsWith('|') ? tableRowToText(line) : line);
  }
  flushInline();
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const isBlank = (ch: string) => ch === ' ' || ch === '\t';

/**
 * `## Title ##` → `## Title`: what `/[ \t]+#+[ \t]*$/` removed (blanks, a run of `#`, blanks at the end), found by
 * scanning back from the end; the regex rescans from every blank of a long blank run (quadratic).
 */
function withoutClosingHashes(line: string): string {
  const hashesEnd = trailingRunStart(line, isBlank);
  const hashes = trailingRunStart(line, (ch) => ch === '#', hashesEnd);
  if (hashes === hashesEnd) return line;
  const start = trailingRunStart(line, isBlank, hashes);
  return start === hashes ? line : line.slice(0, start);
}
