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

/**
 * The body's visible text, cut after `maxChars` characters (the cut text is a prefix of the whole one). The steps
 * pass on the stretches of `body` they keep (one space between two stretches: what the step put in place of what it
 * dropped) rather than a joined copy: the check reads a 64 KB window of every fetched page, and the two copies were a
 * sixth of the main thread's allocation per scrape.
 */
export function visibleText(body: string, maxChars = Number.POSITIVE_INFINITY): string {
  return collapsedText(body, withoutComments(body, withoutHiddenElements(body)), maxChars);
}

/**
 * Stretches `[start, end)` of a string, flat (`[start0, end0, start1, end1, …]`), in order, that stand for the text of
 * the stretches joined by single spaces. A stretch may be empty. No marker searched here (`<!--`, `-->`, `>`,
 * `&nbsp;`) holds a space, so one found across two stretches is not in the joined text.
 */
export type Stretches = number[];

/**
 * Offset in `html` of the first `marker` in the joined text of `kept` at or after `from` (an offset of `html` inside
 * stretch `k`), -1 when none. Dropped stretches of `html` between kept ones are skipped, each character searched at
 * most once per marker.
 */
function findKept(html: string, kept: Stretches, k: number, from: number, marker: string): number {
  let at = from;
  for (let i = k; i < kept.length; i += 2) {
    if (at < kept[i]!) at = kept[i]!;
    const hit = html.indexOf(marker, at);
    if (hit === -1) return -1;
    // Past this stretch: the first later stretch that can hold it (the marker never spans a dropped part).
    if (hit + marker.length <= kept[i + 1]!) return hit;
    at = Math.max(hit, kept[i + 1]!);
  }
  return -1;
}

/** The index of the stretch at or after `k` that holds offset `at` of `html` (found there by findKept). */
export function stretchOf(kept: Stretches, k: number, at: number): number {
  let i = k;
  while (at >= kept[i + 1]!) i += 2;
  return i;
}

/**
 * Hidden elements replaced by a space, leftmost first, each up to the first closing of its own name. An opening
 * without a closing stays (the chain's regex does not match there); the closing searches are remembered per name, so
 * none is repeated over the same stretch.
 */
function withoutHiddenElements(html: string): Stretches {
  const kept: Stretches = [];
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
    kept.push(copied, match.index);
    copied = closing.end;
    opening.lastIndex = closing.end;
  }
  kept.push(copied, html.length);
  return kept;
}

/**
 * Comments of the joined text of `kept` replaced by a space; from the first one without an end on, no later one can
 * have one. A comment may run over several stretches (a hidden element inside it was dropped first).
 */
function withoutComments(html: string, kept: Stretches): Stretches {
  let at = findKept(html, kept, 0, kept[0]!, '<!--');
  if (at === -1) return kept;
  const out: Stretches = [];
  let k = 0;
  let copied = kept[0]!;
  while (at !== -1) {
    const openK = stretchOf(kept, k, at);
    // An end inside `<!-->` itself does not count, as in `indexOf('-->', at + 4)`.
    const end = findKept(html, kept, openK, at + 4, '-->');
    if (end === -1) break;
    // The stretches before the comment's own, whole, then its start up to the comment.
    for (; k < openK; k += 2) {
      out.push(copied, kept[k + 1]!);
      copied = kept[k + 2]!;
    }
    out.push(copied, at);
    k = stretchOf(kept, openK, end);
    copied = end + 3;
    at = findKept(html, kept, k, copied, '<!--');
  }
  for (; k < kept.length; k += 2) {
    out.push(copied, kept[k + 1]!);
    copied = kept[k + 2]!;
  }
  return out;
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const AMPERSAND = 0x26;
/** An ASCII letter's upper case differs from its lower case by this bit only. */
const CASE_BIT = 0x20;
const SEMICOLON = 0x3b;
const SPACE = 0x20;
/** `&nbsp;` and `&#160;` are six characters long. */
const NBSP_CHARS = 6;
/** `nbsp`, lower case. */
const NBSP_LETTERS = [0x6e, 0x62, 0x73, 0x70];

/**
 * The text between tags (`<` with at least one character before the next `>`), `&nbsp;` / `&#160;` and whitespace,
 * joined by single spaces: what the chain's last three replacements and its trim leave, read over the joined text of
 * `kept` (the space between two stretches is whitespace; a tag may run over several stretches). A `<` that starts no
 * tag and an `&` that starts no space are text.
 */
function collapsedText(html: string, kept: Stretches, maxChars: number): string {
  // Past the last `>` no `<` starts a tag: known once instead of searched from every `<`.
  const lastClose = lastKept(html, kept, '>');
  let text = '';
  let gap = false;
  let k = 0;
  let i = kept[0]!;
  while (k < kept.length && text.length < maxChars) {
    const end = kept[k + 1]!;
    if (i >= end) {
      // On to the next stretch, past the space between the two.
      k += 2;
      i = kept[k] ?? i;
      gap = true;
      continue;
    }
    const code = html.charCodeAt(i);
    if (code === LESS_THAN && i < lastClose && codeAfter(html, kept, k, i) !== GREATER_THAN) {
      // The tag's `>` may be in a later stretch.
      const close = findKept(html, kept, k, i + 1, '>');
      k = stretchOf(kept, k, close);
      i = close + 1;
      gap = true;
    } else if (code === AMPERSAND && i + NBSP_CHARS <= end && isNbspAt(html, i)) {
      i += NBSP_CHARS;
      gap = true;
    } else if (isSpace(code)) {
      i++;
      gap = true;
    } else {
      let runEnd = i + 1;
      while (runEnd < end && !endsTextRun(html.charCodeAt(runEnd))) runEnd++;
      if (gap && text.length > 0) text += ' ';
      text += html.slice(i, runEnd);
      gap = false;
      i = runEnd;
    }
  }
  return text.length > maxChars ? text.slice(0, maxChars) : text;
}

/** The character after offset `i` of stretch `k` in the joined text: the space between stretches after a last one. */
function codeAfter(html: string, kept: Stretches, k: number, i: number): number {
  if (i + 1 < kept[k + 1]!) return html.charCodeAt(i + 1);
  return k + 2 < kept.length ? SPACE : Number.NaN;
}

/** Offset in `html` of the last `char` inside the stretches of `kept`, -1 when none. */
function lastKept(html: string, kept: Stretches, char: string): number {
  for (let k = kept.length - 2; k >= 0; k -= 2) {
    if (kept[k + 1]! === kept[k]!) continue;
    const at = html.lastIndexOf(char, kept[k + 1]! - 1);
    if (at >= kept[k]!) return at;
  }
  return -1;
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
export function isSpace(code: number): boolean {
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
