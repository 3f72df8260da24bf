// Boilerplate lines a template sets inside the story's own blocks, which no class word marks: calls to action
// ("Subscribe to <our newsletter>", "Folgen Sie uns auf …"), "read also" promos, share and tag lines. A concept is
// recognised by its cue words (vocabulary/, one data file per concept with a list per language, matched by one
// CueMatcher per list) and by its shape: only short blocks, and a shape check per concept (a call to action links
// or has a button; a promo is mostly one link to another page of the site; a tag line is links). The same words
// inside a sentence of the story meet neither condition. Each concept is one rule of the registry (rules.ts).
// Reading-time stamps ("5 min read") are the one kind of stamp kept: a very short block with a digit and the cue
// anywhere in it, at most two in a root (more are the stamps of a list's items, which listing truths keep).
// Picture credits, bylines and update stamps were built the same way and measured: they cost on pages of the
// held-out half (docs/decisions.md, "Main content: boilerplate vocabulary per concept, round 2").
import { type ChainNode, END, NEXT, VALUE } from '../html/linkedomLinks.js';
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import type { RuleSwitch } from './ruleContext.js';
import { LONGEST, OPENING_CHARS } from './tunables.js';
import { CALL_TO_ACTION_CUES } from './vocabulary/callsToAction.js';
import { type CueMatch, CueMatcher, normaliseCueText } from './vocabulary/cueMatcher.js';
import { READ_ALSO_CUES } from './vocabulary/readAlsoPromos.js';
import { READING_TIME_CUES } from './vocabulary/readingTime.js';
import { SHARE_CUES, TAG_CUES } from './vocabulary/shareAndTagLines.js';
import { type PageSites, pointsAtPage } from './vocabulary/sameSiteLinks.js';

/** The kinds of line; each is one rule of the registry (rules.ts), switched by its id for the ablation report. */
export type VocabularyConcept = 'callToAction' | 'readAlso' | 'shareTags' | 'readingTime';

/** One block as a concept's shape check reads it. */
interface Block {
  s: NodeStats;
  /** Its opening text as written (capitals kept), runs of white space as one space. */
  text: string;
  /** The same, normalised as cues are (normaliseCueText). */
  norm: string;
  sites: PageSites;
}

/** A concept: its cue lists (each list with its own shape check), the longest block it looks at, and whether a
 *  block can hold such a line at all (counts of the subtree only: a block that cannot has no part that can). */
interface Concept {
  /** `within`: the cue may stand anywhere in the block's opening, not only open it. */
  cues: ReadonlyArray<{ matcher: CueMatcher; shape: (b: Block, cue: CueMatch) => boolean; within?: boolean }>;
  maxChars: number;
  mayHold: (s: NodeStats) => boolean;
  /** Only a share or tag line is written as a list. */
  inSections: boolean;
  /** More lines than this in one root are the items' own lines of a list: none is dropped. */
  maxPerRoot?: number;
}

/** A promo is mostly its link: at most this share of the text outside the cue is not link text. */
const PROMO_MAX_OWN_SHARE = 0.25;
/** A tag line's text after the cue is mostly links. */
const TAGS_MIN_LINK_SHARE = 0.6;
const hasLinkOrButton = (s: NodeStats): boolean => s.links > 0 || s.controls > 0;
/** A reading-time stamp is this short at most: a byline, a date and the stamp. */
const STAMP_MAX_CHARS = 60;
const STAMPS_PER_ROOT = 2;
const HEADINGS = 'h1, h2, h3, h4, h5, h6';

function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) return true;
  return false;
}

const CONCEPTS: Readonly<Record<VocabularyConcept, Concept>> = {
  // a call to action links or has a button: the same words opening a sentence of the story have neither
  callToAction: {
    cues: [{ matcher: new CueMatcher(CALL_TO_ACTION_CUES), shape: (b) => hasLinkOrButton(b.s) }],
    maxChars: LONGEST,
    mayHold: hasLinkOrButton,
    inSections: false,
  },
  // a promo is the cue and one link to another page of the site: mostly link text
  readAlso: {
    cues: [{ matcher: new CueMatcher(READ_ALSO_CUES), shape: (b, cue) => isMostlyOneLink(b, cue) }],
    maxChars: LONGEST,
    mayHold: (s) => s.links > 0,
    inSections: false,
  },
  shareTags: {
    cues: [
      // a share line is buttons or links
      { matcher: new CueMatcher(SHARE_CUES), shape: (b) => hasLinkOrButton(b.s) },
      // a tag line is the cue and links
      {
        matcher: new CueMatcher(TAG_CUES),
        shape: (b, cue) => b.s.links > 0 && b.s.linkText >= TAGS_MIN_LINK_SHARE * Math.max(1, b.s.text - cue.end),
      },
    ],
    maxChars: LONGEST,
    mayHold: hasLinkOrButton,
    inSections: true,
  },
  // a reading-time stamp: a very short block with a number in it; anywhere in the story's block
  readingTime: {
    // a wrapper of the headline and the stamp is the headline's block: it stays
    cues: [
      {
        matcher: new CueMatcher(READING_TIME_CUES),
        shape: (b) => hasDigit(b.norm) && b.s.el.querySelector(HEADINGS) === null,
        within: true,
      },
    ],
    maxChars: STAMP_MAX_CHARS,
    mayHold: () => true,
    inSections: false,
    maxPerRoot: STAMPS_PER_ROOT,
  },
};

/** Code, tables and headings are never such lines. */
const SKIP_TAGS = new Set(['pre', 'code', 'table', 'thead', 'tbody', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A section or a list opened by such words is a part of the page (a "Subscriptions" section of a help page). */
const SECTION_TAGS = new Set(['section', 'article', 'ul', 'ol', 'dl', 'nav', 'aside']);

export interface DropVocabularyOptions {
  /** Which rules run (all but the disabled ones); a language is switched off by the id `vocabulary-<code>`. */
  on: RuleSwitch;
  /** The addresses the page goes by: a promo links to another page of this site. */
  address?: { url?: string; canonicalUrl?: string };
  trace?: TraceSink;
}

/** Drops the short blocks inside `root` that are boilerplate lines of `concept`. */
export function dropVocabularyBoilerplate(
  root: NodeStats,
  removed: Set<NodeStats>,
  concept: VocabularyConcept,
  options: DropVocabularyOptions,
): void {
  const c = CONCEPTS[concept];
  const sites = { url: options.address?.url, canonicalUrl: options.address?.canonicalUrl };
  const found: Array<{ s: NodeStats; text: string }> = [];
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || SKIP_TAGS.has(s.el.localName) || !c.mayHold(s)) continue;
    if (s.text <= c.maxChars && (c.inSections || !SECTION_TAGS.has(s.el.localName))) {
      const { text, norm } = opening(s);
      if (isLine(c, { s, text, norm, sites }, options.on)) {
        found.push({ s, text });
        continue;
      }
    }
    // not a line itself: its parts may be ("<div><p>Story …</p><p>Follow us on <a>…</a></p></div>")
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
  if (c.maxPerRoot !== undefined && found.length > c.maxPerRoot) {
    options.trace?.push(`keep ${found.length} ${concept} lines: more than ${c.maxPerRoot} are a list's item lines`);
    return;
  }
  for (const { s, text } of found) {
    removed.add(s);
    options.trace?.push(`drop ${s.el.localName} "${text.slice(0, 40)}": a ${concept} line`);
  }
  if (found.length > 0) options.trace?.push(`drop ${found.length} vocabulary boilerplate lines (${concept})`);
}

/** Whether a short block is a line of concept `c`: opened by one of its cues (of a switched-on language) and of its
 *  shape. */
function isLine(c: Concept, b: Block, on: RuleSwitch): boolean {
  for (const { matcher, shape, within } of c.cues) {
    const cue = within === true ? matcher.findWithin(b.norm, b.norm.length) : matcher.matchAt(b.norm);
    if (cue !== null && cue.languages.some((l) => on(`vocabulary-${l}`)) && shape(b, cue)) return true;
  }
  return false;
}

/** The block is the cue and mostly one link, to another page of the same site. */
function isMostlyOneLink(b: Block, cue: CueMatch): boolean {
  const s = b.s;
  if (s.links !== 1) return false;
  const own = s.text - s.linkText - Math.min(cue.end, s.text - s.linkText);
  if (own > PROMO_MAX_OWN_SHARE * s.text) return false;
  const a = s.el.localName === 'a' ? s.el : s.el.querySelector('a');
  return a !== null && pointsAtPage(a.getAttribute('href'), b.sites);
}

/** A block's opening and its normalised form, kept on the block: the three concepts' passes read the same blocks
 *  (the DOM does not change before the result is written). */
function opening(s: NodeStats): { text: string; norm: string } {
  if (s.opening === undefined) {
    const text = openingText(s.el, OPENING_CHARS);
    s.opening = { text, norm: normaliseCueText(text) };
  }
  return s.opening;
}

/** The first `max` characters of an element's text (runs of white space as one space), read without walking the
 *  rest: blocks are read at every depth, and their openings are all a cue needs. */
function openingText(el: Element, max: number): string {
  // linkedom's NEXT chain holds the element's attributes, subtree and END marker in document order (see
  // linkedomLinks.ts): its text nodes in order, one read a step, stopping once enough is read
  const end = (el as unknown as ChainNode)[END];
  let out = '';
  for (
    let n = (el as unknown as ChainNode)[NEXT] as ChainNode;
    n !== end && out.length < 2 * max;
    n = n[NEXT] as ChainNode
  )
    if (n.nodeType === 3) out += n[VALUE] as string;
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}
