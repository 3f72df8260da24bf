/** Link destinations and titles longer than this are not links to this scan (data URIs excepted). */
const MAX_DESTINATION_SCAN = 8192;
const DATA_URI_CHAR = /[A-Za-z0-9+/=;,:%._~!$&'*@?#-]/;

function skipBlanks(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  return i;
}

/** `<...>` holds no line break and no other `<`: index past its `>`, or -1. */
function angleDestinationEnd(text: string, from: number): number {
  let i = from + 1;
  while (i < text.length && text[i] !== '>' && text[i] !== '<' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return text[i] === '>' ? i + 1 : -1;
}

/** A `data:` destination ends at the first character a data URI cannot hold. */
function dataUriEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && DATA_URI_CHAR.test(text[i])) i++;
  return i;
}

/** A bare destination: balanced parentheses, up to a blank or the closing `)`; -1 at a bracket. */
function bareDestinationEnd(text: string, from: number): number {
  let i = from;
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
  return i;
}

/** An optional title (`"..."`, `'...'` or `(...)`), bounded, and the blanks after it. */
function titleEnd(text: string, from: number): number {
  let i = from;
  if (text[i] === '"' || text[i] === "'" || text[i] === '(') {
    const quote = text[i] === '(' ? ')' : text[i];
    const limit = Math.min(text.length, i + MAX_DESTINATION_SCAN);
    i++;
    while (i < limit && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
    i++;
    i = skipBlanks(text, i);
  }
  return i;
}

/**
 * Index just past the `)` that ends a link destination (and optional title) starting at `from`, or -1. Many `](`
 * in a row must stay linear: a bare destination stops at a bracket (where the next scan begins), `<...>` at a `<`,
 * a `data:` destination at the first character a data URI cannot hold, and titles are bounded. (A URL holding a bare
 * bracket therefore stays as text; htmlToMarkdown escapes them.)
 */
export function linkDestinationEnd(text: string, from: number): number {
  let i = skipBlanks(text, from);
  if (text[i] === '<') i = angleDestinationEnd(text, i);
  else if (text.startsWith('data:', i)) i = dataUriEnd(text, i);
  else i = bareDestinationEnd(text, i);
  if (i === -1) return -1;
  i = titleEnd(text, skipBlanks(text, i));
  return text[i] === ')' ? i + 1 : -1;
}
