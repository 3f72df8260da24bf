// The extractor's thresholds, named in one place and grouped by the stage that reads them. Each group says why its
// numbers exist; each number says what it bounds. Values were fitted on the dev-tune part of WCXB dev and checked on
// the frozen split (benchmarks/quality-main-content/ablate.mjs): change one only with that report in hand. Rule files
// with a single threshold of their own (dropBadges.ts, dropFacets.ts, ...) keep it beside their code.

// ---- measure: which reading of the page to keep ----
// A page may hide its text from a plain reading (a crawler view in <noscript>, streamed chunks in hidden elements,
// answers labelled "comment"): the measure stage re-reads it another way when the plain reading finds almost nothing.

/** On Q&A pages, comments are chrome unless that leaves less than this share of the thread's text. */
export const QA_COMMENTS_MAX_LOSS = 0.5;
/** Below this much visible text, a page whose <noscript> holds more is a script-rendered page with a crawler view
 *  (forums). */
export const NOSCRIPT_PAGE_MAX_CHARS = 500;
/** Below this much visible text, hidden elements holding several times more are the page's real text (streamed
 *  chunks). */
export const HIDDEN_PAGE_MAX_CHARS = 500;
export const HIDDEN_GAIN = 3;
/** Hidden text is first counted cheaply (textContent, whitespace included): below HIDDEN_GAIN times this, nothing to
 *  gain. */
export const HIDDEN_MIN_CHARS = 100;
/** When class-labelled chrome leaves less than this share of the page's non-link text (and the page has at least
 *  this much), the class labels are wrong for this page and the builders' "widget" labels are dropped. */
export const LABELS_FAILED_SHARE = 0.1;
export const LABELS_FAILED_MIN_CHARS = 1000;

// ---- classify blocks: when a chrome label is wrong ----
// Class words and landmark tags mark chrome, but page builders and themes misuse them: a block labelled chrome that
// holds most of the page, reads as prose, or is one of a list's items is content after all.

/** Class-labelled chrome (e.g. "comments") that holds this share of the page's text is the content after all. */
export const SOFT_JUNK_KEEP_SHARE = 0.5;
/** Tag-labelled chrome (e.g. a page wrapped in <header>) that holds this share is the content after all... */
export const HARD_JUNK_KEEP_SHARE = 0.6;
/** ...unless the page marks its main landmark (<main>, role=main) elsewhere and that landmark holds at least
 *  MAIN_MIN_CHARS of content text (see chooseRoot.ts): then the large block is a mega-menu, a banner or a footer
 *  beside the content, however much it says; nor when it is the page's footer and the rest of the page holds at
 *  least this much content text: a footer holds the fine print, store lists and service areas that follow the page,
 *  however long they run. */
export const FOOTER_REST_MIN_GOOD = 500;
/** ...nor when more than this share of its text is links (prose has a few in-text links; an archive or a link
 *  directory in a sidebar or header is mostly links, however long it is). */
export const LARGE_JUNK_MAX_LINK_SHARE = 1 / 3;
/** Class-labelled chrome that reads as prose (this much non-link text in several paragraphs, few links) is content
 *  mislabelled by a page builder ("widget_text", "content-nav-section"); comment sections are prose too, so they are
 *  exempt. */
export const PROSE_MIN_CHARS = 400;
export const PROSE_MAX_LINK_DENSITY = 0.2;
/** A non-modal dialog that reads as prose with at most this many controls (its close button) is folded text; the
 *  chrome-tagged panel inside it holding at least this share of its text is the same sheet. */
export const SHEET_MAX_CONTROLS = 1;
export const SHEET_WRAPPER_SHARE = 0.9;
/** A "header"-named block inside a section is that section's heading when at most this share of its text is links. */
export const SECTION_HEADER_MAX_LINK_DENSITY = 0.3;
/** A "header"-named block holding the page's <h1> and paragraphs of at least this much text beside it (few links, no
 *  controls) is the page's own header, title over intro (a category's description): a site header holds menus. */
export const INTRO_HEADER_MIN_CHARS = 150;
export const INTRO_HEADER_MIN_PARAGRAPHS = 2;

// ---- choose the root: builder text inside it ----

/** Inside the chosen root, "widget"-labelled blocks holding this share of its non-link text are the page builder's
 *  text blocks, not sidebar widgets (a sidebar sits beside the story, not a fifth of it). */
export const BUILDER_ROOT_SHARE = 0.2;

// ---- prune: lists and their items ----
// Pages that list things (posts, cards, results) repeat blocks by design: a block that repeats is an item, and what
// looks like chrome inside an item (its byline, its buttons, its link title) belongs to it.

/** A child whose tag+class repeats this often among its siblings is an item of a list (cards, posts): judged as a
 *  group. */
export const REPEATED_ITEM_MIN = 3;
/** An item of such a list has at least this much non-link text; wrappers down to this depth are looked through. */
export const ITEM_MIN_CHARS = 20;
export const ITEM_SEARCH_DEPTH = 4;
/** A block holding more than this share of a heading-less item's link text is the item's title. */
export const ITEM_TITLE_LINK_SHARE = 0.5;
/** A list item this short is a card (title, price, a quick-buy form), not a column of the layout. */
export const CARD_MAX_CHARS = 1000;
/** A block holding this share of a list item's text is the item itself in a wrapper (<li><div class="card">). */
export const ITEM_WRAPPER_SHARE = 0.8;
/** Class-labelled blocks repeated this often inside the root, together holding this share of its text, are the items
 *  themselves (every entry of a list has its "meta" block), not chrome. Blocks repeat when they share their tag and
 *  class and the word that labels them: a page that wraps every block in one component class ("celwidget") and
 *  names each by its id ("sponsoredProducts", "customer-reviews") repeats no block. */
export const REPEATED_JUNK_MIN = 3;
export const REPEATED_JUNK_SHARE = 0.3;
/** ...or that sit one per item, each short (on average at most this long): the byline or date of every teaser. */
export const ITEM_META_MAX_CHARS = 120;
/** A list of at least this many items, each with this much text outside its links, is a directory (see
 *  isDirectoryList). */
export const DIRECTORY_MIN_ITEMS = 3;
export const DIRECTORY_ITEM_MIN_CHARS = 10;

// ---- prune: link-dense blocks and widgets ----
// Menus are mostly links and widgets mostly buttons; a listing is mostly links too, so a block's share of the root
// decides whether its links are the content.

/** Above this share of link text, a block is a menu or a list of teasers... */
export const LINK_DENSITY_MAX = 0.5;
/** ...unless it holds this share of the root's text: then the links are the content (listings). */
export const LINKY_KEEP_SHARE = 0.3;
/** A root with more link text than this is a listing: its link-dense blocks are the items, not chrome. */
export const LISTING_LINK_DENSITY = 0.4;
/** Blocks with at least this many buttons/inputs and fewer visible characters per control are widgets (share bars,
 *  forms). */
export const CONTROLS_MIN = 3;
export const CHARS_PER_CONTROL_MIN = 20;
/** Unlabelled buttons with less text than this each between them are a gallery's or carousel's controls. */
export const CHARS_PER_BARE_CONTROL_MIN = 8;
/** Cookie/consent banners are short; longer blocks mentioning cookies are policy text. */
export const COOKIE_MAX_CHARS = 1500;
/** ...and name cookies within their first this many characters. */
export const COOKIE_LEAD_CHARS = 300;
/** ARIA live regions are short messages about the page's state (see LIVE_REGION_ROLES in chromeWords.ts). */
export const LIVE_REGION_MAX_CHARS = 200;
/** ...but `role="alert"` also marks the callout boxes of CSS frameworks (Bootstrap's `.alert`: "Note: ..."), which are
 *  text: only a message of a few words (a failed request, an added item) goes. */
export const ALERT_MAX_CHARS = 60;

// ---- prune: item template text ----
// A card template prints the same actions in every card ("Quick view", "Compare"): short texts that recur in most
// items of a list are the template's, not the items'.

/** A short text (at most this long) found in at least this share of a list's similar items, and in at least this
 *  many, is item template text. */
export const TEMPLATE_MAX_CHARS = 30;
export const TEMPLATE_ITEM_SHARE = 0.5;
export const TEMPLATE_MIN_ITEMS = 3;
/** A link whose parent holds this much text of its own beside it sits inside a sentence (see dropItemTemplateText). */
export const SENTENCE_MIN_CHARS = 30;
/** A card's shop action (see SHOP_ACTION in recommendationHeadings.ts) is read within this length. */
export const SHOP_ACTION_MIN_CHARS = 6;
export const SHOP_ACTION_MAX_CHARS = 24;

// ---- prune: blocks opened by a heading or made of anchors ----
// Recommendation strips and tables of contents sit inside the root; they are dropped only while they stay a minor
// part of it, so that a page that is all recommendations (a listing) keeps its text.

/** A block whose links are nearly all in-page anchors ("#section") is a table of contents: a map of the page, not
 *  its text. Judged on link-dense blocks with at least this many links, this share of them anchors... */
export const TOC_MIN_LINKS = 3;
export const TOC_ANCHOR_SHARE = 0.8;
/** ...that hold most of the block's text, and the block is a minor part of the root. */
export const TOC_MIN_LINK_DENSITY = 0.6;
export const TOC_MAX_SHARE = 0.3;
/** The block a recommendation heading opens is dropped as long as it holds at most this share of the root. */
export const RECOMMENDATION_MAX_SHARE = 0.4;
export const HEADING_MAX_CHARS = 80;
/** Captions set without heading tags are short lines (see isCaption), mostly the recommendation wording itself. */
export const CAPTION_MAX_CHARS = 40;
export const CAPTION_MATCH_SHARE = 0.6;
/** A caption is weaker evidence than a heading tag: the block it opens must be a smaller share of the page. */
export const CAPTION_MAX_SHARE = 0.2;
/** How far up an eyebrow caption's wrappers the following heading is looked for. */
export const EYEBROW_MAX_DEPTH = 4;
/** A link list after a recommendation heading: at least this many links, holding this share of its text... */
export const LINK_LIST_MIN_LINKS = 2;
export const LINK_LIST_DENSITY = 0.7;
/** ...and at most one short line between the heading and the lists. */
export const LINK_LIST_INTRO_MAX_CHARS = 100;

// ---- prune: product pages ----
// A product's page shows one product; strips of other products (carousels, "sponsored", bundles) are cards with a
// link and a price each.

/** On a product page, this many similar sibling cards, each a link with a price, are a strip of other products
 *  (carousels, "sponsored", "more from this seller") whatever their heading says... */
export const TEASER_MIN_ITEMS = 3;
/** Two such cards are enough when each shows a picture and a link (a bundle, "pairs well with"). */
export const TEASER_PAIR = 2;
/** ...as long as each card is short and the strip is a minor part of the root. */
export const TEASER_MAX_CHARS = 400;
export const TEASER_MAX_SHARE = 0.4;

// ---- prune: threads ----

/** On discussion pages, paragraphs this long that repeat an earlier one word for word are quotes of earlier posts. */
export const REPEATED_PARAGRAPH_MIN_CHARS = 25;
