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
  if (!mayHoldMarker(value)) return false;
  const scan: MarkerScan = { typeEnd: -1, postEnd: -1, lastBreak: -1, breakBefore: -1 };
  const n = value.length;
  let i = 0;
  while (i < n) {
    const ch = value[i]!;
    if (isSpace(ch)) {
      if (isLineBreak(ch)) {
        scan.breakBefore = scan.lastBreak;
        scan.lastBreak = i;
      }
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && !isSpace(value[end]!)) end++;
    if (completesMarker(value.slice(i, end), i, end, scan)) return true;
    i = end;
  }
  return false;
}

/** Every marker holds one of these words: most class lists (asked once each) hold none, and a search for them is
 *  cheaper than reading the list class by class. */
function mayHoldMarker(value: string): boolean {
  return (
    value.includes('hentry') || value.includes('status-publish') || (value.includes('type-') && value.includes('post-'))
  );
}

/** What the scan has seen so far. */
interface MarkerScan {
  /** Where the latest type and id classes end (their next character is a blank), -1 before the first. */
  typeEnd: number;
  postEnd: number;
  /** The latest two line breaks seen. */
  lastBreak: number;
  breakBefore: number;
}

/** Whether the class `name` (from `start` to `end`) is a marker alone or completes a type-and-id pair with an earlier
 *  class; notes where a type or id class ends. */
function completesMarker(name: string, start: number, end: number, scan: MarkerScan): boolean {
  if (name === 'status-publish' || name === 'hentry') return true;
  const isType = TYPE_CLASS.test(name);
  const isPost = !isType && POST_ID_CLASS.test(name);
  if (!isType && !isPost) return false;
  // the pair's other class: the latest one is the nearest, so if any earlier one qualifies it does
  const otherEnd = isType ? scan.postEnd : scan.typeEnd;
  // the latest line break before the blank right in front of this class
  const inside = scan.lastBreak === start - 1 ? scan.breakBefore : scan.lastBreak;
  if (otherEnd !== -1 && inside <= otherEnd) return true;
  if (isType) scan.typeEnd = end;
  else scan.postEnd = end;
  return false;
}
