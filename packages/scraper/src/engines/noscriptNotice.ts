/**
 * A `<noscript>` telling the reader to turn JavaScript on: what
 *
 *   /<noscript\b[^>]*>[\s\S]{0,600}?(enable|turn on|activate|requires?|need)[\s\S]{0,80}?javascript[\s\S]{0,600}?
 *     <\/noscript>/i
 *
 * finds (the test holds it as its reference), in linear time: that regex read on to the tag's `>` from every opening,
 * so openings inside one long tag took seconds per 100 KB. Openings that share a tag end share what follows it,
 * which is read once per tag end, within the regex's own bounds.
 */

const NOSCRIPT_OPENING = /<noscript\b/gi;
/** The rest of the regex, from the tag's `>` on. */
const NOTICE_AFTER_TAG = new RegExp(
  String.raw`>[\s\S]{0,600}?(enable|turn on|activate|requires?|need)[\s\S]{0,80}?javascript[\s\S]{0,600}?` +
    String.raw`<\/noscript>`,
  'iy',
);

export function hasNoscriptNotice(body: string): boolean {
  const opening = new RegExp(NOSCRIPT_OPENING);
  let tagEnd = -1;
  for (let match = opening.exec(body); match !== null; match = opening.exec(body)) {
    if (match.index < tagEnd) continue;
    tagEnd = body.indexOf('>', match.index + match[0].length);
    // No `>` after this opening: none after a later one either.
    if (tagEnd === -1) return false;
    NOTICE_AFTER_TAG.lastIndex = tagEnd;
    if (NOTICE_AFTER_TAG.test(body)) return true;
  }
  return false;
}
