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
 * scans forward once, and the reading stops at `maxChars`.
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
  return collapsedText(withoutComments(withoutHiddenElements(body)), maxChars);
}

/**
 * Hidden elements replaced by a space, leftmost first, each up to the first closing of its own name. An opening
 * without a closing stays (the chain's regex does not match there); the closing searches are remembered per name, so
 * none is repeated over the same stretch.
 */
function withoutHiddenElements(html: string): string {
  const parts: string[] = [];
  /** Per name, the next closing found from some position on: its start and end, or a start of -1 for none. */
  const found = new Map<string, { start: number; end: number }>();
  const opening = new RegExp(HIDDEN_OPENING);
  let copied = 0;
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
    parts.push(html.slice(copied, match.index), ' ');
    copied = closing.end;
    opening.lastIndex = closing.end;
  }
  if (copied === 0) return html;
  parts.push(html.slice(copied));
  return parts.join('');
}

/** Comments replaced by a space; from the first one without an end on, no later one can have one. */
function withoutComments(html: string): string {
  let at = html.indexOf('<!--');
  if (at === -1) return html;
  const parts: string[] = [];
  let copied = 0;
  while (at !== -1) {
    const end = html.indexOf('-->', at + 4);
    if (end === -1) break;
    parts.push(html.slice(copied, at), ' ');
    copied = end + 3;
    at = html.indexOf('<!--', copied);
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const AMPERSAND = 0x26;
/** An ASCII letter's upper case differs from its lower case by this bit only. */
const CASE_BIT = 0x20;
const SEMICOLON = 0x3b;
/** `nbsp`, lower case. */
const NBSP_LETTERS = [0x6e, 0x62, 0x73, 0x70];

/**
 * The text between tags (`<` with at least one character before the next `>`), `&nbsp;` / `&#160;` and whitespace,
 * joined by single spaces: what the chain's last three replacements and its trim leave. A `<` that starts no tag and
 * an `&` that starts no space are text.
 */
function collapsedText(html: string, maxChars: number): string {
  // Past the last `>` no `<` starts a tag: known once instead of searched from every `<`.
  const lastClose = html.lastIndexOf('>');
  let text = '';
  let gap = false;
  let i = 0;
  while (i < html.length && text.length < maxChars) {
    const code = html.charCodeAt(i);
    if (code === LESS_THAN && i < lastClose && html.charCodeAt(i + 1) !== GREATER_THAN) {
      i = html.indexOf('>', i + 1) + 1;
      gap = true;
    } else if (code === AMPERSAND && isNbspAt(html, i)) {
      i += 6;
      gap = true;
    } else if (isSpace(code)) {
      i++;
      gap = true;
    } else {
      let end = i + 1;
      while (end < html.length && !endsTextRun(html.charCodeAt(end))) end++;
      if (gap && text.length > 0) text += ' ';
      text += html.slice(i, end);
      gap = false;
      i = end;
    }
  }
  return text.length > maxChars ? text.slice(0, maxChars) : text;
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
