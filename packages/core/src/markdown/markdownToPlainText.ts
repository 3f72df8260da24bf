/**
 * The plain-text view of markdown, used to score extraction: what a reader sees, without syntax. Images go, links
 * keep their text, block markers (headings, quotes, bullets, table pipes and separators, fences) and inline markers
 * (emphasis, code ticks, backslash escapes, hard-break backslashes) go; the words stay, one block per line.
 * Block markers are removed line by line, then each run of non-code lines is scanned once for inline syntax, so
 * links whose text spans lines still lose their URL. Linear in the input.
 */
import { inlineToText } from './inlineToText.js';
import { trailingRunStart } from '../text/trailingRun.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE_PREFIX = /^(?:[ \t]*>[ \t]?)*/;
// The optional pipes carry their own blanks: `[ \t]*\|?[ \t]*` let two blank runs share a line of blanks (quadratic).
const TABLE_SEPARATOR = /^[ \t]*(?:\|[ \t]*)?:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*(?:\|[ \t]*)?$/;
const THEMATIC_BREAK = /^[ \t]*(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const SETEXT_UNDERLINE = /^[ \t]*(?:=+|-+)[ \t]*$/;
/** Block markers at a line start (after quote markers): bullets, ordered markers, task boxes, heading hashes. */
const LINE_MARKERS = /^[ \t]*(?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)(?:\[[ xX]\](?:[ \t]+|$))?)*(?:#{1,6}(?:[ \t]+|$))?/;

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
