// Prune rule 'recommendations': the block a recommendation heading opens ("You may also like", "Related posts", and
// their captions set without heading tags), or only the link lists after such a heading inside the story's text.
import { CAPTION_TAGS } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import { describe } from './nodeNames.js';
import { RECOMMENDATION_HEADING, RECOMMENDATION_HEADING_INTL } from './recommendationHeadings.js';
import type { TraceSink } from './traceEvents.js';
import {
  CAPTION_MATCH_SHARE,
  CAPTION_MAX_CHARS,
  CAPTION_MAX_SHARE,
  EYEBROW_MAX_DEPTH,
  HEADING_MAX_CHARS,
  LINK_LIST_DENSITY,
  LINK_LIST_INTRO_MAX_CHARS,
  LINK_LIST_MIN_LINKS,
  RECOMMENDATION_MAX_SHARE,
} from './tunables.js';
import { wholeText } from './textPieces.js';
import { CueMatcher, normaliseCueText } from './vocabulary/cueMatcher.js';
import { READ_ALSO_CUES } from './vocabulary/readAlsoPromos.js';

/** "Read also" in the twelve languages of the vocabulary: as a heading it opens a block of other stories. */
const READ_ALSO = new CueMatcher(READ_ALSO_CUES);

/** Drops the block that a recommendation heading opens (see RECOMMENDATION_HEADING, and with `readAlso` the "read
 *  also" cues of vocabulary/), or a heading matching `alsoHeading` (the shop's policy headings on a product page). */
export function dropRecommendations(
  root: NodeStats,
  removed: Set<NodeStats>,
  alsoHeading: RegExp | null,
  readAlso: boolean,
  trace?: TraceSink,
): void {
  const limit = RECOMMENDATION_MAX_SHARE * root.text;
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    const tag = s.el.localName;
    const heading = isHeadingTag(s) && tag !== 'h1' && s.text > 0 && s.text <= HEADING_MAX_CHARS;
    if (heading || isCaption(s)) {
      // a caption's wrappers hold the same text: nothing to find below it
      if (opensRecommendations(s, heading, alsoHeading, readAlso)) {
        dropOpenedBlock(s, heading ? limit : CAPTION_MAX_SHARE * root.text, root, removed, trace);
      }
      continue;
    }
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
}

/** Whether a heading (or a caption that is no eyebrow) announces recommendations or matches `alsoHeading`. */
function opensRecommendations(s: NodeStats, heading: boolean, alsoHeading: RegExp | null, readAlso: boolean): boolean {
  const text = wholeText(s).trim();
  if (!isRecommendationHeading(text, heading, readAlso) && !alsoHeading?.test(text.replace(/\s+/g, ' '))) return false;
  return heading || !isEyebrow(s);
}

/** Drops the block that the heading `s` opens (up to `most` characters), or the link lists after it when it opens
 *  none. */
function dropOpenedBlock(
  s: NodeStats,
  most: number,
  root: NodeStats,
  removed: Set<NodeStats>,
  trace?: TraceSink,
): void {
  // climb while the heading opens its parent: the parent is the recommendation block
  let block = s;
  while (
    block.parent !== null &&
    block.parent !== root &&
    block.parent.text <= most &&
    firstWithText(block.parent) === block
  )
    block = block.parent;
  if (block === s) {
    // a heading inside the story's own text ("Related posts:" then a list of links) opens only the lists after it
    const lists = linkListsAfter(s);
    if (lists.length === 0) return;
    removed.add(s);
    for (const l of lists) removed.add(l);
    trace?.push(
      `drop ${describe(s)} and ${lists.length} link lists after it: a recommendation heading inside the text`,
    );
    return;
  }
  removed.add(block);
  trace?.push(
    `drop ${describe(block)} text=${block.text}: opened by a recommendation heading ` +
      `(${describe(s)} "${wholeText(s).trim().slice(0, 40)}")`,
  );
}

/** The link lists that follow a heading among its siblings, up to the next block of another kind; one short line
 *  may stand between ("You may also be interested in:"). Empty when no link list follows. */
function linkListsAfter(heading: NodeStats): NodeStats[] {
  const parent = heading.parent;
  if (parent === null) return [];
  const lists: NodeStats[] = [];
  let intro: NodeStats | null = null;
  for (let i = parent.children.indexOf(heading) + 1; i < parent.children.length; i++) {
    const c = parent.children[i];
    if (c.text === 0) continue;
    if (c.links >= LINK_LIST_MIN_LINKS && c.linkText >= LINK_LIST_DENSITY * c.text) lists.push(c);
    else if (lists.length === 0 && intro === null && c.text <= LINK_LIST_INTRO_MAX_CHARS && !isHeadingTag(c)) intro = c;
    else break;
  }
  if (lists.length > 0 && intro !== null) lists.push(intro);
  return lists;
}

function isHeadingTag(s: NodeStats): boolean {
  const tag = s.el.localName;
  return tag.length === 2 && tag[0] === 'h' && tag !== 'hr';
}

/** Whether a heading's text announces recommendations; a caption without heading tags must be that wording alone
 *  (mostly), since a plain line such as "Don't miss our updates" is a sentence, not a section's name. */
function isRecommendationHeading(text: string, heading: boolean, readAlso: boolean): boolean {
  const m = RECOMMENDATION_HEADING.exec(text) ?? RECOMMENDATION_HEADING_INTL.exec(text);
  if (m !== null) return heading || m[0].length >= CAPTION_MATCH_SHARE * text.length;
  if (!readAlso) return false;
  const norm = normaliseCueText(text);
  const cue = READ_ALSO.matchAt(norm);
  return cue !== null && (heading || cue.end >= CAPTION_MATCH_SHARE * norm.length);
}

/** A caption right above a real heading is an eyebrow ("RELATED PRODUCTS" over "Azure products work better
 *  together"): the heading names the section, the eyebrow only files it. */
function isEyebrow(caption: NodeStats): boolean {
  let s = caption;
  for (let depth = 0; depth < EYEBROW_MAX_DEPTH && s.parent !== null; depth++) {
    const siblings = s.parent.children;
    let next: NodeStats | null = null;
    for (let i = siblings.indexOf(s) + 1; i < siblings.length && next === null; i++)
      if (siblings[i].text > 0) next = siblings[i];
    if (next !== null) {
      // the next text, however deeply wrapped, starts with a heading
      for (let n: NodeStats | null = next; n !== null; n = firstWithText(n)) if (isHeadingTag(n)) return true;
      return false;
    }
    if (firstWithText(s.parent) !== s) return false;
    s = s.parent;
  }
  return false;
}

/** Headings set without heading tags (a bold <p>, a styled <span> or <div>) still open their block: a short line of
 *  plain text whose only text-holding descendants form one chain of wrappers. */
function isCaption(s: NodeStats): boolean {
  if (s.text === 0 || s.text > CAPTION_MAX_CHARS || s.linkText > 0 || s.isLink || !CAPTION_TAGS.has(s.el.localName))
    return false;
  let inner = s;
  while (true) {
    let only: NodeStats | null = null;
    for (let i = 0; i < inner.children.length; i++) {
      const c = inner.children[i];
      if (c.text === 0) continue;
      if (only !== null) return false;
      only = c;
    }
    if (only === null) return true;
    if (isHeadingTag(only)) return false; // a wrapped heading tag speaks for itself
    inner = only;
  }
}

function firstWithText(s: NodeStats): NodeStats | null {
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    if (c.text > 0) return c;
  }
  return null;
}
