/**
 * `![alt](data:image/png;base64,....)` → `![alt](<Base64-Image-Removed>)`: inline image bytes bloat markdown by
 * megabytes and mean nothing as text. Other data URIs (`data:image/svg+xml;utf8,...`) stay. A single forward scan,
 * no backtracking regex: a URI cut off mid-way ends at its last base64 character, never swallowing what follows.
 */

export const BASE64_IMAGE_PLACEHOLDER = '<Base64-Image-Removed>';

/** How far back from `](` we look for the `![` of the image; longer alt texts are left alone (keeps it linear). */
const MAX_ALT_LENGTH = 1024;
/** The media type and parameters before the comma; anything longer is not a data URI we recognise. */
const MAX_HEADER_LENGTH = 256;
const IMAGE_BASE64_HEADER = /^image\/[a-z0-9.+-]+(?:;[^;,\s]*)*;base64$/i;

function isBase64Char(c: number): boolean {
  return (
    (c >= 65 && c <= 90) || // A-Z
    (c >= 97 && c <= 122) || // a-z
    (c >= 48 && c <= 57) || // 0-9
    c === 43 ||
    c === 47 ||
    c === 61 || // + / =
    c === 45 ||
    c === 95 || // - _ (URL-safe alphabet)
    c === 37 // % (percent-encoded line breaks inside the payload)
  );
}

/** Whether the `]` at `close` ends the alt text of an image (`![...]`) on the same line. */
function closesImageAlt(md: string, close: number): boolean {
  const stop = Math.max(0, close - MAX_ALT_LENGTH);
  for (let i = close - 1; i >= stop; i--) {
    const ch = md[i];
    if (ch === '\n') return false;
    if (ch === '[' && md[i - 1] !== '\\') return md[i - 1] === '!' && md[i - 2] !== '\\';
  }
  return false;
}

export function stripBase64Images(markdown: string): string {
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    const at = markdown.indexOf('](', from);
    if (at === -1) break;
    from = at + 2;
    let p = at + 2;
    const angle = markdown[p] === '<';
    if (angle) p++;
    if (markdown.slice(p, p + 5).toLowerCase() !== 'data:') continue;
    const headerStart = p + 5;
    const headerEnd = markdown.slice(headerStart, headerStart + MAX_HEADER_LENGTH + 1).indexOf(',');
    if (headerEnd === -1) continue;
    const comma = headerStart + headerEnd;
    if (!IMAGE_BASE64_HEADER.test(markdown.slice(headerStart, comma))) continue;
    if (!closesImageAlt(markdown, at)) continue;
    let end = comma + 1;
    while (end < markdown.length && isBase64Char(markdown.charCodeAt(end))) end++;
    if (angle && markdown[end] === '>') end++;
    // The destination is `at+2 .. end`; whatever follows (a title, `)`, or the rest of a broken line) is kept.
    let replacement = BASE64_IMAGE_PLACEHOLDER;
    const next = markdown[end];
    if (next !== ')' && next !== ' ' && next !== '\t') replacement += ')';
    out += markdown.slice(copied, at + 2) + replacement;
    copied = end;
    from = end;
  }
  return copied === 0 ? markdown : out + markdown.slice(copied);
}
