// The words and tags the extractor's stages read blocks by (data, apart from the code that uses them). Class words
// that label chrome in the first place live in classHints.ts; these say when such a label means something else.
import { hasTag } from '../html/elementQueries.js';
import { COMMENT_WORDS, LEGAL_WORDS, READER_WORDS, SIGNATURE_WORDS } from './classHints.js';

/** Page builders call every block a "widget", text and all; shop builders call their text sections "banners" (a hero
 *  banner carries a page's title and intro, a home page is a stack of them): when labels fail, these words say
 *  nothing. */
export const BUILDER_WORDS = new Set(['widget', 'widgets', 'banner']);
/** An author's bio is prose by nature (a paragraph about the writer), and so are related-story excerpts: prose does
 *  not make them content. */
const PROSE_CHROME_WORDS = ['author', 'bio', 'related', 'recommended', 'recommendations'];
/** Pop-up layers (a push-notification or app-install prompt, an off-canvas panel) hold step-by-step instructions that
 *  read as prose; "modal" and "drawer" are left out, since detail modals and accordion drawers fold the page's text. */
const POPUP_WORDS = ['popup', 'popover', 'offcanvas'];
/** A detail modal or drawer that reads as prose is content down to its parts (its paragraph containers repeat
 *  the label: "details-modal__container"), however short each part is. */
export const FOLDING_WORDS = new Set(['modal', 'drawer']);
/** Words naming an ad slot. */
export const AD_WORDS = new Set(['ad', 'ads', 'adslot', 'advert', 'advertisement']);
/** Class words of blocks that read as prose by nature (comments, reviews, signatures, fine print, bios, related
 *  excerpts, pop-ups): prose does not make such a block content. */
export const PROSE_BY_NATURE = new Set([
  ...COMMENT_WORDS,
  ...READER_WORDS,
  ...SIGNATURE_WORDS,
  ...LEGAL_WORDS,
  ...PROSE_CHROME_WORDS,
  ...POPUP_WORDS,
]);
/** Class names the common publishing systems give the block that holds a story's text (WordPress themes'
 *  "entry-content", "post-content"; news templates' "article-body", "story-body"): the page's word on where its
 *  story is, as <article> is (dropAfterArticle.ts, rule after-body-class). Whole class names, not words in them. */
export const STORY_BODY_CLASSES = new Set([
  'entry-content',
  'post-content',
  'article-body',
  'article-content',
  'post-body',
  'story-body',
]);
/** Class words of the overlays that consent managers show. */
export const OVERLAY_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr', 'banner', 'popup', 'modal', 'overlay']);
/** Cookie banners name cookies and ask for consent. */
export const COOKIE_TEXT = /\bcookies?\b/i;
export const CONSENT_TEXT = /\b(accept|consent|agree|allow|preferences|reject|decline|got it)\b/i;

/** Landmark chrome by tag and by role. */
export const LANDMARK_TAGS = new Set(['header', 'footer', 'nav', 'aside']);
export const LANDMARK_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'complementary']);
/** Where a "header"-named block heads a section rather than the site: `main, section, [role="main"]`. */
export function isSectioning(el: Element): boolean {
  return hasTag(el, SECTIONING_TAGS) || el.getAttribute('role') === 'main';
}
const SECTIONING_TAGS = new Set(['main', 'section']);
/** `article, main, section, [role="main"]`: what has headers and footers of its own. */
export function isArticleOrSectioning(el: Element): boolean {
  return hasTag(el, ARTICLE_TAG) || isSectioning(el);
}
const ARTICLE_TAG = new Set(['article']);
/** `h1, h2, h3, h4, h5, h6` */
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const isHeading = (el: Element): boolean => hasTag(el, HEADING_TAGS);
/** The cells of a table row repeat their tag, yet are columns of one item, not items. */
export const CELL_TAGS = new Set(['td', 'th']);
/** Code and headings repeat tokens and titles by nature; they are never item template text. */
export const TEMPLATE_SKIP_TAGS = new Set(['pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);
/** Tags a heading may be set in without heading tags (a bold <p>, a styled <span> or <div>). */
export const CAPTION_TAGS = new Set(['p', 'span', 'div', 'strong', 'b', 'dt', 'legend']);
/** Blocks that hold one paragraph's text (compared whole by the repeated-paragraphs rule). */
export const PARAGRAPH_BLOCKS = new Set(['p', 'li', 'pre', 'dd', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Hidden elements whose text is never the page's (scripts, styles, pictures, metadata). */
export const HIDDEN_SKIP_TAGS = new Set([
  'svg',
  'canvas',
  'iframe',
  'object',
  'script',
  'style',
  'template',
  'noscript',
  'head',
  'title',
  'meta',
  'link',
]);
/** Tags whose link density is worth judging (inline links inside a paragraph are judged with the paragraph). */
export const BLOCK_TAGS = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'dl',
  'table',
  'p',
  'span',
  'header',
  'footer',
  'aside',
  'nav',
  'form',
  'li',
  'center',
  'font',
]);
