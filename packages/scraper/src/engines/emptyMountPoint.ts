/**
 * An empty mount point of a single-page app in the body: what the regexes
 *
 *   /<(div|main|section|app-root)\b[^>]*\bid\s*=\s*["']?(root|app|__next|__nuxt|__gatsby|svelte|ember-app|main-app)
 *     ["']?[^>]*>\s*<\/\1>/i   (React/CRA, Vue, Next.js, Nuxt, Gatsby, Svelte, Ember roots)
 *   /<app-root\b[^>]*>\s*<\/app-root>/i   (Angular)
 *
 * find (the test holds them as its reference), in linear time: from every opening they read on to the tag's `>`, so
 * a page of openings inside one long tag (`<x <div<div<div…>`) took seconds per 100 KB. Openings that share a tag
 * end share the answer's parts: the root id is looked for once per tag, the closing once per tag end.
 */

/** Openings of the elements frameworks mount into, the name followed by a non-word character. */
const MOUNT_OPENING = /<(div|main|section|app-root)\b/gi;
/** An id naming a framework's root (a prefix is enough, as in the regex: `id="application"` counts). */
const ROOT_ID = /\bid\s*=\s*["']?(root|app|__next|__nuxt|__gatsby|svelte|ember-app|main-app)/gi;
/** The closing that must follow the tag's `>`, after spaces only. */
const MOUNT_CLOSING = /\s*<\/(div|main|section|app-root)>/iy;

export function hasEmptyMountPoint(body: string): boolean {
  const opening = new RegExp(MOUNT_OPENING);
  let tagEnd = -1;
  let lastRootId = -1;
  let closedBy: string | undefined;
  for (let match = opening.exec(body); match !== null; match = opening.exec(body)) {
    const name = match[1]!.toLowerCase();
    const attributesStart = match.index + match[0].length;
    if (match.index > tagEnd) {
      // A tag of its own: where it ends, its last root id, and the closing right after it.
      tagEnd = body.indexOf('>', attributesStart);
      // No `>` after this opening: none after a later one either.
      if (tagEnd === -1) return false;
      lastRootId = lastMatchStart(ROOT_ID, body, attributesStart, tagEnd);
      MOUNT_CLOSING.lastIndex = tagEnd + 1;
      closedBy = MOUNT_CLOSING.exec(body)?.[1]?.toLowerCase();
    }
    if (closedBy !== name) continue;
    // The id must come after this opening's name (openings inside the tag see only the rest of it).
    if (name === 'app-root' || lastRootId >= attributesStart) return true;
  }
  return false;
}

/** Where the last match of `pattern` within `text[from, to)` starts, or -1. */
function lastMatchStart(pattern: RegExp, text: string, from: number, to: number): number {
  const part = text.slice(from, to);
  let last = -1;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(part); match !== null; match = pattern.exec(part)) last = from + match.index;
  return last;
}
