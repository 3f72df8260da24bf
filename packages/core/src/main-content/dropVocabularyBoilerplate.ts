// Boilerplate lines a template sets inside the story's own blocks, which no class word marks: calls to action
// ("Subscribe to <our newsletter>", "Folgen Sie uns auf …"), "read also" promos, picture captions and credits,
// bylines and update stamps, share and tag lines. A concept is recognised by its cue words (vocabulary/, one data
// file per concept with a list per language, all matched by one CueMatcher per concept) and by its shape: only
// short blocks, and a shape check per concept (a call to action links or has a button; a promo is mostly one link
// to another page; a byline names someone; a stamp holds a date; a tag line is links). The same words inside a
// sentence of the story meet neither condition. Each concept is one rule of the registry (rules.ts).
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import type { RuleSwitch } from './ruleContext.js';
import { LONGEST, OPENING_CHARS } from './tunables.js';
import { BYLINE_CUES, UPDATE_STAMP_CUES } from './vocabulary/bylinesAndStamps.js';
import { CALL_TO_ACTION_CUES } from './vocabulary/callsToAction.js';
import { CAPTION_CREDIT_CUES } from './vocabulary/captionCredits.js';
import { type CueMatch, CueMatcher, normaliseCueText } from './vocabulary/cueMatcher.js';
import { READ_ALSO_CUES } from './vocabulary/readAlsoPromos.js';
import { SHARE_CUES, TAG_CUES } from './vocabulary/shareAndTagLines.js';
import { type PageSites, pointsAtPage } from './vocabulary/sameSiteLinks.js';

/** The kinds of line; each is one rule of the registry (rules.ts), switched by its id for the ablation report. */
export type VocabularyConcept = 'callToAction' | 'readAlso' | 'credit' | 'bylineStamp' | 'shareTags';

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
  cues: ReadonlyArray<{ matcher: CueMatcher; shape: (b: Block, cue: CueMatch) => boolean }>;
  maxChars: number;
  mayHold: (s: NodeStats) => boolean;
  /** Only a share or tag line is written as a list. */
  inSections: boolean;
}

/** A promo is mostly its link: at most this share of the text outside the cue is not link text. */
const PROMO_MAX_OWN_SHARE = 0.25;
/** A tag line's text after the cue is mostly links. */
const TAGS_MIN_LINK_SHARE = 0.6;
/** A byline's name: at most this many words, each capitalised or a joining word; a CJK byline at most this long. */
const BYLINE_MAX_WORDS = 5;
const CJK_BYLINE_MAX_CHARS = 30;
/** A stamp is a cue and a date: a digit within this many words after the cue, and few words in all. */
const STAMP_DATE_WITHIN_WORDS = 3;
const STAMP_MAX_WORDS = 8;
/** More bylines than this in one root are a list's item template, not the story's byline. */
const MAX_BYLINES = 2;
/** Words that join or belong inside names in bylines ("Jane Doe and John Roe", "Ursula von der Leyen"). */
const NAME_JOINERS = new Set(['and', 'und', 'et', 'y', 'e', 'en', 'i', 'и', '&', 'de', 'da', 'do', 'dos', 'van']);
for (const w of ['von', 'der', 'den', 'del', 'la', 'le']) NAME_JOINERS.add(w);
const UPPER_FIRST = /^\p{Lu}/u;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const DIGIT = /\p{N}/u;
/** Where a byline's name ends and a date or a role begins ("By Jane Doe | May 3", "Von Max Muster, dpa"). */
const NAME_END = /[,|•·(/–—]| - /;

const hasLinkOrButton = (s: NodeStats): boolean => s.links > 0 || s.controls > 0;

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
  // a credit or caption line is the cue and a name or agency: a very short block is the whole check
  credit: {
    cues: [{ matcher: new CueMatcher(CAPTION_CREDIT_CUES), shape: () => true }],
    maxChars: 120,
    mayHold: () => true,
    inSections: false,
  },
  bylineStamp: {
    cues: [
      { matcher: new CueMatcher(BYLINE_CUES), shape: isByline },
      { matcher: new CueMatcher(UPDATE_STAMP_CUES), shape: isStamp },
    ],
    // a stamp or a byline is a few words: the opening read is the whole block
    maxChars: OPENING_CHARS,
    mayHold: () => true,
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
      const text = openingText(s.el, OPENING_CHARS);
      if (isLine(c, { s, text, norm: normaliseCueText(text), sites }, options.on)) {
        found.push({ s, text });
        continue;
      }
    }
    // not a line itself: its parts may be ("<div><p>Story …</p><p>Follow us on <a>…</a></p></div>")
    for (const child of s.children) stack.push(child);
  }
  // a story has one byline (two with a co-author's box); more are the item template of a list of posts or products,
  // whose authors belong to each item's text
  if (concept === 'bylineStamp' && found.length > MAX_BYLINES) return;
  for (const { s, text } of found) {
    removed.add(s);
    options.trace?.push(`drop ${s.el.localName} "${text.slice(0, 40)}": a ${concept} line`);
  }
  if (found.length > 0) options.trace?.push(`drop ${found.length} vocabulary boilerplate lines (${concept})`);
}

/** Whether a short block is a line of concept `c`: opened by one of its cues (of a switched-on language) and of its
 *  shape. */
function isLine(c: Concept, b: Block, on: RuleSwitch): boolean {
  for (const { matcher, shape } of c.cues) {
    const cue = matcher.matchAt(b.norm);
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

/** After a byline cue comes a name: a few capitalised words (or a linked author page); CJK lines are short. */
function isByline(b: Block, cue: CueMatch): boolean {
  if (CJK.test(cue.cue)) return b.s.text - cue.end <= CJK_BYLINE_MAX_CHARS;
  // the written text keeps the capitals: skip the marks before the cue, then as many words as the cue has
  const words = b.text.split(' ');
  let start = 0;
  while (start < words.length && normaliseCueText(words[start]!) === '') start++;
  const rest = words.slice(start + cue.cue.split(' ').length).join(' ');
  const name = rest.split(NAME_END)[0]!.trim();
  if (name === '') return b.s.links > 0 && b.s.linkText >= rest.length / 2;
  const nameWords = name.split(' ');
  if (nameWords.length > BYLINE_MAX_WORDS) return false;
  let capitals = 0;
  for (const w of nameWords) {
    if (UPPER_FIRST.test(w)) capitals++;
    else if (!NAME_JOINERS.has(w.toLowerCase())) return false;
  }
  return capitals > 0;
}

/** After a stamp cue comes a date or a time, soon, and little else. */
function isStamp(b: Block, cue: CueMatch): boolean {
  const words = b.norm.slice(cue.end).trim().split(' ');
  if (words.length > STAMP_MAX_WORDS) return false;
  return words.slice(0, STAMP_DATE_WITHIN_WORDS).some((w) => DIGIT.test(w));
}

/** The first `max` characters of an element's text (runs of white space as one space), read without walking the
 *  rest: blocks are read at every depth, and their openings are all a cue needs. */
function openingText(el: Element, max: number): string {
  // a pre-order walk by first child and next sibling (no child list is copied), stopping once enough is read
  let out = '';
  let n: Node | null = el.firstChild;
  while (n !== null && out.length < 2 * max) {
    if (n.nodeType === 3) out += (n as Text).data;
    let next: Node | null = n.nodeType === 1 ? n.firstChild : null;
    for (let at: Node | null = n; next === null && at !== null && at !== el; at = at.parentNode) next = at.nextSibling;
    n = next;
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}
