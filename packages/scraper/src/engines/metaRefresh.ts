/**
 * `<meta … http-equiv="refresh"` within the first META_ATTRIBUTES_CHARS characters of the tag, as the regex
 * `/<meta\b[^>]{0,400}http-equiv\s{0,8}=\s{0,8}["']?refresh/i` finds it, in linear time. That regex reads up to 400
 * characters from every `<meta` opening: bounded, but 2 MB of `<meta ` cost 0.36 s on the main thread. Here every
 * opening, every `>` and every `http-equiv=refresh` is found once, in one forward pass each.
 */

/** How far into the tag the attribute may start (a refresh written after 400 characters of attributes is missed). */
const META_ATTRIBUTES_CHARS = 400;
const META_OPENING = /<meta\b/gi;
/** The attribute itself: bounded and without `>`, so each match is short and matches never overlap. */
const REFRESH_ATTRIBUTE = /http-equiv\s{0,8}=\s{0,8}["']?refresh/gi;

export function hasMetaRefresh(page: string): boolean {
  // Both lists ascend; each opening's answer is the first attribute at or after its tag's start.
  const attributes = [...page.matchAll(REFRESH_ATTRIBUTE)].map((m) => m.index);
  if (attributes.length === 0) return false;
  let next = 0;
  // The first `>` at or after the last position asked about (-1: none left): searched again only once passed.
  let tagEnd = -2;
  for (const opening of page.matchAll(META_OPENING)) {
    const from = opening.index + opening[0].length;
    while (next < attributes.length && attributes[next]! < from) next++;
    if (next === attributes.length) return false;
    if (tagEnd !== -1 && tagEnd < from) tagEnd = page.indexOf('>', from);
    const at = attributes[next]!;
    if (at - from <= META_ATTRIBUTES_CHARS && (tagEnd === -1 || at < tagEnd)) return true;
  }
  return false;
}
