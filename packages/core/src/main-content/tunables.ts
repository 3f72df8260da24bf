// The extractor's thresholds, named in one place and grouped by the stage or rule that reads them. Each group says why
// its numbers exist; each number says what it bounds. Values were fitted on the dev-tune part of WCXB dev and checked
// on the frozen split (benchmarks/quality-main-content/ablate.mjs): change one only with that report in hand. Word
// lists and patterns are data files of their own (blockWords.ts, classHints.ts, recommendationHeadings.ts, ...).

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

// ---- prune: blocks opened by a heading ----
// Recommendation strips sit inside the root; they are dropped only while they stay a minor part of it, so that a page
// that is all recommendations (a listing) keeps its text.

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

// ---- the rules' own thresholds, one group per rule file (the file says why the rule exists) ----

// buyAction.ts: a product's page has one buy button, a listing one per card; only short labels are buttons
/** Action labels are short; longer texts only mention buying. */
export const ACTION_MAX_CHARS = 30;

// chooseRoot.ts: the descent from <body>: how much of the content text a child must hold to become the root
/** Descend into a child while it holds at least this share of the parent's content text. */
export const DOMINANCE = 0.8;
/** A child labelled as content by its class/id ("entry-content", "post-body") needs only this share. */
export const LABELLED_DOMINANCE = 0.65;
/** On discussion pages the question is short beside its answers, yet belongs to the thread: descend reluctantly. */
export const DISCUSSION_DOMINANCE = 0.92;
/** An explicit marker (main, #main, role=main) is the start when it holds this share of the page's content text. */
export const MARKER_MIN_SHARE = 0.6;
/** Similar siblings (same tag and class) with this much content text each make a group (posts, items): stop there. */
export const SIMILAR_MIN_CHARS = 40;
/** ...provided the group's other members hold at least this share of the parent's content text... */
export const SIMILAR_MIN_SHARE = 0.1;
/** ...or there are at least this many of them with any text (short replies under a long first post). */
export const SIMILAR_MIN_COUNT = 2;
export const SIMILAR_MIN_COUNT_CHARS = 8;
/** The root never leaves out the page's main landmark while it holds this share of the root's content text. */
export const MAIN_KEEP_SHARE = 0.2;
/** A <main> holding at least this much content text is the page's main landmark (see mainLandmark). */
export const MAIN_MIN_CHARS = 100;

// classHints.ts: a memory bound, not a threshold: class strings remembered per run
export const CACHE_MAX = 20_000;

// collectContentHints.ts: bounds on hostile metadata: how much JSON-LD is read
/** Longer articleBody texts are cut here: the start and the end of the text are all that is matched. */
export const MAX_ARTICLE_BODY_CHARS = 200_000;
/** JSON-LD blocks can be huge product feeds; walking a bounded number of values keeps this cheap. */
export const MAX_JSONLD_VALUES = 5000;

// commentThread.ts: comments that dwarf the rest of a page make it a thread
/** Comment-labelled blocks must hold this many times the page's other readable text ("good")... */
export const COMMENT_PAGE_RATIO = 5;
/** ...and at least this much non-link text, so a few short remarks under an empty page do not count. */
export const COMMENT_PAGE_MIN_CHARS = 500;
/** A page that declares itself an article (og:type, JSON-LD) is a story with comments under it, unless the story
 *  has almost no text of its own (a link aggregator's story is a bare link): below this much "good" text. */
export const COMMENT_PAGE_ARTICLE_MAX_GOOD = 300;

// dropBadges.ts: status badges are short words repeated across a list's cards
/** A badge says a few words. */
export const BADGE_MAX_CHARS = 30;
/** The same badge block sits in this many cards at least (one lone badge may be a heading's label). */
export const BADGE_MIN_COUNT = 3;
/** Only on shop cards: the block around the badge (the card, at most this long) names a price. Elsewhere the word
 *  labels tags, counters and topics, which are text. */
export const CARD_MIN_CHARS = 40;
export const BADGES_CARD_MAX_CHARS = 1000;
export const CARD_SEARCH_DEPTH = 6;
export const TOKEN_CACHE_MAX = 5000;

// dropDuplicates.ts: copies of a block printed again (a second layout) are at least a sentence long
/** A block repeating the exact text of an earlier block (mobile/desktop copies, a price table shown twice) is a
 *  layout duplicate: judged on the largest blocks within this size range, so each character is read once. */
export const DUPLICATE_MIN_CHARS = 40;
export const DUPLICATE_MAX_CHARS = 2000;
/** Inside one card, a part this short repeating an earlier part is still a copy: a card's title printed twice (one
 *  for each layout) or its price shown again as the "sale" price, while texts shared by design ("Free shipping")
 *  repeat across cards, not inside one. */
export const INNER_DUPLICATE_MIN_CHARS = 5;

// dropEchoedLabels.ts: a label echoed by its value is short
/** Shorter texts repeat by design ("Yes", "1 kg" in adjacent cells); echoes are labels, prices, dates, titles. */
export const ECHO_MIN_CHARS = 6;

// dropErrorNotices.ts: script error notices are one short sentence
/** The shortest notice ("Unable to load") has this many visible characters. */
export const NOTICE_MIN_CHARS = 12;
/** Notices are short; longer blocks are read through their children. */
export const NOTICE_MAX_CHARS = 120;

// dropFacets.ts: filter panels: several groups of short values, a minor part of the root
export const FACET_LABEL_MAX_CHARS = 25;
/** A panel's values are short: at most this many characters per value (a link, a control or a list item)... */
export const FACET_MAX_CHARS_PER_VALUE = 15;
/** ...it holds at least this many of them, and as many links or controls... */
export const FACET_MIN_VALUES = 4;
/** ...and at most this share of the root's text (beyond that it is the grid, whatever its label says). */
export const FACET_MAX_SHARE = 0.5;
/** Climbing from the label, a block holding this share of its parent's text still is the panel, not a column
 *  beside it. */
export const FACET_PARENT_SHARE = 0.5;
/** Scripted panels make their values plain blocks (a div per colour, clicked by script): then the panel shows its
 *  groups, at least this many sub-headings ("Colour", "Size") under the label... */
export const FACET_MIN_GROUPS = 2;
/** ...over at least this many values of at most this many characters on average (words, not sentences). */
export const FACET_MIN_PLAIN_VALUES = 8;
export const FACET_MAX_CHARS_PER_PLAIN_VALUE = 10;

// dropVocabularyBoilerplate.ts: boilerplate lines are one sentence at most, opened by their cue
/** Longest block a vocabulary concept (a call to action) is looked for in. */
export const LONGEST = 250;
/** A cue opens its block: only this many characters of a block (marks before the cue and the cue) are matched. */
export const OPENING_CHARS = 80;

// dropLayoutDuplicates.ts: blocks printed twice for two layouts are of a middling length
/** Blocks shorter than this are labels and values that repeat by nature ("Add to cart", "2 oz"). */
export const LAYOUT_DUPLICATE_MIN_CHARS = 40;
/** Blocks longer than this are sections, not copies of a widget; they are descended into instead. */
export const LAYOUT_DUPLICATE_MAX_CHARS = 2000;

// dropFarCopies.ts: a copy for another layout is at least a sentence long
/** Shorter blocks (labels, prices, "Add to cart") repeat by nature wherever they sit. */
export const FAR_COPY_MIN_CHARS = 40;

// dropLoginPrompts.ts: log-in prompts are one short sentence
/** A prompt is one short line. */
export const LOGIN_PROMPT_MAX_CHARS = 120;
/** "Log in to reply" is about the shortest. */
export const LOGIN_PROMPT_MIN_CHARS = 12;

// dropMobileCopies.ts: a phone-only copy repeats most of text found elsewhere
/** Share of the block's text that must stand elsewhere for it to count as a copy. */
export const COPY_MIN_SHARE = 0.8;
/** Blocks shorter than this are labels that repeat by nature. */
export const COPY_MIN_CHARS = 30;

// dropPostStamps.ts: a post's edit notice, counter and number are short
/** A notice is a short line; a longer block that starts so is a post about editing. */
export const EDIT_NOTICE_MAX_CHARS = 160;
export const COUNTER_MAX_CHARS = 24;
export const POST_NUMBER_MAX_CHARS = 8;

// dropPosterFields.ts: a poster's profile fields are short label/value pairs repeated in most posts
/** A label is short: "Joined", "Reaction score", "Posts:". */
export const POSTER_FIELDS_LABEL_MAX_CHARS = 20;
/** The label and its value together stay short ("Joined: 4. Jul 2012, 16:09"). */
export const PAIR_MAX_CHARS = 50;
/** Posts are similar siblings: at least this many... */
export const POSTS_MIN = 3;
/** ...and a label must recur in at least this share of them (and in at least POSTS_MIN). */
export const LABEL_POST_SHARE = 0.5;

// dropPurchaseTerms.ts: the terms beside a buy button are short lines
/** Such a term is a short line; longer blocks speak of more than buying. */
export const TERMS_MAX_CHARS = 140;
/** A block that is, or sits in, or is mostly a long link is a card of another product (on a listing), whose terms
 *  ("Low stock", "Arrives tomorrow") are that card's, not the page's; a term's own links are short ("Details"). */
export const CARD_LINK_MIN_CHARS = 30;

// dropRatedReviews.ts: customer reviews: several short cards, most of them rated
/** A group of at least this many similar cards, most of them rated, is a list of reviews. */
export const REVIEWS_MIN = 2;
export const RATED_SHARE = 0.5;
/** Review cards are short; longer blocks are sections (and reading their text at every level would cost). */
export const RATED_REVIEWS_CARD_MAX_CHARS = 3000;

// dropRepeatedLines.ts: a product page's short lines printed again
/** Shorter lines are values that repeat by nature ("Yes", "2 oz", "Black"). */
export const REPEATED_LINE_MIN_CHARS = 8;
/** Longer blocks are paragraphs and sections: dropDuplicates and dropLayoutDuplicates judge them. */
export const REPEATED_LINE_MAX_CHARS = 60;

// dropRepeatedRuns.ts: tickers repeat a run of short items
/** A run has at least this many items (two alternating labels are a pattern, not a copied run)... */
export const RUN_MIN_ITEMS = 3;
/** ...of at most this many characters each (labels, slides' captions: sections are not cloned for a loop). */
export const ITEM_MAX_CHARS = 300;
/** A marquee repeats one short label over and over ("Book now * Book now * ..."): this many copies in a row... */
export const SAME_MIN_COPIES = 8;
/** ...of a label at most this long (a button's or a slogan's). */
export const SAME_MAX_CHARS = 40;

// dropSelectCaptions.ts: a dropped select's caption is a few words
/** At most this many characters beside the selects make a block their caption (a label and the chosen value). */
export const SELECT_CAPTION_MAX_CHARS = 30;

// dropServicePromises.ts: service promises: a strip of short tiles
/** A strip has at least this many similar tiles... */
export const STRIP_MIN_TILES = 3;
/** ...each short... */
export const TILE_MAX_CHARS = 160;
/** ...and at least this many of them (and this share) promise a service. */
export const PROMISE_MIN_TILES = 2;
export const PROMISE_SHARE = 0.5;

// dropStockNotices.ts: stock notices are a few words
/** Notices are short: longer blocks are read no further than their children. */
export const STOCK_NOTICES_NOTICE_MAX_CHARS = 60;

// dropTeaserLists.ts: lists of teasers of other stories on an article page: linked, short, beside a long story
/** A group of at least this many similar sibling cards... */
export const TEASER_LISTS_TEASER_MIN_ITEMS = 3;
/** ...most of which (this share) carry a linked headline and a date (a list article's or a service page's cards have
 *  no dates)... */
export const TEASER_LINKED_SHARE = 0.6;
/** ...each short (a snippet, not a section)... */
export const TEASER_ITEM_MAX_CHARS = 800;
/** ...is dropped only when the root keeps at least this much text outside all such groups, and this share of it. */
export const STORY_MIN_CHARS = 1000;
export const STORY_MIN_SHARE = 0.3;
/** A paragraph this long beside the cards is story text. */
export const PROSE_PARAGRAPH_MIN_CHARS = 100;

// dropVariantCopies.ts: a card printed once per variant: short copies among few siblings
/** Variants are at least this long (shorter blocks are labels and values that repeat by nature)... */
export const VARIANT_MIN_CHARS = 40;
/** ...at most this long (a card, not a section)... */
export const VARIANT_MAX_CHARS = 2000;
/** ...hold at least this many text pieces (a title, a date, a price), and at least this share of the fuller one's
 *  text. */
export const VARIANT_MIN_PIECES = 3;
export const VARIANT_MIN_SHARE = 0.5;
/** Parents with more text children than this are lists, not a card with its layouts: skipped (keeps the pass cheap). */
export const VARIANT_MAX_SIBLINGS = 4;

// findBodyEvidence.ts: the page's own word on its body (articleBody) must match enough text
/** Evidence below this much text (a summary, a teaser's excerpt) says nothing about where the body is. */
export const EVIDENCE_MIN_CHARS = 250;
/** The start and the end of the JSON-LD text are looked for, each this many letters and digits long. */
export const PROBE_CHARS = 40;
/** An element is a candidate when it holds at least this share of the JSON-LD text's letters. */
export const CANDIDATE_MIN_SHARE = 0.5;
/** The body's wrappers that add at most this share of its text (the headline, the lead, a byline) are taken with it. */
export const LEAD_GROWTH = 1.3;
/** This many children alike (tag and class) make a block a list of items (posts, replies). */
export const GROUP_MIN_ITEMS = 3;

// dropAfterArticle.ts: the page's one <article> ends the story
/** The article holds at least this share of the root's kept text (a teaser card does not end the story)... */
export const ARTICLE_END_MIN_SHARE = 0.3;
/** ...and no other article outside it holds this share or more (posts of a thread, a second full story). */
export const ARTICLE_END_OTHER_SHARE = 0.05;

// keepFactPanels.ts: a product's size chart or measurements in a modal: a titled panel of middling length
/** A title is a short line; its panel is a short text (a chart, a field list), not a page laid over the page. */
export const TITLE_MAX_CHARS = 40;
export const PANEL_MIN_CHARS = 40;
export const PANEL_MAX_CHARS = 5000;
/** A panel of facts is text, not a menu: at most this share of it is links. */
export const PANEL_MAX_LINK_DENSITY = 0.3;

// measureTree.ts: measuring: how links, button labels, "more" links, stamps and credits count
/** A link wrapping this much text, or any heading/paragraph, is a card (a listing item), not a menu link. */
export const MEASURE_TREE_CARD_LINK_MIN_CHARS = 60;
/** Link text still says something about where content is (product grids are made of links), just less than prose. */
export const LINK_TEXT_WEIGHT = 0.3;
/** Buttons with shorter labels than this are actions ("Add to cart", "Share"), not content. */
export const BUTTON_LABEL_MAX_CHARS = 40;
/** A link that only says "go elsewhere for more" ("Read more", "View all") points away from the page's text and
 *  carries none of it; at most this many visible characters are read to test it. */
export const MORE_LINK_MAX_CHARS = 20;
/** A <time> or microdata element whose text is an ISO 8601 timestamp ("2019-01-21T21:40:59.62Z") is data for
 *  machines that a hiding class keeps off the screen; people are shown dates in words. At most this long: */
export const STAMP_MAX_CHARS = 40;
/** A photo credit ("Credit: Jane Doe/Getty Images"): a short block whose class names a credit, inside a figure or
 *  its caption. It names who took the picture, not the story; at most this long: */
export const CREDIT_MAX_CHARS = 100;

// pruneProductPage.ts: a product page's identifier dumps and currency lists
/** A field list with at least this many labels, this share of them identifiers, is a dump of the shop's data fields
 *  (custom fields a theme prints and a stylesheet hides), not a specification table. */
export const DUMP_MIN_LABELS = 4;
export const DUMP_IDENTIFIER_SHARE = 0.5;
/** A list of at least this many such prices, in as many currencies, is the product's price converted for other
 *  shoppers (a currency switcher's hover panel), not the page's text. */
export const CURRENCY_LIST_MIN = 3;
/** A block with this many siblings of its tag and class is an item of a list (testimonial cards): a page's own list. */
export const LIST_ITEM_MIN = 3;

// treeRelations.ts: a repeated paragraph inside an item of its own says other things too
/** A block around a repeated paragraph holds at least this much other text when it is an item of its own (a step,
 *  a stanza, a chapter) rather than a wrapper of the paragraph alone. */
export const OWN_BLOCK_MIN_CHARS = 20;

// teaserCards.ts: teaser cards of other stories (a rail beside a story is no group of posts)
/** A block is a rail of teasers when teaser cards hold at least this share of its content text. */
export const TEASER_REST_SHARE = 0.5;
/** A teaser card leads with another page's title: a link of at least this much text... */
export const TEASER_MIN_LINK_CHARS = 15;
/** ...and at most this much other text (a summary, a byline, a date)... */
export const TEASER_MAX_GOOD = 400;
/** ...the title starting within this many characters of the card's text (after a kicker or a date). */
export const TEASER_TITLE_MAX_OFFSET = 40;
/** Cards are looked for this many levels below a block. */
export const TEASER_SEARCH_DEPTH = 5;

// chromeOnlyPage.ts: a page whose HTML holds no main content (a script-rendered shell, a blocked capture)
/** When the root holds no content text at all (good 0), a remnant of at most this much text left after pruning is
 *  chrome the labels missed (a newsletter box, a legal line, a help menu), not the page's content. */
export const CHROME_ONLY_REMNANT_MAX_CHARS = 800;
