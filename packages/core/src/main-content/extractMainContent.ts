// Finds the element that holds a page's main content: measure every block once, pick the content root by descending
// while one child holds nearly all of the content text (stopping at groups of similar siblings such as posts or
// listing items), then prune chrome inside that root. Deterministic, no model; every threshold is named below.
import { collectContentHints, type ContentHints } from './collectContentHints.js';
import { dropTeaserLists } from './dropTeaserLists.js';
import { dropEchoedLabels } from './dropEchoedLabels.js';
import { dropErrorNotices } from './dropErrorNotices.js';
import { dropServicePromises } from './dropServicePromises.js';
import { dropPurchaseTerms } from './dropPurchaseTerms.js';
import { groupChildren } from './groupChildren.js';
import { inChrome, isInside, isInsideAny, refrainTest } from './treeRelations.js';
import { classHint, COMMENT_WORDS, LEGAL_WORDS, READER_WORDS, SIGNATURE_WORDS } from './classHints.js';
import { commentChars, isCommentThread } from './commentThread.js';
import { dropPosterFields } from './dropPosterFields.js';
import { dropPostStamps } from './dropPostStamps.js';
import { dropLoginPrompts } from './dropLoginPrompts.js';
import { dropExpanderLabels } from './dropExpanderLabels.js';
import { computeGood, measureTree, type MeasuredTree, type NodeStats } from './measureTree.js';
import { dropLayoutDuplicates } from './dropLayoutDuplicates.js';
import { dropRepeatedLines } from './dropRepeatedLines.js';
import { dropVariantCopies } from './dropVariantCopies.js';
import { dropMobileCopies } from './dropMobileCopies.js';
import { pruneProductPage } from './pruneProductPage.js';
import { dropStockNotices } from './dropStockNotices.js';
import { dropRepeatedRuns } from './dropRepeatedRuns.js';
import { dropRatedReviews } from './dropRatedReviews.js';
import { PRICE_TEXT } from './priceText.js';
import { dropFacets } from './dropFacets.js';
import { buysOneProduct, countBuyActions } from './buyAction.js';
import { dropPlaceholderText } from './dropPlaceholderText.js';
import { dropBadges } from './dropBadges.js';
import { dropAdLabels } from './dropAdLabels.js';
import { dropSelectCaptions } from './dropSelectCaptions.js';
import { dropEngagementCounts } from './dropEngagementCounts.js';
import { seenText } from './textPieces.js';
import { keepFactPanels } from './keepFactPanels.js';
import { ruleSwitch, type RuleSwitch } from './rules.js';
import { dropFigureCaptions } from './dropFigureCaptions.js';
import { dropVocabularyBoilerplate } from './dropVocabularyBoilerplate.js';
import { chooseRoot, mainLandmark } from './chooseRoot.js';
import { describe, signature } from './nodeNames.js';
import { pageBody } from './pageBody.js';
import { dropDuplicates } from './dropDuplicates.js';

export { collectContentHints, type ContentHints };

export interface ExtractMainContentOptions {
  /** The page URL: its path words hint at forums and threads. */
  url?: string;
  /** Hints collected by collectContentHints before cleaning. */
  hints?: ContentHints;
  /**
   * Default false: the chosen element is pruned in place and returned, which is fast (no node is created) but
   * changes the document. True: the document is left untouched and a pruned copy is returned.
   */
  copy?: boolean;
  /** When given, each decision (root choice, each pruned block and why) is appended here, for debugging and tests. */
  trace?: string[];
  /** Rule ids (see MAIN_CONTENT_RULES) to switch off: for ablation reports and rule tests, not for production. */
  disabledRules?: ReadonlySet<string>;
}

/** Class-labelled chrome (e.g. "comments") that holds this share of the page's text is the content after all. */
const SOFT_JUNK_KEEP_SHARE = 0.5;
/** Class-labelled chrome that reads as prose (this much non-link text in several paragraphs, few links) is content
 *  mislabelled by a page builder ("widget_text", "content-nav-section"); comment sections are prose too, so they are exempt. */
const PROSE_MIN_CHARS = 400;
const PROSE_MAX_LINK_DENSITY = 0.2;
/** When class-labelled chrome leaves less than this share of the page's non-link text (and the page has at least
 *  this much), the class labels are wrong for this page and are dropped. */
const LABELS_FAILED_SHARE = 0.1;
const LABELS_FAILED_MIN_CHARS = 1000;
/** Page builders call every block a "widget", text and all; shop builders call their text sections "banners" (a hero
 *  banner carries a page's title and intro, a home page is a stack of them): when labels fail, these words say nothing. */
const BUILDER_WORDS = new Set(['widget', 'widgets', 'banner']);
/** An author's bio is prose by nature (a paragraph about the writer), and so are related-story excerpts: prose does
 *  not make them content. */
const PROSE_CHROME_WORDS = ['author', 'bio', 'related', 'recommended', 'recommendations'];
/** Pop-up layers (a push-notification or app-install prompt, an off-canvas panel) hold step-by-step instructions that
 *  read as prose; "modal" and "drawer" are left out, since detail modals and accordion drawers fold the page's text. */
const POPUP_WORDS = ['popup', 'popover', 'offcanvas'];
/** A detail modal or drawer that reads as prose is content down to its parts (its paragraph containers repeat
 *  the label: "details-modal__container"), however short each part is. */
const FOLDING_WORDS = new Set(['modal', 'drawer']);
/** Words naming an ad slot. */
const AD_WORDS = new Set(['ad', 'ads', 'adslot', 'advert', 'advertisement']);
/** A non-modal dialog that reads as prose with at most this many controls (its close button) is folded text; the
 *  chrome-tagged panel inside it holding at least this share of its text is the same sheet. */
const SHEET_MAX_CONTROLS = 1;
const SHEET_WRAPPER_SHARE = 0.9;
/** Class words of blocks that read as prose by nature (comments, reviews, signatures, fine print, bios, related
 *  excerpts, pop-ups): prose does not make such a block content. */
const PROSE_BY_NATURE = new Set([
  ...COMMENT_WORDS,
  ...READER_WORDS,
  ...SIGNATURE_WORDS,
  ...LEGAL_WORDS,
  ...PROSE_CHROME_WORDS,
  ...POPUP_WORDS,
]);
/** Inside the chosen root, "widget"-labelled blocks holding this share of its non-link text are the page builder's
 *  text blocks, not sidebar widgets (a sidebar sits beside the story, not a fifth of it). */
const BUILDER_ROOT_SHARE = 0.2;
/** A "header"-named block inside a section is that section's heading when at most this share of its text is links. */
const SECTION_HEADER_MAX_LINK_DENSITY = 0.3;
const SECTIONING = 'main, section, [role="main"]';
/** ARIA live regions announce passing states to screen readers ("loaded 24 results", "Loading...", "Added to cart",
 *  "Subtotal $0.00", a form's error): short messages about the page's state, not its text. */
const LIVE_REGION_ROLES = new Set(['status', 'alert', 'marquee', 'timer']);
const LIVE_REGION_MAX_CHARS = 200;
/** ...but `role="alert"` also marks the callout boxes of CSS frameworks (Bootstrap's `.alert`: "Note: ..."), which are
 *  text: only a message of a few words (a failed request, an added item) goes. */
const ALERT_MAX_CHARS = 60;
/** A "header"-named block holding the page's <h1> and paragraphs of at least this much text beside it (few links, no
 *  controls) is the page's own header, title over intro (a category's description): a site header holds menus. */
const INTRO_HEADER_MIN_CHARS = 150;
const INTRO_HEADER_MIN_PARAGRAPHS = 2;
/** Tag-labelled chrome (e.g. a page wrapped in <header>) that holds this share is the content after all. */
const HARD_JUNK_KEEP_SHARE = 0.6;
/** ...unless the page marks its main landmark (<main>, role=main) elsewhere and that landmark holds at least
 *  MAIN_MIN_CHARS of content text (see chooseRoot.ts): then the large block is a mega-menu, a banner or a footer
 *  beside the content, however much it says. */
/** ...nor when it is the page's footer and the rest of the page holds at least this much content text: a footer
 *  holds the fine print, store lists and service areas that follow the page, however long they run. */
const FOOTER_REST_MIN_GOOD = 500;
/** ...nor when more than this share of its text is links (prose has a few in-text links; an archive or a link
 *  directory in a sidebar or header is mostly links, however long it is). */
const LARGE_JUNK_MAX_LINK_SHARE = 1 / 3;
/** Above this share of link text, a block is a menu or a list of teasers... */
const LINK_DENSITY_MAX = 0.5;
/** ...unless it holds this share of the root's text: then the links are the content (listings). */
const LINKY_KEEP_SHARE = 0.3;
/** Class-labelled blocks repeated this often inside the root, together holding this share of its text, are the items
 *  themselves (every entry of a list has its "meta" block), not chrome. Blocks repeat when they share their tag and
 *  class and the word that labels them: a page that wraps every block in one component class ("celwidget") and
 *  names each by its id ("sponsoredProducts", "customer-reviews") repeats no block. */
const REPEATED_JUNK_MIN = 3;
const REPEATED_JUNK_SHARE = 0.3;
/** ...or that sit one per item, each short (on average at most this long): the byline or date of every teaser. */
const ITEM_META_MAX_CHARS = 120;
/** A root with more link text than this is a listing: its link-dense blocks are the items, not chrome. */
const LISTING_LINK_DENSITY = 0.4;
/** A list of at least this many items, each with this much text outside its links, is a directory (see isDirectoryList). */
const DIRECTORY_MIN_ITEMS = 3;
const DIRECTORY_ITEM_MIN_CHARS = 10;
/** Blocks with at least this many buttons/inputs and fewer visible characters per control are widgets (share bars, forms). */
const CONTROLS_MIN = 3;
const CHARS_PER_CONTROL_MIN = 20;
/** Unlabelled buttons with less text than this each between them are a gallery's or carousel's controls. */
const CHARS_PER_BARE_CONTROL_MIN = 8;
/** A child whose tag+class repeats this often among its siblings is an item of a list (cards, posts): judged as a group. */
const REPEATED_ITEM_MIN = 3;
/** An item of such a list has at least this much non-link text; wrappers down to this depth are looked through. */
const ITEM_MIN_CHARS = 20;
const ITEM_SEARCH_DEPTH = 4;
/** A block holding more than this share of a heading-less item's link text is the item's title. */
const ITEM_TITLE_LINK_SHARE = 0.5;
/** A list item this short is a card (title, price, a quick-buy form), not a column of the layout. */
const CARD_MAX_CHARS = 1000;
/** A block holding this share of a list item's text is the item itself in a wrapper (<li><div class="card">). */
const ITEM_WRAPPER_SHARE = 0.8;
/** The cells of a table row repeat their tag, yet are columns of one item, not items. */
const CELL_TAGS = new Set(['td', 'th']);
/** A short text (at most this long) found in at least this share of a list's similar items, and in at least this many,
 *  is item template text. */
const TEMPLATE_MAX_CHARS = 30;
const TEMPLATE_ITEM_SHARE = 0.5;
const TEMPLATE_MIN_ITEMS = 3;
/** A link whose parent holds this much text of its own beside it sits inside a sentence (see dropItemTemplateText). */
const SENTENCE_MIN_CHARS = 30;
/** Code and headings repeat tokens and titles by nature; they are never item template text. */
const TEMPLATE_SKIP_TAGS = new Set(['pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);
/** A card's shop action ("Add to cart", "Quick view", "Compare", "Choose options", "Notify me") is template text
 *  however few cards show it (only the items in stock say "Add to cart") and whatever element sets it (a script makes
 *  a bare <span> clickable as often as it uses a button): read within this length, in cards of such a list. */
const SHOP_ACTION = new RegExp(
  String.raw`^(add to (cart|bag|basket|trolley|wish ?list|favou?rites)|buy now|quick ?(view|shop|add|look)` +
    String.raw`|(view|choose|select|show|see) options|compare|notify me( when available)?|(view|see) details)$`,
  'i',
);
const SHOP_ACTION_MIN_CHARS = 6;
const SHOP_ACTION_MAX_CHARS = 24;
/** A block whose links are nearly all in-page anchors ("#section") is a table of contents: a map of the page, not
 *  its text. Judged on link-dense blocks with at least this many links, this share of them anchors... */
const TOC_MIN_LINKS = 3;
const TOC_ANCHOR_SHARE = 0.8;
/** ...that hold most of the block's text, and the block is a minor part of the root. */
const TOC_MIN_LINK_DENSITY = 0.6;
const TOC_MAX_SHARE = 0.3;
/** Headings that introduce recommendations rather than the page's own content ("You may also like"): the block they
 *  open is dropped, as long as it is a minor part of the root. */
/** Shops also head their strips of other products as offers to complete the purchase ("Most popular accessories",
 *  "Add the essentials", "Get everything you need", "Purchase options and add-ons"): the last alternatives below. */
const RECOMMENDATION_HEADING = new RegExp(
  String.raw`^(you (may|might|will|'ll) (also )?(like|love|enjoy|need|be interested)|more like this` +
    String.raw`|related (products|items|articles|posts|stories|content|reading|links|discussions|threads|topics` +
    String.raw`|questions|searches|services|insights|resources|solutions|case studies|news|events|guides|pages)` +
    String.raw`|recommended( for you| products| items| articles| reading)?$` +
    String.raw`|customers (who )?(also )?(bought|viewed|liked)` +
    String.raw`|similar (products|items|articles|threads|discussions|questions)|frequently bought together` +
    String.raw`|people (also )?(bought|viewed|liked)|(your )?recently viewed` +
    String.raw`|compare (with )?similar (products|items)|complete the look|shop the look` +
    String.raw`|more (products|items|stories) (from|like)|other (customers|people) (also )?(bought|viewed)` +
    String.raw`|pairs (well|nicely) with|don't miss|trending now)` +
    String.raw`|\b(customers|people|shoppers|buyers) who (viewed|bought|purchased)\b` +
    String.raw`|\b(also|frequently) (viewed|bought|purchased)\b|^explore (related|similar)\b` +
    String.raw`|^(sponsored|similar|related) (items|products)\b|\bother items\b|^more from\b` +
    String.raw`|^(other|suggested) (posts|topics|threads|discussions|questions)\b` +
    String.raw`|\b(check out|see) (other |more )?related\b|^related:?$` +
    String.raw`|^(related|recommended|popular|recent|latest|more|trending|featured) ` +
    String.raw`(posts|articles|stories|reads|news|guides|insights|resources|blogs?|blog posts)\b` +
    String.raw`|^from (our|the) blog\b|^read (next|also)\b` +
    String.raw`|^about the (author|authors|writer|reviewer|expert|editor|contributors?)\b` +
    String.raw`|^meet the (author|writer|expert)s?\b|^more videos$|^recently by\b` +
    String.raw`|^more (posts|articles|stories) (by|from)\b|^(recent|latest|popular) (post|article|story)$` +
    String.raw`|^popular:?$|^(table of contents|in this (article|post)|on this page):?$` +
    String.raw`|^(written|reviewed|fact[- ]checked|medically reviewed) by\b|^(products|items) related to\b` +
    String.raw`|\brelated (items|products|accessories)$|^similar brands\b|^sponsored by\b` +
    String.raw`|^(customers say|reviews? summary|top reviews( from [a-z ]+)?)$|^sponsored:?$` +
    String.raw`|^complete your (order|purchase|set|setup)\b|^(choose|select|pick) (your )?add-?ons\b` +
    String.raw`|^((most )?popular|recommended|compatible|suggested) accessories\b` +
    String.raw`|^(choose|select|pick) your (free )?accessories\b|^(add|shop) the essentials$` +
    String.raw`|^get everything you need$|^purchase options and add-?ons$`,
  'i',
);
/** The same wordings in the other languages most shops and papers use (French, German, Spanish, Italian, Dutch,
 *  Portuguese): "you may also like", "related/similar products", "customers also bought", "read also". */
const RECOMMENDATION_HEADING_INTL = new RegExp(
  String.raw`^(vous (aimerez|pourriez aimer|aimeriez) (aussi|également)|ils vont bien ensemble` +
    String.raw`|(produits|articles) (similaires|associés|liés|apparentés|recommandés)|(à )?lire aussi` +
    String.raw`|sur le même sujet|ähnliche (produkte|artikel|beiträge)` +
    String.raw`|verwandte (produkte|artikel|beiträge|themen)|das könnte (dir|ihnen|euch) auch gefallen` +
    String.raw`|kunden kauften auch|weitere (artikel|beiträge|produkte) (zum thema|aus|von)` +
    String.raw`|(productos|artículos) (relacionados|similares)|también te (puede|podría) (interesar|gustar)` +
    String.raw`|te puede interesar|(prodotti|articoli) (correlati|simili)` +
    String.raw`|(potrebbe|ti potrebbe) (interessarti|piacerti|interessare|piacere)` +
    String.raw`|gerelateerde (producten|artikelen)|(dit vind je|misschien) ook (leuk|interessant)` +
    String.raw`|(produtos|artigos) relacionados|(você|voce) também pode gostar|leia também)\b`,
  'i',
);
/** On a product page, headings naming the shop's shipping and returns policy ("Shipping & Returns", "Delivery and
 *  returns", "Free shipping & returns") or offering its help desk ("Need help with your order?", "Need help choosing
 *  gear?"): the block they open is the same policy or contact note on every product of the shop. */
const SHOP_POLICY_HEADING = new RegExp(
  String.raw`^(free )?(shipping|delivery)( (information|info))? ?(&|and|\+) ?(free )?returns?` +
    String.raw`( (details|policy|information|info))?$|^need (help|advice|assistance)\b[^?]*\?$`,
  'i',
);
const RECOMMENDATION_MAX_SHARE = 0.4;
const HEADING_MAX_CHARS = 80;
/** Captions set without heading tags are short lines (see isCaption). */
const CAPTION_MAX_CHARS = 40;
const CAPTION_MATCH_SHARE = 0.6;
/** A caption is weaker evidence than a heading tag: the block it opens must be a smaller share of the page. */
const CAPTION_MAX_SHARE = 0.2;
/** How far up an eyebrow caption's wrappers the following heading is looked for. */
const EYEBROW_MAX_DEPTH = 4;
/** A link list after a recommendation heading: at least this many links, holding this share of its text... */
const LINK_LIST_MIN_LINKS = 2;
const LINK_LIST_DENSITY = 0.7;
/** ...and at most one short line between the heading and the lists. */
const LINK_LIST_INTRO_MAX_CHARS = 100;
const CAPTION_TAGS = new Set(['p', 'span', 'div', 'strong', 'b', 'dt', 'legend']);
/** On discussion pages, paragraphs this long that repeat an earlier one word for word are quotes of earlier posts. */
const REPEATED_PARAGRAPH_MIN_CHARS = 25;
const PARAGRAPH_BLOCKS = new Set(['p', 'li', 'pre', 'dd', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Cookie/consent banners are short; longer blocks mentioning cookies are policy text. */
const COOKIE_MAX_CHARS = 1500;
/** Class words of the overlays that consent managers show. */
const OVERLAY_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr', 'banner', 'popup', 'modal', 'overlay']);
/** ...and name cookies within their first this many characters. */
const COOKIE_LEAD_CHARS = 300;
const COOKIE_TEXT = /\bcookies?\b/i;
const CONSENT_TEXT = /\b(accept|consent|agree|allow|preferences|reject|decline|got it)\b/i;
/** JSON-LD types and URL path words of discussion pages, where "comment" labels posts, not chrome. */
const FORUM_TYPES = new Set(['discussionforumposting', 'qapage', 'question', 'socialmediaposting', 'comment']);
/** JSON-LD types and og:type values of a single product's page; list types mean a collection of products instead. */
/** Types that FAQPage markup brings along: on their own they do not make a page a discussion. */
const FAQ_TYPES = new Set(['question', 'answer']);
const PRODUCT_TYPES = new Set(['product', 'productgroup', 'og:product', 'product.item']);
const PRODUCT_LIST_TYPES = new Set(['itemlist', 'collectionpage', 'offercatalog', 'searchresultspage']);
/** On a product page, this many similar sibling cards, each a link with a price, are a strip of other products
 *  (carousels, "sponsored", "more from this seller") whatever their heading says... */
const TEASER_MIN_ITEMS = 3;
/** Two such cards are enough when each shows a picture and a link (a bundle, "pairs well with"). */
const TEASER_PAIR = 2;
/** ...as long as each card is short and the strip is a minor part of the root. */
const TEASER_MAX_CHARS = 400;
const TEASER_MAX_SHARE = 0.4;
const ARTICLE_TYPES = new Set([
  'article',
  'newsarticle',
  'blogposting',
  'reportagenewsarticle',
  'techarticle',
  'scholarlyarticle',
]);
/** On Q&A pages, comments are chrome unless that leaves less than this share of the thread's text. */
const QA_COMMENTS_MAX_LOSS = 0.5;
/** Q&A sites (question, answers, and short comments under each) name their pages so. */
const QUESTION_PATH = /^\/questions\/\d+/i;
const FORUM_PATH = /\/(forums?|threads?|topics?|discussions?|questions|community|viewtopic|showthread|showtopic|t)\b/i;
/** Below this much visible text, a page whose <noscript> holds more is a script-rendered page with a crawler view (forums). */
const NOSCRIPT_PAGE_MAX_CHARS = 500;
/** Below this much visible text, hidden elements holding several times more are the page's real text (streamed chunks). */
const HIDDEN_PAGE_MAX_CHARS = 500;
const HIDDEN_GAIN = 3;
/** Hidden text is first counted cheaply (textContent, whitespace included): below HIDDEN_GAIN times this, nothing to gain. */
const HIDDEN_MIN_CHARS = 100;
const HIDDEN_SKIP_TAGS = new Set([
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
const BLOCK_TAGS = new Set([
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

export function extractMainContent(document: Document, options: ExtractMainContentOptions = {}): Element {
  const body = pageBody(document, options.copy === true);
  const trace = options.trace;
  const on = ruleSwitch(options.disabledRules);
  let discussion = isDiscussion(options);
  let keepComments = discussion;
  let tree = measureTree(body, { keepComments });
  let relabelled: MeasuredTree | null = null;
  if (!discussion) {
    computeGood(tree); // relabelling reads `good` (the <main> landmark's share)
    relabelLargeJunk(tree, on, trace); // an article body labelled by a page builder must count as the page's text
    relabelled = tree;
    computeGood(tree);
    if (on('comment-thread') && isCommentThread(tree, isArticle(options))) {
      // neither URL nor JSON-LD names a thread, yet the comments dwarf everything else: they are the page
      trace?.push(
        `comment-labelled blocks hold most of the text (good=${Math.round(tree.root.good)} comments=${commentChars(tree)}): a thread`,
      );
      discussion = true;
      keepComments = true;
      tree = measureTree(body, { keepComments });
    }
  }
  if (discussion && isQuestionPage(options)) {
    // On Q&A pages the posts are the question and its answers; the comments under each are short remarks, not the
    // thread. Some sites label the answers themselves "comment": then reading comments as chrome loses most of the page.
    const withoutComments = measureTree(body, { keepComments: false });
    computeGood(withoutComments);
    computeGood(tree);
    if (withoutComments.root.good >= QA_COMMENTS_MAX_LOSS * tree.root.good) {
      tree = withoutComments;
      keepComments = false;
    }
  }
  let readNoscript = false;
  computeGood(tree);
  if (tree.root.good < NOSCRIPT_PAGE_MAX_CHARS && body.querySelector('noscript')) {
    const withNoscript = measureTree(body, { keepComments, readNoscript: true });
    computeGood(withNoscript);
    if (withNoscript.root.good > 2 * tree.root.good) {
      tree = withNoscript;
      readNoscript = true;
    }
  }
  if (relabelled !== tree) relabelLargeJunk(tree, on, trace); // the same tree relabelled twice gives the same labels
  computeGood(tree);
  if (
    tree.root.good < HIDDEN_PAGE_MAX_CHARS &&
    hiddenTextExceeds(tree.hidden, HIDDEN_GAIN * Math.max(HIDDEN_MIN_CHARS, tree.root.good))
  ) {
    // Streamed or lazily revealed pages (React's <div hidden> chunks, "defer" wrappers with display:none) ship their
    // text hidden until a script moves or shows it: when the visible page has almost none, read the hidden parts.
    const withHidden = measureTree(body, { keepComments, readNoscript, readHidden: true });
    relabelLargeJunk(withHidden, on);
    computeGood(withHidden);
    if (withHidden.root.good > HIDDEN_GAIN * Math.max(1, tree.root.good)) {
      trace?.push(
        `visible text is scarce (good=${Math.round(tree.root.good)}): reading hidden elements (good=${Math.round(withHidden.root.good)})`,
      );
      tree = withHidden;
    }
  }
  if (
    on('widget-labels-failed') &&
    tree.root.good < LABELS_FAILED_SHARE * plain(tree.root) &&
    plain(tree.root) >= LABELS_FAILED_MIN_CHARS
  ) {
    // Class words labelled nearly all of the page's text as chrome. Page builders call every block a "widget", text
    // and all: on such a page that word says nothing. (Comments, sidebars and headers that hold most of the text
    // are chrome as often as not, so only the builders' word is dropped.)
    let relabelled = 0;
    for (const s of tree.preorder)
      if (s.junk === 'soft' && BUILDER_WORDS.has(s.junkWord ?? '')) (s.junk = 0), relabelled++;
    if (relabelled > 0) {
      trace?.push(
        `class labels leave ${Math.round(tree.root.good)} of ${plain(tree.root)} characters: ${relabelled} "widget" labels ignored`,
      );
      computeGood(tree);
    }
  }

  // a page without product markup is a product's page when it has one "Add to cart" button (a listing has one per card),
  // or two in unlike blocks (the main one and its copy in a sticky bar, "Add to basket" beside "Buy now")
  const markup = isProductPage(options);
  const buyActions = markup || isProductList(options) ? 0 : countBuyActions(tree, 2);
  const product = markup || buyActions === 1 || (buyActions === 2 && buysOneProduct(tree));
  if (product && !markup) trace?.push('one buy button (perhaps shown twice) and no listing markup: a product page');
  // the size chart or the measurements in a modal are the product's text: they count before the root is chosen
  if (product && on('fact-panels') && keepFactPanels(tree, trace)) computeGood(tree);
  let root = chooseRoot(tree, { article: isArticle(options), discussion, hints: options.hints }, on, trace);
  if (on('builder-blocks')) relabelBuilderBlocks(root, tree, trace);
  let removed = pruneInside(root, discussion, on, trace);
  if (on('recommendations')) dropRecommendations(root, removed, product ? SHOP_POLICY_HEADING : null, trace);
  if (on('tables-of-contents')) dropTablesOfContents(root, removed, trace);
  if (on('placeholder-text')) dropPlaceholderText(root, removed, trace);
  if (on('error-notices')) dropErrorNotices(root, removed, trace);
  if (on('login-prompts')) dropLoginPrompts(root, removed, trace);
  if (on('expander-labels')) dropExpanderLabels(root, removed, trace);
  if (on('select-captions')) dropSelectCaptions(root, removed, trace);
  if (on('facets')) dropFacets(root, removed, trace);
  if (product) {
    if (on('teaser-strips')) dropTeaserStrips(root, removed, trace);
    if (on('product-page')) pruneProductPage(root, removed, trace);
    if (on('rated-reviews')) dropRatedReviews(root, removed, signature, trace);
    if (on('service-promises')) dropServicePromises(root, removed, signature, trace);
    if (on('stock-notices')) dropStockNotices(root, removed, trace);
  } else if (!discussion) {
    // elsewhere a rating or a verdict alone may be a product card's or an article's: reviews also carry their date
    // (in a thread every post carries its date, and a post may well rate what it discusses)
    if (on('rated-reviews')) dropRatedReviews(root, removed, signature, trace, true);
  }
  // a page with several buy buttons and no listing markup still sells (a product page whose button shows twice, in a
  // sticky bar or a mobile copy): the terms of buying printed beside its buttons go too
  if ((product || buyActions > 1) && on('purchase-terms')) dropPurchaseTerms(root, removed, trace);
  if (isArticle(options) && on('teaser-lists')) dropTeaserLists(root, removed, signature, trace);
  if (on('item-template-text')) dropItemTemplateText(root, removed, on('inline-links-stay'), trace);
  if (on('badges')) dropBadges(root, removed, signature, trace);
  if (on('ad-labels')) dropAdLabels(root, removed, trace);
  if (!discussion) dropVocabularyBoilerplate(root, removed, { on, trace });
  if (!discussion && on('figure-captions')) dropFigureCaptions(root, removed, trace);
  const refrains = refrainTest(on('refrain-guard'), on('refrain-in-alike-blocks'));
  if (on('duplicates')) dropDuplicates(root, removed, refrains, trace);
  if (on('echoed-labels')) dropEchoedLabels(root, removed, trace);
  if (on('layout-duplicates')) dropLayoutDuplicates(root, removed, refrains, trace);
  // a shop page prints its short lines again (sticky title, a second spec layout); elsewhere lines repeat by design
  if (product && on('repeated-lines')) dropRepeatedLines(root, removed, trace);
  if (on('repeated-runs')) dropRepeatedRuns(root, removed, trace);
  if (on('variant-copies')) dropVariantCopies(root, removed, signature, trace);
  if (on('mobile-copies')) dropMobileCopies(root, removed, trace);
  // on boards the counters are part of each post's header
  if (!discussion && on('engagement-counts')) dropEngagementCounts(root, removed, trace);
  // in threads a repeated paragraph is a quote of an earlier post; elsewhere repeats are often deliberate (docs, plans)
  if (discussion && on('repeated-paragraphs')) dropRepeatedParagraphs(root, removed, trace);
  if (discussion && on('poster-fields')) dropPosterFields(root, removed, signature, trace);
  if (discussion && on('post-stamps')) dropPostStamps(root, removed, trace);
  let kept = root.text;
  for (const s of removed) if (!isInsideAny(s, removed, root)) kept -= s.text; // nested removals count once
  if (kept <= 0) {
    // Never an empty result for a page with text: fall back to the whole (cleaned) page.
    trace?.push('pruned root has no text: falling back to the whole page');
    root = tree.root;
    removed = new Set();
  }
  const removedElements = new Set<Element>();
  for (const s of removed) removedElements.add(s.el);
  if (options.copy) return rebuild(document, root.el, removedElements, tree.hidden);
  pruneInPlace(root.el, removedElements, tree.hidden);
  return root.el;
}

/** Removes pruned and hidden elements and unwraps a <noscript> we read; only touches nodes, creates none. */
function pruneInPlace(root: Element, removed: Set<Element>, hidden: Set<Element>): void {
  for (const el of removed) el.remove();
  for (const el of hidden) {
    if (el.localName === 'noscript' || root.contains(el)) el.remove();
  }
  for (const el of Array.from(root.getElementsByTagName('noscript'))) {
    // the noscript views we read stay as content; converters would drop the element itself
    const parent = el.parentNode;
    if (parent === null) continue;
    while (el.firstChild !== null) parent.insertBefore(el.firstChild, el);
    el.remove();
  }
}

/** Whether hidden elements (not scripts, styles or pictures) hold more than `limit` characters; stops counting there. */
function hiddenTextExceeds(hidden: Set<Element>, limit: number): boolean {
  let chars = 0;
  for (const el of hidden) {
    if (HIDDEN_SKIP_TAGS.has(el.localName)) continue;
    chars += (el.textContent ?? '').length;
    if (chars > limit) return true;
  }
  return false;
}

function isArticle(options: ExtractMainContentOptions): boolean {
  const og = options.hints?.ogType;
  return og === 'article' || (options.hints?.jsonLdTypes.some((t) => ARTICLE_TYPES.has(t)) ?? false);
}

function isProductList(options: ExtractMainContentOptions): boolean {
  return options.hints?.jsonLdTypes.some((t) => PRODUCT_LIST_TYPES.has(t)) ?? false;
}

function isProductPage(options: ExtractMainContentOptions): boolean {
  const hints = options.hints;
  if (!hints) return false;
  // og:type speaks for the page itself; JSON-LD list types may describe the seller's catalogue (OfferCatalog)
  if (hints.ogType !== undefined && PRODUCT_TYPES.has(hints.ogType)) return true;
  if (hints.jsonLdTypes.some((t) => PRODUCT_LIST_TYPES.has(t))) return false;
  return hints.jsonLdTypes.some((t) => PRODUCT_TYPES.has(t));
}

function isQuestionPage(options: ExtractMainContentOptions): boolean {
  const types = options.hints?.jsonLdTypes ?? [];
  if (types.includes('qapage')) return true;
  if (types.includes('discussionforumposting')) return false;
  return pagePaths(options).some((path) => QUESTION_PATH.test(path));
}

function isDiscussion(options: ExtractMainContentOptions): boolean {
  const types = options.hints?.jsonLdTypes ?? [];
  // an FAQ block (FAQPage with Question/Answer items) sits on any kind of page: its questions name no thread
  const faq = types.includes('faqpage');
  if (types.some((t) => FORUM_TYPES.has(t) && !(faq && FAQ_TYPES.has(t)))) return true;
  // boards without JSON-LD often mark the thread with microdata (itemtype DiscussionForumPosting)
  if ((options.hints?.microdataTypes?.length ?? 0) > 0) return true;
  return pagePaths(options).some((path) => FORUM_PATH.test(path));
}

/**
 * The paths the page is known by: the address it was read from and the one it gives itself (canonical link or
 * og:url, resolved against the first). A mirror or local copy has a path that says nothing; the page's own keeps it.
 */
function pagePaths(options: ExtractMainContentOptions): string[] {
  const paths: string[] = [];
  for (const address of [options.url, options.hints?.canonicalUrl]) {
    if (!address) continue;
    try {
      paths.push(new URL(address, options.url).pathname);
    } catch {
      // an unparsable address gives no path
    }
  }
  return paths;
}

const plain = (s: NodeStats): number => s.text - s.linkText;

/** Ignores the builders' "widget" (and "banner") label inside `root` when such blocks hold much of its text (see BUILDER_ROOT_SHARE). */
function relabelBuilderBlocks(root: NodeStats, tree: MeasuredTree, trace?: string[]): void {
  const labelled = new Set<NodeStats>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s !== root && s.junk === 'soft' && BUILDER_WORDS.has(s.junkWord ?? '')) {
      labelled.add(s);
    } else if (s !== root && s.junk !== 0) continue;
    for (const c of s.children) stack.push(c);
  }
  let topHeld = 0;
  for (const s of labelled) {
    let p = s.parent;
    while (p !== null && p !== root && !labelled.has(p)) p = p.parent;
    if (p === root || p === null) topHeld += plain(s);
  }
  if (labelled.size === 0 || topHeld < BUILDER_ROOT_SHARE * plain(root)) return;
  for (const s of labelled) s.junk = 0;
  computeGood(tree);
  trace?.push(
    `"widget" blocks hold ${topHeld} of ${plain(root)} characters inside the root: builder text blocks, kept`,
  );
}

function relabelLargeJunk(tree: MeasuredTree, on: RuleSwitch, trace?: string[]): void {
  const total = Math.max(1, plain(tree.root));
  // Review snippets inside each card of a grid (one per card, so under different parents) belong to the cards;
  // a product's own reviews are siblings under one list.
  const readerParents = new Map<string, Set<NodeStats | null>>();
  for (const s of tree.preorder) {
    if (s.junk !== 'soft' || !READER_WORDS.has(s.junkWord ?? '')) continue;
    const sig = signature(s);
    const parents = readerParents.get(sig) ?? new Set<NodeStats | null>();
    parents.add(s.parent);
    readerParents.set(sig, parents);
  }
  for (const s of tree.preorder) {
    if (
      on('reader-items') &&
      s.junk === 'soft' &&
      READER_WORDS.has(s.junkWord ?? '') &&
      (readerParents.get(signature(s))?.size ?? 0) >= REPEATED_JUNK_MIN
    )
      s.junk = 0;
  }
  if (on('junk-items')) relabelJunkItems(tree, trace);
  if (on('main-wrappers')) relabelMainWrappers(tree, trace);
  const main = mainLandmark(tree);
  const proseBlocks = new Map<NodeStats, string | null>();
  const detailSheets = new Set<NodeStats>();
  const introHeaders = new Set<NodeStats>();
  for (const s of tree.preorder) {
    if (s.junk === 0) continue;
    if (s.junk === 'soft' && s.junkWord === 'header' && isSectionHeader(s)) {
      s.junk = 0;
      continue;
    }
    if (
      s.junk === 'soft' &&
      s.junkWord === 'header' &&
      (isIntroHeader(s) ||
        (s.parent !== null && introHeaders.has(s.parent) && s.linkText <= SECTION_HEADER_MAX_LINK_DENSITY * s.text))
    ) {
      s.junk = 0;
      introHeaders.add(s);
      trace?.push(`${describe(s)} holds the page's title and its intro: the page's header, not the site's`);
      continue;
    }
    const large = plain(s) >= (s.junk === 'soft' ? SOFT_JUNK_KEEP_SHARE : HARD_JUNK_KEEP_SHARE) * total;
    if (large && isConsentDialog(s)) {
      trace?.push(`${describe(s)} holds most of the text but is a consent dialog: still chrome`);
      continue;
    }
    if (large && s.junk === 'hard' && main !== null && !isInside(main, s) && !isInside(s, main)) {
      trace?.push(`${describe(s)} holds most of the text but lies outside ${describe(main)}: still chrome`);
      continue;
    }
    if (large && s.junk === 'hard' && isPageFooter(s) && tree.root.good >= FOOTER_REST_MIN_GOOD) {
      trace?.push(
        `${describe(s)} holds most of the text but is the page's footer beside ${Math.round(tree.root.good)} characters of content: still chrome`,
      );
      continue;
    }
    if (large && s.junk === 'hard' && s.linkText > LARGE_JUNK_MAX_LINK_SHARE * s.text) {
      trace?.push(`${describe(s)} holds most of the text but much of it is links: still chrome`);
      continue;
    }
    if (large) {
      if (on('large-junk')) s.junk = 0;
    } else if (
      s.junk === 'hard' &&
      (isDetailSheet(s) ||
        (s.parent !== null && detailSheets.has(s.parent) && s.text >= SHEET_WRAPPER_SHARE * s.parent.text))
    ) {
      s.junk = 0;
      detailSheets.add(s);
    } else if (s.junk === 'soft' && on('prose-junk') && !PROSE_BY_NATURE.has(s.junkWord ?? '') && isProse(s)) {
      s.junk = 0;
      if (FOLDING_WORDS.has(s.junkWord ?? '')) proseBlocks.set(s, s.junkWord);
    } else if (s.junk === 'soft' && FOLDING_WORDS.has(s.junkWord ?? '') && insideProseBlock(s, proseBlocks)) s.junk = 0;
  }
}

/** A class-labelled block that holds the page's <main> (role=main) is a layout wrapper around content and sidebar
 *  ("content-sidebar-wrap", "page-with-sidebar"), not chrome: the page's authors put the main landmark inside it. */
function relabelMainWrappers(tree: MeasuredTree, trace?: string[]): void {
  for (const s of tree.preorder) {
    if (s.el.localName !== 'main' && s.role !== 'main') continue;
    for (let p = s.parent; p !== null; p = p.parent) {
      if (p.junk !== 'soft') continue;
      p.junk = 0;
      trace?.push(`${describe(p)} holds the main landmark: a layout wrapper, not chrome`);
    }
  }
}

/** A non-modal dialog (a side sheet an accordion button opens: "Description", "Details") that reads as prose, holds
 *  no form, only its close button, and is titled like the button just before it: the page's text one click away,
 *  not a prompt or a notice. */
function isDetailSheet(s: NodeStats): boolean {
  if (s.role !== 'dialog' || s.el.getAttribute('aria-modal') === 'true') return false;
  if (s.controls > SHEET_MAX_CONTROLS || !isProse(s)) return false;
  // its opener is the button just before it, and the sheet repeats that button's label as its title
  const opener = s.el.previousElementSibling;
  if (opener === null || (opener.localName !== 'button' && opener.getAttribute('role') !== 'button')) return false;
  const label = (opener.textContent ?? '').replace(/\s+/g, ' ').trim();
  return label.length > 0 && (s.el.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(label);
}

/** Whether a class-labelled block sits inside a block of the same label that reads as prose: a part of that block (a
 *  details modal's paragraph container, "modal__container"), which is content with it, however short. */
function insideProseBlock(s: NodeStats, proseBlocks: Map<NodeStats, string | null>): boolean {
  if (proseBlocks.size === 0) return false;
  for (let p = s.parent; p !== null; p = p.parent) {
    const word = proseBlocks.get(p);
    if (word !== undefined) return word === s.junkWord;
  }
  return false;
}

/** Siblings that share a class-labelled signature ("promo", "meta") and each hold text are the items of a list (news
 *  teasers labelled "promo"), unless a labelled ancestor already makes the whole list chrome. Fine print split
 *  into several like-labelled blocks (one per footnote) is still fine print. */
function relabelJunkItems(tree: MeasuredTree, trace?: string[]): void {
  for (const s of tree.preorder) {
    if (s.junk !== 0 || s.children.length < REPEATED_ITEM_MIN) continue;
    const counts = new Map<string, number>();
    const cards: Array<NodeStats | null> = [];
    // a labelled block is looked for inside plain wrappers only when those wrappers repeat (list items, not layout)
    const wrappers = new Map<string, number>();
    for (const child of s.children)
      if (child.junk === 0) wrappers.set(signature(child), (wrappers.get(signature(child)) ?? 0) + 1);
    for (const child of s.children) {
      const c =
        child.junk !== 0 || (wrappers.get(signature(child)) ?? 0) >= REPEATED_ITEM_MIN ? labelledCard(child) : null;
      cards.push(c);
      if (c === null) continue;
      const sig = labelledSignature(c);
      counts.set(sig, (counts.get(sig) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    if (inChrome(s)) continue;
    let relabelled = 0;
    for (let i = 0; i < cards.length; i++) {
      const child = s.children[i];
      const c = cards[i] ?? (child.junk === 'soft' && plain(child) >= ITEM_MIN_CHARS ? child : null);
      if (c === null || (counts.get(labelledSignature(c)) ?? 0) < REPEATED_ITEM_MIN) continue;
      relabelled++;
      if (c === child) c.junk = 0;
      else relabelCardParts(c);
    }
    if (relabelled > 0)
      trace?.push(`${relabelled} class-labelled siblings under ${describe(s)} are the items of a list: content`);
  }
}

/** A card that is content takes its parts with it: the card's own word naming its parts ("promo" → "promo-title",
 *  "promo-description") is the component's naming, not chrome. */
function relabelCardParts(card: NodeStats): void {
  const word = card.junkWord;
  card.junk = 0;
  const stack = [...card.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk === 'soft' && s.junkWord === word) s.junk = 0;
    if (s.junk === 0) for (const c of s.children) stack.push(c);
  }
}

/** The class-labelled block that is a list item: the item itself, or the one block its plain wrappers hold
 *  (<div class="list-item"><div class="promo">...). Comments, reviews and fine print are never items. */
function labelledCard(item: NodeStats): NodeStats | null {
  let c = item;
  for (let depth = 0; c.junk === 0 && depth < ITEM_SEARCH_DEPTH; depth++) {
    if (c.children.length !== 1 || c.children[0].text < ITEM_WRAPPER_SHARE * c.text) return null;
    c = c.children[0];
  }
  if (
    c.junk !== 'soft' ||
    COMMENT_WORDS.has(c.junkWord ?? '') ||
    READER_WORDS.has(c.junkWord ?? '') ||
    LEGAL_WORDS.has(c.junkWord ?? '') ||
    plain(c) < ITEM_MIN_CHARS
  )
    return null;
  // an ad slot that links nowhere shows only its label ("Advertisement - Continue Reading Below") between the
  // items; a classified ad's card links to the ad
  if (AD_WORDS.has(c.junkWord ?? '') && c.links === 0) return null;
  return c;
}

/** Text and link text of the landmark chrome (tags and roles: header, footer, nav, aside) inside `root`, each block
 *  counted once (nested landmarks are inside the outer one). */
function landmarkChrome(root: NodeStats): { text: number; linkText: number } {
  let text = 0;
  let linkText = 0;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk === 'hard' && isLandmark(s)) {
      text += s.text;
      linkText += s.linkText;
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  return { text, linkText };
}

const LANDMARK_TAGS = new Set(['header', 'footer', 'nav', 'aside']);

/** The page's footer: a <footer> or role=contentinfo outside any article, main or section (those have footers of
 *  their own, which are parts of them). */
function isPageFooter(s: NodeStats): boolean {
  if (s.el.localName !== 'footer' && s.role !== 'contentinfo') return false;
  return s.el.parentElement?.closest('article, main, section, [role="main"]') == null;
}
const LANDMARK_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'complementary']);

function isLandmark(s: NodeStats): boolean {
  const role = s.role;
  return LANDMARK_TAGS.has(s.el.localName) || (role !== null && LANDMARK_ROLES.has(role));
}

/** A class-labelled block's tag and the class names that carry its label ("lm_navSource" of "email_section
 *  lm_navSource"): siblings that share them are alike although each adds a class of its own. */
function labelledSignature(s: NodeStats): string {
  const word = s.junkWord;
  if (word === null || s.cls === '') return signature(s);
  const parts: string[] = [];
  for (const c of s.cls.split(/\s+/)) {
    // the class's words as classHints reads them ("lm_navSource" → lm, nav, source)
    if (
      c
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .includes(word)
    )
      parts.push(c.replace(/\d+/g, ''));
  }
  if (parts.length === 0) return signature(s); // labelled by its id
  return `${s.el.localName}.${parts.join('.')}`;
}

/** A consent manager's dialog: a modal or "banner" that talks about cookies and consent, however much text it holds. */
function isConsentDialog(s: NodeStats): boolean {
  if (s.controls === 0) return false;
  const role = s.role;
  const dialog =
    s.el.localName === 'dialog' ||
    role === 'dialog' ||
    role === 'alertdialog' ||
    s.el.getAttribute('aria-modal') === 'true';
  if (!dialog && !OVERLAY_WORDS.has(s.junkWord ?? '')) return false;
  const text = s.el.textContent ?? '';
  return COOKIE_TEXT.test(text) && CONSENT_TEXT.test(text);
}

/** A block named "header" inside <main> or a <section>, with few links and no menu, heads that section ("faq-header",
 *  "cd-header"), as a <header> element there does; the page's banner is mostly links. */
function isSectionHeader(s: NodeStats): boolean {
  if (s.text === 0 || s.linkText > SECTION_HEADER_MAX_LINK_DENSITY * s.text || s.controls > 0) return false;
  // the block holding the page's <h1> is the page's title block (title, date, byline), judged as before
  return s.el.parentElement?.closest(SECTIONING) != null && s.el.querySelector('h1') === null;
}

/** Whether a "header"-named block is the page's title over its intro text (see INTRO_HEADER_MIN_CHARS). */
function isIntroHeader(s: NodeStats): boolean {
  if (s.text < INTRO_HEADER_MIN_CHARS || s.controls > 0 || s.linkText > SECTION_HEADER_MAX_LINK_DENSITY * s.text)
    return false;
  if (s.el.querySelector('h1') === null) return false;
  let chars = 0;
  let count = 0;
  for (const p of Array.from(s.el.querySelectorAll('p'))) {
    const n = (p.textContent ?? '').replace(/\s+/g, '').length;
    if (n === 0) continue;
    chars += n;
    count++;
  }
  return count >= INTRO_HEADER_MIN_PARAGRAPHS && chars >= INTRO_HEADER_MIN_CHARS;
}

function isProse(s: NodeStats): boolean {
  return plain(s) >= PROSE_MIN_CHARS && s.linkText <= PROSE_MAX_LINK_DENSITY * s.text && s.paragraphs >= 2;
}

/** An <aside> inside an article that is plain prose (a pull quote, a note) belongs to the article. */
function isInlineAside(s: NodeStats): boolean {
  if (s.el.localName !== 'aside' && s.role !== 'complementary') return false;
  // an aside whose class names chrome (a forum post's "message-signature", a "related-posts" box) is that chrome
  if (classHint(s.cls, s.el.getAttribute('id') ?? '').negative !== null) return false;
  return s.el.closest('article') !== null && s.text > 0 && s.linkText / s.text < 0.3 && s.controls === 0;
}

function isCookieBanner(s: NodeStats): boolean {
  if (s.text === 0 || s.text > COOKIE_MAX_CHARS) return false;
  const text = s.el.textContent ?? '';
  // a banner opens with its subject ("We use cookies..."); a story that mentions cookies further down is not one
  const lead = text
    .trimStart()
    .slice(0, 2 * COOKIE_LEAD_CHARS)
    .replace(/\s+/g, ' ')
    .slice(0, COOKIE_LEAD_CHARS);
  if (!COOKIE_TEXT.test(lead) || !CONSENT_TEXT.test(text)) return false;
  return s.controls > 0 || s.linkText > 0 || s.role === 'dialog';
}

function pruneInside(root: NodeStats, discussion: boolean, on: RuleSwitch, trace?: string[]): Set<NodeStats> {
  const removed = new Set<NodeStats>();
  const total = Math.max(1, plain(root));
  const totalText = Math.max(1, root.text);
  // the root's landmark chrome (a page banner's menus, the footer's link columns) goes anyway: its links do not make
  // the root a listing
  const landmarks = landmarkChrome(root);
  const listing =
    on('listing-root') && root.linkText - landmarks.linkText > LISTING_LINK_DENSITY * (root.text - landmarks.text);
  // one read of the root's text spares a read of every small block's on the many pages that never mention cookies
  const cookies = COOKIE_TEXT.test(root.el.textContent ?? '');
  if (listing) trace?.push('root is link-dense: a listing, its link blocks stay');
  const contentGroups = on('repeated-junk-groups') ? repeatedJunkGroups(root, total, !discussion) : new Set<string>();
  for (const g of contentGroups) trace?.push(`class-labelled group ${g} repeats across the root: kept as content`);
  const stack: Array<{ s: NodeStats; trustLinks: boolean; trustClass: boolean; item: NodeStats | null }> = [
    { s: root, trustLinks: listing, trustClass: false, item: null },
  ];
  while (stack.length > 0) {
    const { s, trustLinks, trustClass, item: outer } = stack.pop()!;
    const sigs = s.children.map(signature);
    const signatures = new Map<string, number>();
    for (const sig of sigs) signatures.set(sig, (signatures.get(sig) ?? 0) + 1);
    let listItems = 0;
    for (const c of s.children) if (c.el.localName === 'li') listItems++;
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      const share = plain(c) / total;
      const item = (signatures.get(sigs[i]) ?? 0) >= REPEATED_ITEM_MIN || isPricedListItem(c, listItems);
      const linkDense = c.text > 0 && c.linkText / c.text > LINK_DENSITY_MAX && BLOCK_TAGS.has(c.el.localName);
      let why: string | null = null;
      if (c.junk === 'hard' && share < HARD_JUNK_KEEP_SHARE && !isInlineAside(c)) why = 'chrome tag/role';
      else if (c.junk === 'soft' && !trustClass && share < SOFT_JUNK_KEEP_SHARE && !contentGroups.has(junkKey(c)))
        why = 'chrome class/id';
      else if (
        linkDense &&
        on('prune-link-dense') &&
        !trustLinks &&
        !item &&
        !wrapsItem(c, outer) &&
        c.text / totalText < LINKY_KEEP_SHARE &&
        !holdsItemTitle(c, outer) &&
        !isCardHeading(c, outer) &&
        !isDirectoryList(c)
      )
        why = 'link-dense';
      // a card wrapped in its own item (<li><div class="card">) carries its swatches and size buttons: it is the item
      else if (
        c.controls >= CONTROLS_MIN &&
        on('prune-controls') &&
        c.text / c.controls < CHARS_PER_CONTROL_MIN &&
        isWidget(c) &&
        !item &&
        !wrapsItem(c, outer) &&
        share < LINKY_KEEP_SHARE &&
        !holdsItems(c) &&
        !holdsItemHeading(c, outer) &&
        !holdsItemPrice(c, outer)
      )
        why = 'controls';
      else if (cookies && on('prune-cookie-banner') && c.text <= COOKIE_MAX_CHARS && isCookieBanner(c))
        why = 'cookie banner';
      else if (c.text > 0 && on('prune-live-region') && c.text <= LIVE_REGION_MAX_CHARS && isLiveRegion(c))
        why = 'live region';
      if (why !== null) {
        removed.add(c);
        trace?.push(`drop ${describe(c)} text=${c.text} link=${c.linkText}: ${why}`);
      } else {
        stack.push({
          s: c,
          trustLinks: trustLinks || (linkDense && c.text / totalText >= LINKY_KEEP_SHARE),
          trustClass: trustClass || c.junk === 'soft',
          item: item && c.text > 0 && !CELL_TAGS.has(c.el.localName) ? c : outer,
        });
      }
    }
  }
  return removed;
}

/** Whether a short block is an ARIA live region announcing the page's state (see LIVE_REGION_ROLES). */
function isLiveRegion(s: NodeStats): boolean {
  const role = s.role ?? '';
  return LIVE_REGION_ROLES.has(role) && (role !== 'alert' || s.text <= ALERT_MAX_CHARS);
}

/** Whether a block's controls make it a widget: buttons without a visible label (an info icon beside each row of a
 *  specification table, an image's zoom button) act on the text beside them and do not count. Walked only for the
 *  few blocks the controls test would drop. */
function isWidget(block: NodeStats): boolean {
  let bare = 0;
  const stack = [...block.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.controls === 0) continue;
    if (s.el.localName === 'button' && s.text === 0) bare++;
    else for (const c of s.children) stack.push(c);
  }
  const labelled = block.controls - bare;
  if (labelled >= CONTROLS_MIN && block.text / labelled < CHARS_PER_CONTROL_MIN) return true;
  // a gallery's thumbnails and dots: unlabelled buttons with hardly any text between them
  return block.text / block.controls < CHARS_PER_BARE_CONTROL_MIN;
}

/** A list whose every item says something beside its link (a phone number, an address, a note after the name) is a
 *  directory the page lists, not a menu: a menu's items are their links. */
function isDirectoryList(s: NodeStats): boolean {
  const tag = s.el.localName;
  if ((tag !== 'ul' && tag !== 'ol') || s.children.length < DIRECTORY_MIN_ITEMS) return false;
  for (const li of s.children) if (li.el.localName !== 'li' || plain(li) < DIRECTORY_ITEM_MIN_CHARS) return false;
  return true;
}

/** Inside a list item, a block with the item's heading is its text (title, price) beside a quick-buy form, whose
 *  controls go by themselves (selects and short buttons are chrome tags). */
function holdsItemHeading(s: NodeStats, item: NodeStats | null): boolean {
  return (
    item !== null &&
    item.text <= CARD_MAX_CHARS &&
    s.paragraphs > 0 &&
    s.el.querySelector('h1, h2, h3, h4, h5, h6') !== null
  );
}

/** Inside a list item, a block showing a price beside its swatches and buttons is the card's name and price over
 *  a quick-buy form, as with a heading above. */
function holdsItemPrice(s: NodeStats, item: NodeStats | null): boolean {
  return item !== null && item.text <= CARD_MAX_CHARS && s.text > 0 && PRICE_TEXT.test(s.el.textContent ?? '');
}

/** Inside a list item without a heading (a row of a ranking, a result line), the block holding most of the item's
 *  link text is its title, a link by nature: the item's name, not a menu. */
function holdsItemTitle(s: NodeStats, item: NodeStats | null): boolean {
  if (item === null || item.text > CARD_MAX_CHARS || s.linkText < ITEM_TITLE_LINK_SHARE * item.linkText) return false;
  return item.el.querySelector('h1, h2, h3, h4, h5, h6') === null;
}

/** Inside a product card (it shows a price), a block that is only a heading (one paragraph-like block, a heading) is
 *  the product's name, a link by nature; a menu column has a heading over several links and no price. */
function isCardHeading(s: NodeStats, item: NodeStats | null): boolean {
  if (item === null || item.text > CARD_MAX_CHARS || s.paragraphs !== 1) return false;
  if (!/^h[1-6]$/.test(s.el.localName) && s.el.querySelector('h1, h2, h3, h4, h5, h6') === null) return false;
  return PRICE_TEXT.test(item.el.textContent ?? '');
}

/** A list item showing a price, one of several items of its list, is a shop card with its swatches and buttons, even
 *  when the shop stamps each card with its own classes (so that the cards' signatures differ). */
function isPricedListItem(s: NodeStats, listItems: number): boolean {
  return s.el.localName === 'li' && listItems >= REPEATED_ITEM_MIN && holdsItemPrice(s, s);
}

/** Whether `s` holds nearly all of the text of the list item it sits in (see ITEM_WRAPPER_SHARE). */
function wrapsItem(s: NodeStats, item: NodeStats | null): boolean {
  return item !== null && s.text >= ITEM_WRAPPER_SHARE * item.text;
}

/** A block that is (or wraps, through single children) a list of at least REPEATED_ITEM_MIN similar siblings with
 *  text each: cards of a grid or posts, whose buttons (sizes, "add to cart", votes) belong to the items. */
function holdsItems(s: NodeStats): boolean {
  let node = s;
  for (let depth = 0; depth < ITEM_SEARCH_DEPTH; depth++) {
    const counts = new Map<string, number>();
    for (const c of node.children) {
      if (c.text < ITEM_MIN_CHARS || (c.text - c.linkText < ITEM_MIN_CHARS && !PRICE_TEXT.test(c.el.textContent ?? '')))
        continue;
      // a list's items are alike by nature, whatever classes name each one (shops stamp each card with its product)
      const sig = c.el.localName === 'li' ? 'li' : signature(c);
      const n = (counts.get(sig) ?? 0) + 1;
      if (n >= REPEATED_ITEM_MIN) return true;
      counts.set(sig, n);
    }
    let next: NodeStats | null = null;
    for (const c of node.children) if (c.text > 0) next = next === null ? c : null;
    if (next === null) return false;
    node = next;
  }
  return false;
}

/** In a list of similar items (cards, posts, results), a short link or button text that recurs in most items
 *  ("Quick View", "Compare", "Reply", "See details") comes from the item template, not from the item: it goes. */
function dropItemTemplateText(root: NodeStats, removed: Set<NodeStats>, inlineStay: boolean, trace?: string[]): void {
  const stack: NodeStats[] = [root];
  let actions = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    for (const c of s.children) if (c.children.length > 0) stack.push(c);
    if (
      s.children.length < TEMPLATE_MIN_ITEMS ||
      s.el.localName === 'tr' ||
      s.el.localName === 'tbody' ||
      s.el.localName === 'table'
    )
      continue;
    // only items holding a link or a control can hold template actions (keeps this pass cheap)
    const groups = groupChildren(s, signature, (c) => c.text > 0 && (c.links > 0 || c.controls > 0) && !removed.has(c));
    for (const items of groups.values()) {
      if (items.length < TEMPLATE_MIN_ITEMS) continue;
      const leaves = new Map<string, NodeStats[]>();
      const perItem = new Map<string, number>();
      for (const item of items) {
        const seen = new Set<string>();
        const inner: Array<{ n: NodeStats; action: boolean }> = [{ n: item, action: isAction(item) }];
        while (inner.length > 0) {
          const { n, action } = inner.pop()!;
          // short blocks without links or controls are looked into too: a shop action may be a bare label
          if (
            n.text === 0 ||
            (n.links === 0 && n.controls === 0 && !action && n.text > SHOP_ACTION_MAX_CHARS) ||
            removed.has(n) ||
            TEMPLATE_SKIP_TAGS.has(n.el.localName)
          )
            continue;
          let childText = false;
          for (const c of n.children) if (c.text > 0) childText = true;
          if (childText) {
            for (const c of n.children) inner.push({ n: c, action: action || isAction(c) });
            continue;
          }
          if (
            n !== item &&
            n.text >= SHOP_ACTION_MIN_CHARS &&
            n.text <= SHOP_ACTION_MAX_CHARS &&
            SHOP_ACTION.test(seenText(n.el))
          ) {
            removed.add(n);
            actions++;
            continue;
          }
          // only links and buttons: text shared by most items otherwise is shared data ("Full-time", "Free shipping")
          if (n === item || !action || n.text > TEMPLATE_MAX_CHARS) continue;
          // a link inside a sentence is a word of that sentence, however often the text links it (a keyword linked in
          // every paragraph): removing it would cut the sentence
          if (inlineStay && n.parent !== null && n.parent.ownGood >= SENTENCE_MIN_CHARS) continue;
          const key = (n.el.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
          if (key === '' || key.endsWith(':')) continue; // a field label names the item's own value
          const list = leaves.get(key);
          if (list) list.push(n);
          else leaves.set(key, [n]);
          if (!seen.has(key)) {
            seen.add(key);
            perItem.set(key, (perItem.get(key) ?? 0) + 1);
          }
        }
      }
      const needed = Math.max(TEMPLATE_MIN_ITEMS, TEMPLATE_ITEM_SHARE * items.length);
      for (const [key, count] of perItem) {
        if (count < needed) continue;
        for (const n of leaves.get(key)!) removed.add(n);
        trace?.push(`drop "${key}" in ${count} of ${items.length} items ${signature(items[0])}: item template text`);
      }
    }
  }
  if (actions > 0) trace?.push(`drop ${actions} shop actions in cards ("Add to cart", "Compare"): item template text`);
}

/** A short link, button or control label ("Compare" beside its checkbox); a card wrapped in one link is not an action. */
function isAction(s: NodeStats): boolean {
  if (s.text > TEMPLATE_MAX_CHARS) return false;
  const tag = s.el.localName;
  return tag === 'a' || tag === 'button' || tag === 'label' || s.role === 'button';
}

/** Drops the block that a recommendation heading opens (see RECOMMENDATION_HEADING), or a heading matching
 *  `alsoHeading` (the shop's policy headings on a product page). */
function dropRecommendations(
  root: NodeStats,
  removed: Set<NodeStats>,
  alsoHeading: RegExp | null,
  trace?: string[],
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
      const text = (s.el.textContent ?? '').trim();
      if (
        !isRecommendationHeading(text, heading) &&
        !(alsoHeading !== null && alsoHeading.test(text.replace(/\s+/g, ' ')))
      )
        continue;
      if (!heading && isEyebrow(s)) continue;
      // climb while the heading opens its parent: the parent is the recommendation block
      const most = heading ? limit : CAPTION_MAX_SHARE * root.text;
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
        if (lists.length === 0) continue;
        removed.add(s);
        for (const l of lists) removed.add(l);
        trace?.push(
          `drop ${describe(s)} and ${lists.length} link lists after it: a recommendation heading inside the text`,
        );
        continue;
      }
      removed.add(block);
      trace?.push(
        `drop ${describe(block)} text=${block.text}: opened by a recommendation heading (${describe(s)} "${(s.el.textContent ?? '').trim().slice(0, 40)}")`,
      );
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
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
function isRecommendationHeading(text: string, heading: boolean): boolean {
  const m = RECOMMENDATION_HEADING.exec(text) ?? RECOMMENDATION_HEADING_INTL.exec(text);
  return m !== null && (heading || m[0].length >= CAPTION_MATCH_SHARE * text.length);
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
    for (const c of inner.children) {
      if (c.text === 0) continue;
      if (only !== null) return false;
      only = c;
    }
    if (only === null) return true;
    if (isHeadingTag(only)) return false; // a wrapped heading tag speaks for itself
    inner = only;
  }
}

/** On product pages, drops groups of similar short sibling cards that each hold a link and a price (see TEASER_MIN_ITEMS):
 *  the page's own product is one, the cards (with a link or a picture each) are other products. */
function dropTeaserStrips(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const limit = TEASER_MAX_SHARE * root.text;
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (s.children.length >= TEASER_PAIR && s.text <= limit) {
      const groups = groupChildren(s, signature, (c) => c.text > 0 && c.text <= TEASER_MAX_CHARS);
      let dropped = false;
      for (const [sig, g] of groups) {
        if (g.length < TEASER_PAIR) continue;
        let priced = 0;
        // a pair of cards (a bundle, "pairs well with") must show each product fully: a picture and a link
        const card = g.length < TEASER_MIN_ITEMS ? 'a[href] img, img ~ a[href], a[href] ~ img' : 'a[href], img';
        for (const c of g) if (PRICE_TEXT.test(c.el.textContent ?? '') && c.el.querySelector(card) !== null) priced++;
        if (priced < Math.min(TEASER_MIN_ITEMS, g.length) || priced < 0.6 * g.length) continue;
        for (const c of g) removed.add(c);
        trace?.push(
          `drop ${g.length} cards ${sig} under ${describe(s)}: a strip of other products (link + price each)`,
        );
        dropped = true;
      }
      if (dropped) continue;
    }
    for (const c of s.children) stack.push(c);
  }
}

/** Drops tables of contents: link-dense blocks whose links point inside the page (see TOC_MIN_LINKS). */
function dropTablesOfContents(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const limit = TOC_MAX_SHARE * root.text;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.linkText === 0) continue;
    if (s.text <= limit && s.linkText >= TOC_MIN_LINK_DENSITY * s.text && !s.isLink) {
      const links = s.el.getElementsByTagName('a');
      let anchors = 0;
      for (let i = 0; i < links.length; i++) if ((links[i].getAttribute('href') ?? '').startsWith('#')) anchors++;
      if (links.length >= TOC_MIN_LINKS && anchors >= TOC_ANCHOR_SHARE * links.length) {
        removed.add(s);
        trace?.push(
          `drop ${describe(s)} text=${s.text}: a table of contents (${anchors} of ${links.length} links are in-page anchors)`,
        );
        continue;
      }
      if (links.length < TOC_MIN_LINKS) continue; // nothing below can hold enough links
    }
    for (const c of s.children) stack.push(c);
  }
}

function firstWithText(s: NodeStats): NodeStats | null {
  for (const c of s.children) if (c.text > 0) return c;
  return null;
}

/** Marks paragraphs that repeat an earlier paragraph's exact text (see REPEATED_PARAGRAPH_MIN_CHARS). */
function dropRepeatedParagraphs(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  const seen = new Set<string>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text < REPEATED_PARAGRAPH_MIN_CHARS) continue;
    if (!PARAGRAPH_BLOCKS.has(s.el.localName) || s.paragraphs > 1) {
      for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
      continue;
    }
    const key = (s.el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (seen.has(key)) {
      removed.add(s);
      trace?.push(`drop ${describe(s)} text=${s.text}: repeats an earlier paragraph`);
    } else seen.add(key);
  }
}

/** Keys (see junkKey) of class-labelled blocks that repeat inside the root and together hold a large share of its text. */
/** With `perItem`, short blocks found once in each of several items count too (not in threads: there the repeated
 *  short blocks are each poster's card, signature and badges). */
function repeatedJunkGroups(root: NodeStats, total: number, perItemMeta: boolean): Set<string> {
  const groups = new Map<string, { count: number; chars: number; text: number; parents: Set<NodeStats | null> }>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    for (const c of s.children) {
      // an ad slot that links nowhere is its label alone ("Advertisement"), not a part of every item
      if (c.junk === 'soft' && AD_WORDS.has(c.junkWord ?? '') && c.links === 0) continue;
      if (
        c.junk === 'soft' &&
        !COMMENT_WORDS.has(c.junkWord ?? '') &&
        !SIGNATURE_WORDS.has(c.junkWord ?? '') &&
        !LEGAL_WORDS.has(c.junkWord ?? '')
      ) {
        // comments, signatures and fine print repeat by nature; on articles a long thread is still not the story
        const key = junkKey(c);
        const g = groups.get(key) ?? { count: 0, chars: 0, text: 0, parents: new Set<NodeStats | null>() };
        g.count++;
        g.chars += plain(c);
        g.text += c.text;
        g.parents.add(c.parent);
        groups.set(key, g);
      } else if (c.junk !== 'hard') {
        stack.push(c);
      }
    }
  }
  const out = new Set<string>();
  for (const [key, g] of groups) {
    if (g.count < REPEATED_JUNK_MIN) continue;
    // one short block in each of several cards (a teaser's byline, date, category): part of every item
    const perItem = perItemMeta && g.parents.size >= REPEATED_JUNK_MIN && g.text <= ITEM_META_MAX_CHARS * g.count;
    if (perItem || g.chars >= REPEATED_JUNK_SHARE * total) out.add(key);
  }
  return out;
}

/** A class-labelled block's signature and the word that labels it (see REPEATED_JUNK_MIN). */
function junkKey(s: NodeStats): string {
  return `${signature(s)} ${s.junkWord ?? ''}`;
}

/** Copies `root` without removed or hidden elements, iteratively; the page's own DOM is left untouched. */
function rebuild(document: Document, root: Element, removed: Set<Element>, hidden: Set<Element>): Element {
  const out = root.cloneNode(false) as Element;
  const stack: Array<{ next: Node | null; dst: Node }> = [{ next: root.firstChild, dst: out }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const n = top.next;
    if (n === null) {
      stack.pop();
      continue;
    }
    top.next = n.nextSibling;
    if (n.nodeType === 1) {
      const el = n as Element;
      if (removed.has(el) || hidden.has(el)) continue;
      if (el.localName === 'noscript') {
        // a <noscript> we read is unwrapped: converters drop the element itself
        stack.push({ next: el.firstChild, dst: top.dst });
        continue;
      }
      const copy = el.cloneNode(false);
      top.dst.appendChild(copy);
      stack.push({ next: el.firstChild, dst: copy });
    } else if (n.nodeType === 3) {
      top.dst.appendChild(document.createTextNode((n as Text).data));
    }
  }
  return out;
}
