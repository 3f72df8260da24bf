// Boilerplate lines a template sets inside the story's own blocks, which no class word marks: "read also" promos,
// photo credits, calls to action, bylines and update stamps, share and tag lines. Each is recognised by its cue words
// (vocabulary/, per concept and language, matched by CueMatcher) and by its shape: only short blocks, and for most
// concepts a link structure (a promo is mostly one link to another page of the site; a call to action links or has a
// button; a tag line is links). The same words inside a sentence of the story meet neither condition.
import type { ContentHints } from './collectContentHints.js';
import type { NodeStats } from './measureTree.js';
import type { RuleSwitch } from './rules.js';
import { BYLINE_CUES, UPDATE_STAMP_CUES } from './vocabulary/bylinesAndStamps.js';
import { CALL_TO_ACTION_CUES } from './vocabulary/callsToAction.js';
import { CAPTION_CREDIT_CUES } from './vocabulary/captionCredits.js';
import { CueMatcher, normaliseCueText, type CueMatch } from './vocabulary/cueMatcher.js';
import { READ_ALSO_CUES } from './vocabulary/readAlsoPromos.js';
import { SHARE_CUES, TAG_CUES } from './vocabulary/shareAndTagLines.js';

/** The kinds of line, each switched by its own rule id (MAIN_CONTENT_RULES) for the ablation report. */
export type VocabularyConcept = 'callToAction' | 'readAlso' | 'credit' | 'byline' | 'stamp' | 'share' | 'tags';

export const VOCABULARY_RULES: Readonly<Record<VocabularyConcept, string>> = {
  callToAction: 'inline-call-to-action',
  readAlso: 'inline-read-also',
  credit: 'inline-credit',
  byline: 'inline-byline',
  stamp: 'inline-update-stamp',
  share: 'inline-share',
  tags: 'inline-tags',
};

/** Longest block of each concept: these lines are one sentence at most, credits and stamps a few words. */
const MAX_CHARS: Readonly<Record<VocabularyConcept, number>> = {
  callToAction: 250,
  readAlso: 250,
  credit: 120,
  byline: 100,
  stamp: 100,
  share: 80,
  tags: 300,
};
const LONGEST = 300;
/** Code, tables and headings are never such lines. */
const SKIP_TAGS = new Set(['pre', 'code', 'table', 'thead', 'tbody', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A section or a list opened by such words is a part of the page (a "Subscriptions" section of a help page); only a
 *  share or tag line is written as a list. */
const SECTION_TAGS = new Set(['section', 'article', 'ul', 'ol', 'dl', 'nav', 'aside']);
/** A promo is mostly its link: at most this share of the text outside the cue is not link text. */
const PROMO_MAX_OWN_SHARE = 0.25;
/** A cue inside a promo (not at its start: "<a>Title</a> (read also)") is looked for in this many characters. */
const PROMO_CUE_WITHIN = 80;
/** A tag line's text after the cue is mostly links. */
const TAGS_MIN_LINK_SHARE = 0.6;
/** A byline's name: at most this many words, each capitalised or a joining word; a CJK byline at most this long. */
const BYLINE_MAX_WORDS = 5;
const CJK_BYLINE_MAX_CHARS = 30;
const STAMP_MAX_WORDS = 8;
/** More bylines than this in one root are a list's items, not the story's byline. */
const MAX_BYLINES = 2;
/** Words that join or belong inside names in bylines ("Jane Doe and John Roe", "Ursula von der Leyen"). */
const NAME_JOINERS = new Set(
  [
    'and',
    'und',
    'et',
    'y',
    'e',
    'en',
    'i',
    'и',
    '&',
    'de',
    'da',
    'do',
    'dos',
    'van',
    'von',
    'der',
    'den',
    'del',
    'la',
    'le',
  ].map((w) => w.normalize('NFC')),
);
const UPPER_FIRST = /^\p{Lu}/u;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const DIGIT = /\p{N}/u;
/** Where a byline's name ends and a date or a role begins ("By Jane Doe | May 3", "Von Max Muster, dpa"). */
const NAME_END = /[,|•·(/–—]| - /;

const MATCHERS: Readonly<Record<VocabularyConcept, CueMatcher>> = {
  callToAction: new CueMatcher(CALL_TO_ACTION_CUES),
  readAlso: new CueMatcher(READ_ALSO_CUES),
  credit: new CueMatcher(CAPTION_CREDIT_CUES),
  byline: new CueMatcher(BYLINE_CUES),
  stamp: new CueMatcher(UPDATE_STAMP_CUES),
  share: new CueMatcher(SHARE_CUES),
  tags: new CueMatcher(TAG_CUES),
};
const CONCEPTS = Object.keys(MATCHERS) as VocabularyConcept[];

export interface DropVocabularyOptions {
  /** Which rules run (all but the disabled ones); a language is switched off by the id `vocabulary-<code>`. */
  on: RuleSwitch;
  /** The address the page was read from: a promo links to another page of this site. */
  url?: string;
  /** The address it gives itself (canonical link, og:url): a saved copy still links to its own site. */
  hints?: Pick<ContentHints, 'canonicalUrl'>;
  trace?: string[];
}

/** One block as the concepts read it. */
interface Block {
  s: NodeStats;
  /** The text, runs of white space as one space. */
  text: string;
  /** The same, normalised as cues are (normaliseCueText). */
  norm: string;
  /** The hosts the page goes by, without "www.". */
  sites: ReadonlySet<string>;
}

/** Drops the short blocks inside `root` that are boilerplate lines of the switched-on concepts. */
export function dropVocabularyBoilerplate(
  root: NodeStats,
  removed: Set<NodeStats>,
  options: DropVocabularyOptions,
): void {
  const sites = new Set<string>();
  for (const address of [options.url, options.hints?.canonicalUrl]) {
    const host = hostOf(address, options.url);
    if (host !== null) sites.add(host);
  }
  const stack: NodeStats[] = [...root.children];
  const found: Array<{ s: NodeStats; concept: VocabularyConcept; text: string }> = [];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || SKIP_TAGS.has(s.el.localName)) continue;
    if (s.text <= LONGEST) {
      const text = (s.el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const concept = conceptOf({ s, text, norm: normaliseCueText(text), sites }, options.on);
      if (concept !== null) {
        found.push({ s, concept, text });
        continue;
      }
    }
    // not a line itself: its parts may be ("<p>Caption. <span>Foto: dpa</span></p>")
    for (const c of s.children) stack.push(c);
  }
  // a story has one byline (two with a co-author's box); more are the item template of a list of posts or products,
  // whose authors belong to each item's text
  const bylines = found.filter((f) => f.concept === 'byline').length;
  let dropped = 0;
  for (const { s, concept, text } of found) {
    if (concept === 'byline' && bylines > MAX_BYLINES) continue;
    removed.add(s);
    dropped++;
    options.trace?.push(`drop ${s.el.localName} "${text.slice(0, 40)}": a ${concept} line`);
  }
  if (dropped > 0) options.trace?.push(`drop ${dropped} vocabulary boilerplate lines`);
}

/** Which concept a short block is, or null. */
function conceptOf(b: Block, on: RuleSwitch): VocabularyConcept | null {
  const section = SECTION_TAGS.has(b.s.el.localName);
  for (const concept of CONCEPTS) {
    if (b.s.text > MAX_CHARS[concept] || !on(VOCABULARY_RULES[concept])) continue;
    if (section && concept !== 'share' && concept !== 'tags') continue;
    const cue = MATCHERS[concept].matchAt(b.norm);
    const spoken = cue?.languages.some((l) => on(`vocabulary-${l}`)) === true;
    if (spoken && SHAPE_CHECKS[concept](b, cue!)) return concept;
    if (concept === 'readAlso' && !spoken && isPromoWithCueInside(b, on)) return concept;
  }
  return null;
}

/** Per concept: does the block, opened by `cue`, have the shape of such a line? */
const SHAPE_CHECKS: Readonly<Record<VocabularyConcept, (b: Block, cue: CueMatch) => boolean>> = {
  // a call to action links or has a button: the same words opening a sentence of the story have neither
  callToAction: (b) => b.s.links > 0 || b.s.controls > 0,
  // a promo is the cue and one link to another page: mostly link text
  readAlso: (b, cue) => isMostlyOneLink(b, cue.end),
  // a credit is the cue and a name or agency: short enough is the whole check
  credit: () => true,
  byline: (b, cue) => isName(b, cue),
  // an update stamp holds a date or a time, and little else
  stamp: (b, cue) => {
    const rest = b.norm.slice(cue.end);
    return DIGIT.test(rest) && rest.trim().split(' ').length <= STAMP_MAX_WORDS;
  },
  // a share line is buttons or links, or the cue almost alone
  share: (b, cue) => b.s.controls > 0 || b.s.links > 0 || b.norm.length - cue.end <= 3,
  // a tag line is the cue and links
  tags: (b, cue) => b.s.links > 0 && b.s.linkText >= TAGS_MIN_LINK_SHARE * Math.max(1, b.norm.length - cue.end),
};

/** The block is mostly one link (besides `cueChars` of cue) to another page of the web. */
function isMostlyOneLink(b: Block, cueChars: number): boolean {
  if (b.s.links === 0) return false;
  const own = b.s.text - b.s.linkText - Math.min(cueChars, b.s.text - b.s.linkText);
  if (own > PROMO_MAX_OWN_SHARE * b.s.text) return false;
  const anchors = b.s.el.localName === 'a' ? [b.s.el] : Array.from(b.s.el.querySelectorAll('a'));
  return anchors.some((a) => pointsAtPage(a.getAttribute('href'), b.sites, false));
}

/** A block that is one link to an article of the same site, with a promo cue inside it ("Title (read also)", a
 *  label after an arrow): the link structure says promo where the cue is not at the start. */
function isPromoWithCueInside(b: Block, on: RuleSwitch): boolean {
  if (b.s.links !== 1) return false;
  const cue = MATCHERS.readAlso.findWithin(b.norm, PROMO_CUE_WITHIN);
  if (cue === null || !cue.languages.some((l) => on(`vocabulary-${l}`))) return false;
  const own = b.s.text - b.s.linkText - cue.cue.length;
  if (own > PROMO_MAX_OWN_SHARE * b.s.text) return false;
  const a = b.s.el.localName === 'a' ? b.s.el : b.s.el.querySelector('a');
  return a !== null && pointsAtPage(a.getAttribute('href'), b.sites, true);
}

/** After a byline cue comes a name: a few capitalised words (or a linked author page); CJK lines are short. */
function isName(b: Block, cue: CueMatch): boolean {
  if (CJK.test(cue.cue)) return b.norm.length - cue.end <= CJK_BYLINE_MAX_CHARS;
  // the original text keeps the capitals; skip as many words as the cue has
  const cueWords = cue.cue.split(' ').length;
  const words = b.text.split(' ');
  let start = 0;
  while (start < words.length && normaliseCueText(words[start]!) === '') start++;
  const rest = words.slice(start + cueWords).join(' ');
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

/** Longest href read; longer ones are no article address. */
const MAX_HREF_CHARS = 2000;
const ARTICLE_EXTENSION = /\.(?:html?|shtml|php|aspx?)$/;
const LONG_DIGITS = /\d{4,}/;

/**
 * Whether `href` points at another page of the web (not a fragment, a script or a mail address); with
 * `articleOnly`, at an article-like page of the page's own site (a relative address, or the same host): a path of
 * two parts or more, a slug of several words, a long number or a page file.
 */
function pointsAtPage(href: string | null, sites: ReadonlySet<string>, articleOnly: boolean): boolean {
  if (href === null || href.length > MAX_HREF_CHARS) return false;
  const h = href.trim();
  if (h === '' || h.startsWith('#') || /^(?:javascript|mailto|tel|data):/i.test(h)) return false;
  if (!articleOnly) return true;
  let url: URL;
  try {
    url = new URL(h, 'http://relative.invalid/');
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'relative.invalid' && !sites.has(host)) return false;
  const parts = url.pathname.split('/').filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  return parts.length >= 2 || last.split('-').length >= 3 || LONG_DIGITS.test(last) || ARTICLE_EXTENSION.test(last);
}

function hostOf(url: string | undefined, base: string | undefined): string | null {
  if (url === undefined || url.length > MAX_HREF_CHARS) return null;
  try {
    return new URL(url, base).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
