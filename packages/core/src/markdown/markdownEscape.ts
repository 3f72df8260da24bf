/**
 * Escaping of DOM text for CommonMark/GFM output. The aim is the fewest backslashes that still keep the text
 * literal: characters that can only start syntax at the beginning of a line are escaped only there, `_` inside a
 * word stays bare (it cannot delimit emphasis), `<` and `&` only where they could open a tag or an entity.
 */

/** Characters that may need a backslash anywhere in a line; text without them is returned unchanged. */
const MAYBE_SPECIAL = /[\\*_`[\]<&~|]/;
/** A character reference CommonMark would decode (`&amp;`, `&#35;`, `&#x22;`). */
const ENTITY_AHEAD = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;

export interface TextEscapeContext {
  /** The character written just before this text ('' at the start of a line). */
  prev: string;
  /** Inside link text or image alt: `]` would close the brackets. */
  inBrackets: boolean;
  /** Inside a GFM table cell: `|` would end the cell. */
  inCell: boolean;
}

function isAlphanumeric(ch: string | undefined): boolean {
  if (ch === undefined || ch === '') return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return /[\p{L}\p{N}]/u.test(ch);
}

/**
 * Whether a `[` needs a backslash, given `close`, the index of the next `]` (-1 when there is none). `[1]` or
 * `[edit]` is plain text; only a `]` followed by `(`, `[` or `:` (a link, a reference, a definition) makes brackets
 * syntax. Without a `]` in this text we cannot see what follows: escape.
 */
function openBracketNeedsEscape(text: string, close: number): boolean {
  const after = close === -1 ? undefined : text[close + 1];
  return close === -1 || after === undefined || after === '(' || after === '[' || after === ':';
}

/** Whether a `<` needs a backslash: a tag, a closing tag, a comment/declaration, a processing instruction, or an
 * autolink could start here. */
function angleNeedsEscape(next: string | undefined): boolean {
  return next === undefined || next === '/' || next === '!' || next === '?' || /[A-Za-z]/.test(next);
}

/** Whether the character text[i] needs a backslash; `[` is handled by the caller (it keeps the next `]`). */
function needsEscapeAt(text: string, i: number, ctx: TextEscapeContext): boolean {
  switch (text[i]) {
    case '\\':
    case '*':
    case '`':
      return true;
    case ']':
      return ctx.inBrackets;
    case '|':
      return ctx.inCell;
    case '_':
      // `_` between two alphanumerics cannot delimit emphasis.
      return !(isAlphanumeric(i === 0 ? ctx.prev : text[i - 1]) && isAlphanumeric(text[i + 1]));
    case '~':
      // GFM strikethrough needs a run of tildes; a lone `~` is literal.
      return text[i + 1] === '~' || (i === 0 ? ctx.prev : text[i - 1]) === '~';
    case '<':
      return angleNeedsEscape(text[i + 1]);
    case '&':
      return ENTITY_AHEAD.test(text.slice(i, i + 40));
    default:
      return false;
  }
}

/** Escapes text so that CommonMark renders it literally (line-start syntax is handled by `escapeLineStart`). */
export function escapeText(text: string, ctx: TextEscapeContext): string {
  if (!MAYBE_SPECIAL.test(text)) return text;
  let out = '';
  let from = 0;
  let close = -1;
  for (let i = 0; i < text.length; i++) {
    let needsEscape: boolean;
    if (text[i] === '[') {
      // Inside link text any `[` is escaped; otherwise the next `]` (looked up once per run) decides.
      if (!ctx.inBrackets && close < i) close = text.indexOf(']', i);
      needsEscape = ctx.inBrackets || openBracketNeedsEscape(text, close);
    } else needsEscape = needsEscapeAt(text, i, ctx);
    if (needsEscape) {
      out += text.slice(from, i) + '\\';
      from = i;
    }
  }
  return from === 0 && out === '' ? text : out + text.slice(from);
}

const LIST_OR_RULE_START = /^[-+*](?:[ \t]|$)/;
const ORDERED_START = /^(\d{1,9})([.)])(?=[ \t]|$)/;
const HEADING_START = /^#{1,6}(?:[ \t]|$)/;
const SETEXT_OR_RULE = /^(?:=+|-[- \t]*)$/;

/**
 * Escapes the syntax that only counts at the start of a line (headings, block quotes, list markers, setext
 * underlines, fences). `text` is already escaped by `escapeText` and begins a line of a paragraph; `continuation`
 * says that line follows a hard break inside the paragraph, where an ordered list can start only at number 1 with
 * content after it (CommonMark: a list interrupting a paragraph), so `150. ` there stays bare.
 */
export function escapeLineStart(text: string, continuation = false): string {
  const c = text[0];
  switch (c) {
    case '#':
      return HEADING_START.test(text) ? '\\' + text : text;
    case '>':
      return '\\' + text;
    case '-':
    case '+':
      return LIST_OR_RULE_START.test(text) || SETEXT_OR_RULE.test(text) ? '\\' + text : text;
    case '=':
      return SETEXT_OR_RULE.test(text) ? '\\' + text : text;
    case '~':
      return text.startsWith('~~~') ? '\\' + text : text;
    default:
      if (c !== undefined && c >= '0' && c <= '9') {
        const m = ORDERED_START.exec(text);
        if (m && continuation && (Number(m[1]) !== 1 || /^[ \t]*$/.test(text.slice(m[0].length)))) return text;
        if (m) return m[1] + '\\' + text.slice(m[1].length);
      }
      return text;
  }
}

/** A heading's text must not end in what CommonMark reads as a closing `#` sequence. */
export function escapeHeadingEnd(text: string): string {
  if (!text.endsWith('#')) return text;
  let i = text.length - 1;
  while (i > 0 && text[i - 1] === '#') i--;
  // Only a run preceded by a space (or the whole text) is a closing sequence; `C#` is fine.
  if (i > 0 && text[i - 1] !== ' ' && text[i - 1] !== '\t') return text;
  if (i > 0 && text[i - 1] === '\\') return text;
  return text.slice(0, text.length - 1) + '\\#';
}

/**
 * A link or image destination. Whitespace, control characters and `<>` are percent-encoded (the URL stays equivalent),
 * backslashes and entity-like `&` are escaped, and unbalanced parentheses are escaped so the `(...)` form holds.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls end a link destination
const DESTINATION_SPECIAL = /[\x00-\x20\x7f<>\\&()[\]]/;

export function formatDestination(url: string): string {
  if (!DESTINATION_SPECIAL.test(url)) return url;
  let out = '';
  let depth = 0;
  let balanced = true;
  for (let i = 0; i < url.length; i++) {
    const ch = url[i];
    const code = ch.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || ch === '<' || ch === '>') {
      out += '%' + code.toString(16).toUpperCase().padStart(2, '0');
    } else if (ch === '\\') {
      out += '\\\\';
    } else if (ch === '[' || ch === ']') {
      // Legal bare, but escaped they can never pair with brackets around the link (and plain-text scans stop at them).
      out += '\\' + ch;
    } else if (ch === '&' && ENTITY_AHEAD.test(url.slice(i, i + 40))) {
      out += '\\&';
    } else {
      if (ch === '(') depth++;
      else if (ch === ')' && --depth < 0) balanced = false;
      out += ch;
    }
  }
  if (!balanced || depth !== 0) out = out.replace(/[()]/g, '\\$&');
  return out;
}

/** A continuation line that the block parser would read as the start of a block, ending the paragraph. */
const BLOCK_START = /^[ \t]*(?:[-+*>#=`~|<]|\d{1,9}[.)]|$)/;

/**
 * A link or image title, in double quotes. Its line breaks are kept when `multiline` and every continuation line
 * is plain paragraph text; otherwise they become spaces, so a title can never end the paragraph around the link.
 */
export function formatTitle(title: string, multiline = false): string {
  let t = title.replace(/\r\n?/g, '\n');
  if (t.includes('\n')) {
    const lines = t.split('\n');
    const safe =
      multiline &&
      lines.every((line, i) => i === 0 || (i === lines.length - 1 && line === '') || !BLOCK_START.test(line));
    if (!safe) t = t.replace(/\n/g, ' ');
  }
  t = t.replace(/[\\"]/g, '\\$&').replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');
  return '"' + t + '"';
}
