// One iterative pass over the DOM that measures every element (text, link text, controls) and labels chrome.
// Iterative on purpose: pages can nest 100k deep, and recursion would overflow the stack.
import { classHint, COMMENT_WORDS, isScreenReaderOnly, SIGNATURE_WORDS } from './classHints.js';
import { closestWhere, firstDescendantWhere, hasTag } from '../html/elementQueries.js';
import { type ChainNode, END, inHtmlDocument, NEXT, NODE_END, VALUE } from '../html/linkedomLinks.js';
import { type ElementAttributes, readAttributes } from './elementAttributes.js';
import { trimTrailingSpaceAnd } from '../text/trailingRun.js';
import {
  BUTTON_LABEL_MAX_CHARS,
  CREDIT_MAX_CHARS,
  LINK_TEXT_WEIGHT,
  MEASURE_TREE_CARD_LINK_MIN_CHARS,
  MORE_LINK_MAX_CHARS,
  STAMP_MAX_CHARS,
} from './tunables.js';

/** How an element was labelled as chrome: by its tag/role (hard) or by class/id words (soft, overridable by size). */
export type JunkKind = 0 | 'hard' | 'soft';

export interface NodeStats {
  el: Element;
  parent: NodeStats | null;
  children: NodeStats[];
  /** Visible non-whitespace characters in the subtree. */
  text: number;
  /** Of which inside links. */
  linkText: number;
  /** Buttons, inputs, selects in the subtree: share bars and widgets are made of them. */
  controls: number;
  /** Links (<a> elements) in the subtree. */
  links: number;
  /** Paragraph-like blocks in the subtree. */
  paragraphs: number;
  junk: JunkKind;
  /** The class attribute ('' when absent), read once. */
  cls: string;
  /** The ARIA role attribute (null when absent), read once. */
  role: string | null;
  /** The itemprop attribute (null when absent), read once: the article-body rules ask it of every block. */
  itemprop: string | null;
  /** The class/id word that labelled this element as chrome, if any. */
  junkWord: string | null;
  positive: boolean;
  /** Non-link text directly inside this element. */
  ownGood: number;
  /** Non-link text outside chrome: the quantity that decides where the content is (see computeGood). */
  good: number;
  /** A plain link (not a card): its text counts as link text and not as content. */
  isLink: boolean;
  /** Inside <pre> or <code>: its classes are highlighting, never chrome labels. */
  inCode: boolean;
  /** Pre-order index, for "which comes first" questions. */
  order: number;
  /** The block's signature (see nodeNames.ts), filled on first ask: the passes ask it of the same blocks many times. */
  sig: string | undefined;
  /** The block's textContent, filled on first ask by wholeText (textPieces.ts): several passes read the root's. */
  allText: string | undefined;
  /** wholeText with whitespace runs collapsed and trimmed, filled on first ask by squeezedText (textPieces.ts). */
  squeezed: string | undefined;
  /** wholeText without whitespace, filled on first ask by compactText (textPieces.ts). */
  compact: string | undefined;
  /** The opening of its text and that opening as cues are matched, filled on first ask by the vocabulary rules
   *  (dropVocabularyBoilerplate.ts): their three passes read the same short blocks. */
  opening: { text: string; norm: string } | undefined;
}

/** Elements whose text is never page text. */
const INVISIBLE_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'head',
  'title',
  'meta',
  'link',
]);
/** Landmark tags that are chrome by definition. */
const CHROME_TAGS = new Set(['nav', 'footer', 'header', 'aside', 'dialog', 'menu']);
/** ARIA roles that are chrome by definition. */
const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'dialog',
  'alertdialog',
  'search',
  'menu',
  'menubar',
  'toolbar',
  'tooltip',
]);
const TEXT_TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'pre',
  'code',
  'table',
  'blockquote',
  'figure',
  'figcaption',
]);
const CODE_TAGS = new Set(['pre', 'code']);
/** junkOf's common answers, shared: it is asked of every element, and most get one of these. */
const NO_JUNK: JunkLabel = { junk: 0, positive: false, word: null };
const POSITIVE: JunkLabel = { junk: 0, positive: true, word: null };
const HARD_JUNK: JunkLabel = { junk: 'hard', positive: false, word: null };
/** A leaf's child list, shared until a child is met (most elements are leaves; the list is only pushed to there). */
const NO_CHILDREN: NodeStats[] = [];
const CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea']);
const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'td', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const MORE_LINK = new RegExp(
  String.raw`^(read|learn|find out|see|view|show|load|discover|explore) (more|all)\b` +
    String.raw`|^(continue reading|shop now|view (full )?details)\b`,
  'i',
);
const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** Whether an element is hidden, by its `hidden` attribute, its style or a screen-reader-only class (attributes as
 *  readAttributes gives them). */
function isHidden(hiddenAttribute: boolean, style: string | null, cls: string | null): boolean {
  if (hiddenAttribute) return true;
  // aria-hidden is not checked: sites put it on visible duplicates (card links, icons), it only hides from screen
  // readers.
  if (style !== null && HIDDEN_STYLE.test(style)) return true;
  return cls !== null && isScreenReaderOnly(cls);
}

/** Accordion, FAQ and tab panels fold their text away until a click: the text is the page's, only folded. */
const FOLDED_PANEL = new RegExp(
  String.raw`(^|[^a-z])(accordion|collaps[a-z]*|faq|answer|tab-?pane|tab-?content|tabpanel|panel|expand[a-z]*` +
    String.raw`|disclosure|toggle|tabs?)([^a-z]|$)`,
  'i',
);

function isFoldedPanel(el: Element): boolean {
  if (el.getAttribute('role') === 'tabpanel') return true;
  const cls = el.getAttribute('class');
  if (cls !== null && FOLDED_PANEL.test(cls)) return true;
  // a bare block inside an accordion's item or a panel ("accordion > div[hidden]") is that item's folded body
  const parentCls = el.parentElement?.getAttribute('class');
  if (parentCls != null && FOLDED_PANEL.test(parentCls)) return true;
  // a hidden block right below a heading is that heading's folded body (an FAQ answer under its question)
  const prev = el.previousElementSibling;
  return prev !== null && SUBHEADING_TAGS.has(prev.localName) && el.localName !== 'nav' && el.localName !== 'ul';
}
const SUBHEADING_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

const HEADER_HOLDER_TAGS = new Set(['article', 'main', 'section']);
/** `article, main, section` */
const isHeaderHolder = (el: Element): boolean => hasTag(el, HEADER_HOLDER_TAGS);
const INPUT = new Set(['input']);
const ACCOUNT_OR_SEARCH_TYPES = new Set(['email', 'search', 'password']);
/** `input[type="email"], input[type="search"], input[type="password"]` (a selector reads `type` in any case) */
function isAccountOrSearchInput(el: Element): boolean {
  if (!hasTag(el, INPUT)) return false;
  const type = el.getAttribute('type');
  return type !== null && ACCOUNT_OR_SEARCH_TYPES.has(type.toLowerCase());
}

interface JunkLabel {
  junk: JunkKind;
  positive: boolean;
  word: string | null;
}

function junkOf(
  el: Element,
  tag: string,
  cls: string,
  attrs: ElementAttributes | null,
  keepComments: boolean,
): JunkLabel {
  const byTag = tagJunk(el, tag, cls, attrs);
  if (byTag !== null) return byTag;
  // no attributes: no class, id or test hook names a role
  if (attrs === null) return NO_JUNK;
  return classJunk(cls, attrs, keepComments);
}

/** The label an element's tag, role or modality decides alone; null when they leave it to its class. `attrs`: null
 *  for an element without attributes. */
function tagJunk(el: Element, tag: string, cls: string, attrs: ElementAttributes | null): JunkLabel | null {
  const role = attrs === null ? null : attrs.role;
  // A <header> inside an <article> is the card's or story's own heading block (listing teasers live there). Likewise
  // inside <main> or a <section>: there, as HTML maps it, a <header> is no page banner but a section's heading.
  if (tag === 'header' && closestWhere(el, isHeaderHolder) !== null) return NO_JUNK;
  // The main landmark is content whatever its class/id says (id="skip-to-content" is where the skip link lands).
  if (tag === 'main' || role === 'main') return NO_JUNK;
  if (
    CHROME_TAGS.has(tag) ||
    (role !== null && CHROME_ROLES.has(role)) ||
    (attrs !== null && attrs.ariaModal === 'true')
  ) {
    return HARD_JUNK;
  }
  if (tag === 'form' && firstDescendantWhere(el, isAccountOrSearchInput) !== null) {
    return HARD_JUNK;
  }
  // Form widgets are chrome; a long button label is usually an accordion question, so only short ones go.
  // (a button's label is measured once its visible text is counted: see measureTree)
  if (tag === 'select' || tag === 'option') {
    return HARD_JUNK;
  }
  // Headings and paragraphs are content whatever their class says ("accordion__header").
  if (TEXT_TAGS.has(tag)) {
    // but a quote block named a signature (<blockquote class="signature">, as boards print them) is the signature
    if (tag === 'blockquote' && cls !== '') {
      const word = classHint(cls, '').negative;
      if (word !== null && SIGNATURE_WORDS.has(word)) return { junk: 'soft', positive: false, word };
    }
    return NO_JUNK;
  }
  return null;
}

/** The label an element's class or id (else its data-role or test hook) gives it. */
function classJunk(cls: string, attrs: ElementAttributes, keepComments: boolean): JunkLabel {
  let hint = classHint(cls, attrs.id ?? '');
  if (hint.negative === null && !hint.positive) {
    const dataRole = attrs.dataRole;
    if (dataRole !== null) hint = classHint(dataRole, '');
    else {
      // test hooks name a component's role in the same words ("ad-slot-3", "related-articles", "site-footer")
      const testId = attrs.dataTestId ?? attrs.dataTest;
      if (testId !== null) hint = classHint(testId, '');
    }
  }
  if (hint.negative === null) return hint.positive ? POSITIVE : NO_JUNK;
  const negative = !(keepComments && COMMENT_WORDS.has(hint.negative));
  return { junk: negative ? 'soft' : 0, positive: hint.positive, word: hint.negative };
}

/** The block's textContent, kept on it as wholeText (textPieces.ts) keeps it: the later passes read the text of the
 *  same short buttons and links again (the DOM does not change before the result is written). */
function textOf(s: NodeStats): string {
  if (s.allText === undefined) s.allText = s.el.textContent ?? '';
  return s.allText;
}

/** A button labelled with a question ("Do I need to be good at drawing?") opens its answer: an FAQ's question, not
 *  an action. */
function isQuestionLabel(s: NodeStats): boolean {
  return QUESTION_END.test(textOf(s));
}
const QUESTION_END = /\?\s*$/;

const ISO_STAMP = /^\s*\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[\d:.]*(Z|[+-]\d{2}:?\d{2})?(\+\d{2}:\d{2})?\s*$/;

function isMachineStamp(s: NodeStats): boolean {
  if (s.el.localName !== 'time' && s.itemprop === null) return false;
  return ISO_STAMP.test(textOf(s));
}

/** Cheap pre-test of CREDIT_CLASS (no lower-casing of every class list). */
const CREDIT_WORD = /credit/i;
const CREDIT_CLASS = /(?:^|[^a-z])credits?(?:$|[^a-z])/;
const FIGURE_TAGS = new Set(['figure', 'figcaption']);
/** `figure, figcaption, [class*="caption"], [class*="Caption"]` */
function isFigureOrCaption(el: Element): boolean {
  if (hasTag(el, FIGURE_TAGS)) return true;
  const cls = el.getAttribute('class');
  return cls !== null && (cls.includes('caption') || cls.includes('Caption'));
}

function isPhotoCredit(s: NodeStats): boolean {
  if (!CREDIT_WORD.test(s.cls)) return false;
  if (!CREDIT_CLASS.test(s.cls.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())) return false;
  return closestWhere(s.el, isFigureOrCaption) !== null;
}

/** A class naming a button ("icon-button", "btn btn-primary", "close_btn"), not a holder of buttons
 *  ("button-container"). */
const BUTTON_CLASS = new RegExp(
  String.raw`(?:^|[\s_-])(?:button|btn)(?:$|\s|[_-](?!_?` +
    String.raw`(?:container|group|wrap|wrapper|row|list|bar|area|box|holder|block|section)\b))`,
  'i',
);

/** A <button>, or an element that acts as one (role=button, or a block or span whose class calls it a button): its
 *  short label ("Close", "Expand", "Book a lesson") is an action, not text. Links and text blocks keep their own
 *  rules. */
function isButtonLike(s: NodeStats): boolean {
  const tag = s.el.localName;
  if (tag === 'button') return true;
  if (tag !== 'div' && tag !== 'span') return false;
  return s.role === 'button' || (s.cls !== '' && BUTTON_CLASS.test(s.cls));
}

function isMoreLink(s: NodeStats): boolean {
  const t = trimTrailingSpaceAnd(textOf(s), '»›→>.…').trim();
  return MORE_LINK.test(t) && t.split(/\s+/).length <= 3;
}

function visibleChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 160) n++;
  }
  return n;
}

export interface MeasuredTree {
  root: NodeStats;
  /** Elements in pre-order: iterate backwards for bottom-up sums. */
  preorder: NodeStats[];
  hidden: Set<Element>;
}

export function measureTree(
  root: Element,
  options: { keepComments: boolean; readNoscript?: boolean; readHidden?: boolean },
): MeasuredTree {
  const preorder: NodeStats[] = [];
  const hidden = new Set<Element>();
  const html = inHtmlDocument(root);
  const top = makeStats(root, null, readAttributes(root, html), 0, options.keepComments);
  preorder.push(top);
  const stack: NodeStats[] = [top];
  let current = top;
  // linkedom's NEXT chain (see linkedomLinks.ts): each element, then its attributes, its subtree and its END marker.
  // One read a step where firstChild and nextSibling each loop over the same links, and the attributes are read on
  // the way in, in one pass.
  const rootEnd = (root as unknown as ChainNode)[END];
  let node = (root as unknown as ChainNode)[NEXT] as ChainNode;
  while (node !== rootEnd) {
    const type = node.nodeType;
    if (type === 3) {
      const n = visibleChars(node[VALUE] as string);
      current.text += n;
      current.ownGood += n;
      node = node[NEXT] as ChainNode;
    } else if (type === 1) {
      const el = node as unknown as Element;
      const tag = el.localName;
      // A fifth of the elements carry no attribute: for them nothing is read.
      const attrs = (node[NEXT] as ChainNode).nodeType === 2 ? readAttributes(el, html) : null;
      if (isUnseen(el, tag, attrs, options)) {
        hidden.add(el);
        node = (node[END] as ChainNode)[NEXT] as ChainNode;
        continue;
      }
      const s = makeStats(el, current, attrs, preorder.length, options.keepComments);
      preorder.push(s);
      appendChild(current, s);
      stack.push(s);
      current = s;
      node = node[NEXT] as ChainNode;
    } else if (type === NODE_END) {
      // the current block's last child is done: its counts are complete
      stack.pop();
      closeBlock(current);
      const parent = stack[stack.length - 1];
      addCounts(parent, current);
      current = parent;
      node = node[NEXT] as ChainNode;
    } else {
      // attributes (already read), comments, CDATA
      node = node[NEXT] as ChainNode;
    }
  }
  closeBlock(top);
  // `good` is left at 0: callers relabel chrome first, then call computeGood once.
  return { root: top, preorder, hidden };
}

/** A block's stats before its text is counted: its tag's counts and the label its tag and class give it. `attrs`:
 *  null for an element without attributes. */
function makeStats(
  el: Element,
  parent: NodeStats | null,
  attrs: ElementAttributes | null,
  order: number,
  keepComments: boolean,
): NodeStats {
  const tag = el.localName;
  const cls = attrs === null ? '' : (attrs.cls ?? '');
  // Inside code, class names are syntax highlighting ("hljs-comment", "token comment"), never chrome.
  const inCode = parent !== null && (parent.inCode || CODE_TAGS.has(parent.el.localName));
  const {
    junk,
    positive,
    word: junkWord,
  } = parent === null || inCode ? NO_JUNK : junkOf(el, tag, cls, attrs, keepComments);
  const s: NodeStats = {
    el,
    parent,
    children: NO_CHILDREN,
    text: 0,
    linkText: 0,
    controls: CONTROL_TAGS.has(tag) ? 1 : 0,
    links: tag === 'a' ? 1 : 0,
    paragraphs: PARAGRAPH_TAGS.has(tag) ? 1 : 0,
    cls,
    role: attrs === null ? null : attrs.role,
    itemprop: attrs === null ? null : attrs.itemprop,
    junk,
    junkWord,
    positive,
    ownGood: 0,
    good: 0,
    isLink: false,
    inCode,
    order,
    sig: undefined,
    allText: undefined,
    squeezed: undefined,
    compact: undefined,
    opening: undefined,
  };
  return s;
}

/** Blocks without children share NO_CHILDREN: a parent's own list is made with its first child. */
function appendChild(parent: NodeStats, s: NodeStats): void {
  if (parent.children === NO_CHILDREN) parent.children = [s];
  else parent.children.push(s);
}

/** Adds a closed block's counts to its parent's. */
function addCounts(parent: NodeStats, s: NodeStats): void {
  parent.text += s.text;
  parent.linkText += s.linkText;
  parent.controls += s.controls;
  parent.links += s.links;
  parent.paragraphs += s.paragraphs;
}

/** Whether the walk leaves out an element and what it holds: scripts and the like, and what no reader sees. */
function isUnseen(
  el: Element,
  tag: string,
  attrs: ElementAttributes | null,
  options: { readNoscript?: boolean; readHidden?: boolean },
): boolean {
  if (INVISIBLE_TAGS.has(tag) && !(tag === 'noscript' && options.readNoscript)) return true;
  if (attrs === null) return false;
  const cls = attrs.cls;
  // reading hidden elements (a page streamed hidden) still skips screen-reader-only labels: no one ever sees them
  if (options.readHidden) return cls !== null && isScreenReaderOnly(cls);
  return isHidden(attrs.hidden, attrs.style, cls) && !isFoldedPanel(el);
}

/** The labels a block takes once its visible text is counted: short buttons, "more" links, machine time stamps
 *  and photo credits are chrome; a short link without paragraphs is a link whose text is link text. */
function closeBlock(s: NodeStats): void {
  // a button's label is its visible text: screen-reader words ("Add <product> to") do not make "Compare" long
  if (s.text < BUTTON_LABEL_MAX_CHARS && s.parent !== null && !s.inCode && isButtonLike(s) && !isQuestionLabel(s))
    s.junk = 'hard';
  if (s.el.localName === 'a' && s.text <= MORE_LINK_MAX_CHARS && s.parent !== null && !s.inCode && isMoreLink(s))
    s.junk = 'hard';
  if (s.text <= STAMP_MAX_CHARS && s.text > 0 && !s.inCode && isMachineStamp(s)) s.junk = 'hard';
  if (s.text <= CREDIT_MAX_CHARS && s.cls !== '' && !s.inCode && isPhotoCredit(s)) s.junk = 'hard';
  if (s.el.localName === 'a' && s.text < MEASURE_TREE_CARD_LINK_MIN_CHARS && s.paragraphs === 0) {
    s.isLink = true;
    s.linkText = s.text;
  }
}

/** (Re)computes `good` bottom-up, iteratively; call again after junk labels change. */
export function computeGood(tree: MeasuredTree): void {
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    s.good = 0;
  }
  for (let i = tree.preorder.length - 1; i >= 0; i--) {
    const s = tree.preorder[i];
    s.good += s.ownGood;
    if (s.parent && s.junk === 0) s.parent.good += s.isLink ? s.text * LINK_TEXT_WEIGHT : s.good;
  }
}
