// Class/id words that authors use to label chrome or content. General vocabulary only, never site-specific names.
import { hasPostClassMarker } from './hasPostClassMarker.js';
import { CACHE_MAX } from './tunables.js';

/** Words that mark navigation, promotion, social and legal chrome. */
const NEGATIVE_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'menu',
  'menubar',
  'submenu',
  'megamenu',
  'breadcrumb',
  'breadcrumbs',
  'crumbs',
  'footer',
  'foot',
  'sidebar',
  'sidenav',
  'widget',
  'widgets',
  'share',
  'sharing',
  'sharebar',
  'social',
  'socials',
  'related',
  'recommended',
  'recommendations',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'cookie',
  'cookies',
  'consent',
  'gdpr',
  'popup',
  'popover',
  'modal',
  'overlay',
  'promo',
  'promotion',
  'advert',
  'advertisement',
  'ad',
  'ads',
  'adslot',
  'sponsor',
  'sponsored',
  'pagination',
  'pager',
  'skip',
  'toolbar',
  'masthead',
  'disqus',
  'comments',
  'comment',
  'respond',
  'tags',
  'tagcloud',
  'byline',
  'meta',
  'postmeta',
  'outbrain',
  'taboola',
  'login',
  'signin',
  'searchform',
  'searchbar',
  'banner',
  'topbar',
  'header',
  'toc',
  'author',
  'bio',
  'print',
  'offcanvas',
  'drawer',
  'feedback',
  'rating',
  'ratings',
  'utility',
  'utilities',
  'copyright',
  'legal',
  'disclaimer',
  'disclaimers',
  'reviews',
  'review',
  'upsell',
  'crosssell',
  'avatar',
  'signature',
  'usercard',
  'userinfo',
  'badges',
  'vote',
  'votes',
  'voting',
  'reactions',
  // a badge is a label on a card or a picture ("Best seller", "New")
  'badge',
  // a tooltip shows its text on hover only: a definition of a spec label, a note beside a price (tippy.js, Popper
  // and hover cards are the common libraries' names for one)
  'tooltip',
  'tooltips',
  'tippy',
  'popper',
  'hovercard',
]);
/** Author-card parts of forum posts, written as two words ("userTitle", "user-banner", "postprofile", "post-count"):
 *  the rank, banner, post count and extra fields beside the author's name, not the post. Matched on adjacent tokens
 *  joined. ("user info" is left out: some boards put the author's name in it, which the truth keeps.) */
export const POSTER_COMPOUNDS = new Set([
  'usertitle',
  'userbanner',
  'userextras',
  'userrank',
  'userstats',
  'authorstats',
  'postprofile',
  'postcount',
  'profilerank',
]);
/** The proper prefixes of POSTER_COMPOUNDS ("user", "post", "pro"...): a token is joined to the next one and looked up
 *  only when it is one of these, so most tokens of a class list are not copied into a new string first. */
const POSTER_HEADS = new Set(
  [...POSTER_COMPOUNDS].flatMap((w) => Array.from({ length: w.length - 1 }, (_, n) => w.slice(0, n + 1))),
);
/** "header" and "footer" name the page's banner and footer, but after a component's name ("CardFooter",
 *  "section-header", "SideBySideHeader") they name a part of that component, which is as much content as the rest. */
const PART_WORDS = new Set(['header', 'footer']);
const COMPONENT_WORDS = new Set([
  'card',
  'headline',
  'panel',
  'feature',
  'features',
  'tile',
  'hero',
  'accordion',
  'tab',
  'side',
]);
/** Compound words without separators ("sharebuttons", "cookiebanner") are caught by these stems. */
const NEGATIVE_STEMS = ['cookie', 'newsletter', 'breadcrumb', 'sharing', 'socialshare', 'sidebar', 'navbar', 'footer'];
/** Words that mark the content itself. */
const POSITIVE_WORDS = new Set([
  'content',
  'article',
  'post',
  'entry',
  'main',
  'body',
  'text',
  'story',
  'prose',
  'markdown',
  'thread',
  'message',
  'product',
  'description',
  'docs',
  'documentation',
  'richtext',
  'blog',
]);
/** Comment words mark posts on forums: there they are content, so callers can ask to ignore them. */
export const COMMENT_WORDS = new Set(['comments', 'comment', 'respond', 'disqus']);
/** A forum signature is prose its author wrote once and every post repeats: prose does not make it content. */
export const SIGNATURE_WORDS = new Set(['signature']);
/** Reader-written blocks (customer reviews) read as prose like comments do, so prose does not make them content. */
export const READER_WORDS = new Set(['reviews', 'review']);
/** Legal fine print (disclaimers, copyright notes) is prose by nature, so prose does not make it content either. */
export const LEGAL_WORDS = new Set(['legal', 'copyright', 'disclaimer', 'disclaimers']);

/** A CSS-modules class ends in a build hash ("AccordionItem_item__adF2E", "Header_header__RqO0x"): five letters and
 *  digits in mixed case that camelCase splitting would read as words ("ad F2E"). The look back comes after the "__":
 *  in front, it scanned back over the run of letters before every position of a long class name (quadratic). */
const MODULE_HASH = /__(?<=[A-Za-z0-9]_[A-Za-z0-9]+__)(?=[A-Za-z0-9_-]{0,4}[A-Z0-9])[A-Za-z0-9_-]{5}(?=\s|$)/g;

function tokens(value: string): string[] {
  // split camelCase too: "cookieBanner" → cookie, banner
  // utility-class arbitrary values ("top-[var(--nav-height)]") name CSS variables, not roles
  if (value.includes('__')) value = value.replace(MODULE_HASH, ' ');
  // (No "[" inside the brackets: a run of "[[[[" would otherwise be rescanned from each "[", quadratic in its length.)
  if (value.includes('[')) value = value.replace(/\[[^[\]\s]*\]/g, ' ');
  const ascii = asciiTokens(value);
  if (ascii !== null) return ascii;
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** The words of an ASCII value in one scan, as the regex chain above reads them: runs of letters and digits,
 *  lower-cased, also cut where a lower-case letter meets a capital. Null for other text: lower-casing it can yield
 *  ASCII letters ("K" Kelvin sign → "k"), which only the regex chain reads right. One scan, no intermediate strings:
 *  most class strings are read once per run (a cache miss), and this was a tenth of the extractor's time. */
function asciiTokens(value: string): string[] | null {
  const out: string[] = [];
  let start = -1;
  let prevLower = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 127) return null;
    const lower = c >= 97 && c <= 122;
    const upper = c >= 65 && c <= 90;
    if (lower || upper || (c >= 48 && c <= 57)) {
      if (start === -1) start = i;
      else if (upper && prevLower) {
        out.push(value.slice(start, i).toLowerCase());
        start = i;
      }
    } else if (start !== -1) {
      out.push(value.slice(start, i).toLowerCase());
      start = -1;
    }
    prevLower = lower;
  }
  if (start !== -1) out.push(value.slice(start).toLowerCase());
  return out;
}

export interface ClassHint {
  negative: string | null;
  positive: boolean;
}

const NO_HINT: ClassHint = { negative: null, positive: false };

/** What one attribute value (a class list or an id) says, cached per value: pages repeat the same class strings
 *  thousands of times (grid cells, list items), and ids are looked up apart so unique ids do not defeat the cache. */
interface ValueHint {
  negative: string | null;
  positive: boolean;
  /** Names testimonials: reviews a business shows as its own pitch (content on service pages). */
  testimonial: boolean;
  /** A class list that hides its element but for screen readers (see SCREEN_READER_ONLY). */
  screenReaderOnly: boolean;
  /** The hint of this value alone, testimonial rule applied. */
  hint: ClassHint;
}

const cache = new Map<string, ValueHint>();
const idCache = new Map<string, ValueHint>();

export function classHint(cls: string, id: string): ClassHint {
  if (!id) return cls ? valueHint(cache, cls).hint : NO_HINT;
  if (!cls) return valueHint(idCache, id).hint;
  // the class list speaks first, then the id (as if read as one string "class id")
  const c = valueHint(cache, cls);
  const i = valueHint(idCache, id);
  const negative = c.negative ?? i.negative;
  const positive = c.positive || i.positive;
  if (negative === null && !positive) return NO_HINT;
  return finish(negative, positive, c.testimonial || i.testimonial);
}

/** The last value read and its hint: the measuring walk asks about one class string twice in a row (hidden?, then
 *  chrome?), and a string compare is cheaper than a map lookup. One entry: bounded, and pure in effect. */
let lastValue = '';
let lastHint: ValueHint | null = null;
let lastMap: Map<string, ValueHint> | null = null;

function valueHint(map: Map<string, ValueHint>, value: string): ValueHint {
  if (value === lastValue && map === lastMap && lastHint !== null) return lastHint;
  let v = map.get(value);
  if (v === undefined) {
    if (map.size >= CACHE_MAX) map.clear(); // bounded: a page of unique ids must not grow it for ever
    v = computeValueHint(value, map === cache);
    map.set(value, v);
  }
  lastValue = value;
  lastMap = map;
  lastHint = v;
  return v;
}

function finish(negative: string | null, positive: boolean, testimonial: boolean): ClassHint {
  // testimonials are reviews a business shows as its own pitch: content on service pages
  if (negative !== null && READER_WORDS.has(negative) && testimonial) negative = null;
  return negative === null && !positive ? NO_HINT : { negative, positive };
}

/** WordPress writes each post's taxonomy into its class list ("category-social-media", "tag-menu",
 *  "product_tag-utility-lid" beside "type-product status-publish"): those words are the author's topics, not the
 *  block's role, so a post filed under "Social" or a product tagged "utility" is not chrome. Recognised only on class
 *  lists that carry the post markers (hasPostClassMarker). */
const TAXONOMY_CLASS = /(?:^|\s)(?:category|tag|product_cat|product_tag|product_brand|format|pa_[a-z0-9_]*)-\S*/g;

/** The cheap first test for testimonials, without a lower-cased copy of every class list. (Lower-casing could turn
 *  only the Kelvin sign into an ASCII letter, "k", which the word does not hold: the two tests agree.) */
const TESTIMONIAL = /testimonial/i;

/** `classList`: the value is a class list, the only kind asked whether it hides its element (isScreenReaderOnly);
 *  ids (often unique, so often misses) skip that test. */
function computeValueHint(value: string, classList: boolean): ValueHint {
  let negative: string | null = null;
  let positive = false;
  const list = tokens(hasPostClassMarker(value) ? value.replace(TAXONOMY_CLASS, ' ') : value);
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    const word: string | null = negative === null ? negativeWordAt(list, i) : null;
    if (word !== null) negative = word;
    else if (POSITIVE_WORDS.has(t)) positive = true;
    else if (negative === null && t.length > 6) negative = negativeStemOf(t);
  }
  const testimonial = TESTIMONIAL.test(value) && /\btestimonials?\b/i.test(value.replace(/[^a-z]+/gi, ' '));
  return {
    negative,
    positive,
    testimonial,
    screenReaderOnly: classList && SCREEN_READER_HINT.test(value) && SCREEN_READER_ONLY.test(value),
    hint: finish(negative, positive, testimonial),
  };
}

/** The chrome word that the `i`th token of a class list says (alone, or with the next token), or null. */
function negativeWordAt(list: string[], i: number): string | null {
  const t = list[i];
  if (NEGATIVE_WORDS.has(t) && !(PART_WORDS.has(t) && i > 0 && COMPONENT_WORDS.has(list[i - 1]))) return t;
  if (POSTER_COMPOUNDS.has(t)) return t;
  if (i + 1 < list.length && POSTER_HEADS.has(t) && POSTER_COMPOUNDS.has(t + list[i + 1])) return t + list[i + 1];
  if (t === 'tool' && list[i + 1] === 'tip') return 'tooltip'; // "tool-tip", "ToolTip"
  return null;
}

/** The last chrome stem inside a long token, or null. */
function negativeStemOf(t: string): string | null {
  let negative: string | null = null;
  for (const stem of NEGATIVE_STEMS) if (t.includes(stem)) negative = stem;
  return negative;
}

/** Utility classes that hide text visually but keep it for screen readers ("sr-only", "visually-hidden"): a reader of
 *  the page never sees that text (repeated "Regular price", "Save this event: ..." labels in every card). A bare
 *  "blind" class is the same utility on Korean sites. */
const SCREEN_READER_ONLY = new RegExp(
  String.raw`(?:^|\s|(?<!label)[_-])(?:sr[-_]?only|screen[-_]?reader[-_]?(?:text|only)|visually[-_]?hidden` +
    String.raw`|show[-_]for[-_]sr|element[-_]invisible|offscreen|assistive[-_]text|sr[-_]text|a11y[-_]hidden` +
    String.raw`|hidden[-_]visually|hidden[-_]accessible)(?:$|[\s_-])|(?:^|\s)blind(?:$|\s)`,
  'i',
);

/** The cheap first test for SCREEN_READER_ONLY: each of its names holds one of these words (same case rule), and a
 *  plain word search is cheaper than trying the pattern's look-behind and alternation at every position. */
const SCREEN_READER_HINT = /sr|screen|visually|element|assistive|a11y|hidden|blind/i;

/** Whether a class attribute marks its element as screen-reader-only text (see SCREEN_READER_ONLY). */
export function isScreenReaderOnly(cls: string): boolean {
  return cls !== '' && valueHint(cache, cls).screenReaderOnly;
}
