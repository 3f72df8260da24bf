// WordPress marks a post's class list: "status-publish" or "hentry", or its type and its id ("type-product" and
// "post-123", in either order). As one pattern (`(?:^|\s)type-[a-z_-]+\s(?:.*\s)?post-\d+(?:\s|$)`, and the other
// order) it scanned to the end of the line from every "type-…" class (quadratic on a long class attribute); here
// each class is read once.
import { isSpace } from '../text/trailingRun.js';

const TYPE_CLASS = /^type-[a-z_-]+$/;
const POST_ID_CLASS = /^post-\d+$/;

/** The characters `.` does not match: between the type and the id only the blank right after the first and the blank
 *  right before the second may be one of these (that is what the pattern of the header allowed). */
function isLineBreak(ch: string): boolean {
  return ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029';
}

/** Whether a class attribute carries WordPress's post markers (see the header). */
export function hasPostClassMarker(value: string): boolean {
  // every marker holds one of these words: most class lists (asked once each) hold none, and a search for them is
  // cheaper than reading the list class by class
  if (
    !value.includes('hentry') &&
    !value.includes('status-publish') &&
    !(value.includes('type-') && value.includes('post-'))
  )
    return false;
  // where the latest type and id classes end (their next character is a blank), -1 before the first
  let typeEnd = -1;
  let postEnd = -1;
  // the latest two line breaks seen
  let lastBreak = -1;
  let breakBefore = -1;
  const n = value.length;
  let i = 0;
  while (i < n) {
    const ch = value[i]!;
    if (isSpace(ch)) {
      if (isLineBreak(ch)) {
        breakBefore = lastBreak;
        lastBreak = i;
      }
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && !isSpace(value[end]!)) end++;
    const name = value.slice(i, end);
    if (name === 'status-publish' || name === 'hentry') return true;
    const isType = TYPE_CLASS.test(name);
    const isPost = !isType && POST_ID_CLASS.test(name);
    if (isType || isPost) {
      // the pair's other class: the latest one is the nearest, so if any earlier one qualifies it does
      const otherEnd = isType ? postEnd : typeEnd;
      // the latest line break before the blank right in front of this class
      const inside = lastBreak === i - 1 ? breakBefore : lastBreak;
      if (otherEnd !== -1 && inside <= otherEnd) return true;
      if (isType) typeEnd = end;
      else postEnd = end;
    }
    i = end;
  }
  return false;
}
