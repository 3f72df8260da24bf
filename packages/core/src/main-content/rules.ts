// The extractor's rules, in the one order they run: every rule has an id (as `disabledRules`, the ablation report
// benchmarks/quality-main-content/ablate.mjs and trace events name it), the stage it acts in, the pages it applies to
// and why it exists. Prune passes carry `apply` and are run by runRules in this order; switches (no `apply`) are tests
// inside a stage's own walk that read `on(id)` (see README.md). Production callers switch nothing off.
import { dropAfterArticle } from './dropAfterArticle.js';
import { dropBadges } from './dropBadges.js';
import { dropDuplicates } from './dropDuplicates.js';
import { dropEchoedLabels } from './dropEchoedLabels.js';
import { dropErrorNotices } from './dropErrorNotices.js';
import { dropFacets } from './dropFacets.js';
import { dropFarCopies } from './dropFarCopies.js';
import { dropVocabularyBoilerplate } from './dropVocabularyBoilerplate.js';
import { dropFigureCaptions } from './dropFigureCaptions.js';
import { dropItemTemplateText } from './dropItemTemplateText.js';
import { dropLayoutDuplicates } from './dropLayoutDuplicates.js';
import { dropLoginPrompts } from './dropLoginPrompts.js';
import { dropMobileCopies } from './dropMobileCopies.js';
import { dropPosterFields } from './dropPosterFields.js';
import { dropPostStamps } from './dropPostStamps.js';
import { dropPurchaseTerms } from './dropPurchaseTerms.js';
import { dropRatedReviews } from './dropRatedReviews.js';
import { dropRecommendations } from './dropRecommendations.js';
import { dropRepeatedLines } from './dropRepeatedLines.js';
import { dropRepeatedParagraphs } from './dropRepeatedParagraphs.js';
import { dropRepeatedRuns } from './dropRepeatedRuns.js';
import { dropSelectCaptions } from './dropSelectCaptions.js';
import { dropServicePromises } from './dropServicePromises.js';
import { dropStockNotices } from './dropStockNotices.js';
import { dropTeaserLists } from './dropTeaserLists.js';
import { dropTeaserStrips } from './dropTeaserStrips.js';
import { dropVariantCopies } from './dropVariantCopies.js';
import type { PageKind } from './classifyPage.js';
import { signature } from './nodeNames.js';
import { pruneProductPage } from './pruneProductPage.js';
import { SHOP_POLICY_HEADING } from './recommendationHeadings.js';
import type { MainContentRule, PruneContext } from './ruleContext.js';
import { refrainTest } from './treeRelations.js';

export { ruleSwitch, type MainContentRule } from './ruleContext.js';

const always = (): boolean => true;
const productPage = (p: PageKind): boolean => p.product;
const notThread = (p: PageKind): boolean => !p.discussion;
const thread = (p: PageKind): boolean => p.discussion;

/** Which repeats are kept on purpose, as the two refrain switches say. */
const refrains = (c: PruneContext) => refrainTest(c.on('refrain-guard'), c.on('refrain-in-alike-blocks'));

/** What the vocabulary rules read besides the root: the switches (a language is one) and the page's addresses. */
const vocabularyOptions = (c: PruneContext) => ({ on: c.on, address: c.address, trace: c.trace });

/** Every rule, in the order the extractor runs them. */
export const MAIN_CONTENT_RULES: readonly MainContentRule[] = [
  // ---- classify (measurePage.ts, relabelChrome.ts, relabelJunkItems.ts, keepFactPanels.ts) ----
  {
    id: 'comment-thread',
    stage: 'classify',
    appliesTo: notThread,
    why: 'comment-labelled blocks dwarfing the rest make the page a thread',
  },
  {
    id: 'reader-items',
    stage: 'classify',
    appliesTo: always,
    why: 'review-labelled blocks under 3+ parents belong to cards',
  },
  {
    id: 'junk-items',
    stage: 'classify',
    appliesTo: always,
    why: '3+ class-labelled siblings are the items of a list: content',
  },
  {
    id: 'main-wrappers',
    stage: 'classify',
    appliesTo: always,
    why: 'a class-labelled block holding <main> is a layout wrapper',
  },
  {
    id: 'large-junk',
    stage: 'classify',
    appliesTo: always,
    why: 'class/tag-labelled chrome holding most of the text is content',
  },
  {
    id: 'prose-junk',
    stage: 'classify',
    appliesTo: always,
    why: 'class-labelled chrome that reads as prose is content',
  },
  {
    id: 'widget-labels-failed',
    stage: 'classify',
    appliesTo: always,
    why: '"widget" labels that leave no text are ignored',
  },
  {
    id: 'fact-panels',
    stage: 'classify',
    appliesTo: productPage,
    why: "a product's size chart in a modal counts as its text",
  },
  // ---- choose the root (chooseRoot.ts, findBodyEvidence.ts, relabelChrome.ts) ----
  {
    id: 'body-evidence',
    stage: 'root',
    appliesTo: always,
    why: 'itemprop=articleBody or the JSON-LD articleBody text places the root',
  },
  {
    id: 'root-teaser-siblings',
    stage: 'root',
    appliesTo: (p) => p.article,
    why: "a sibling made of other stories' teasers is a rail, not a post alike the story beside it",
  },
  {
    id: 'root-similar-siblings',
    stage: 'root',
    appliesTo: always,
    why: 'the descent stops at a group of similar siblings (posts)',
  },
  { id: 'root-keeps-title', stage: 'root', appliesTo: always, why: 'on non-articles the root keeps the <h1>' },
  { id: 'root-keeps-main', stage: 'root', appliesTo: always, why: 'the root keeps the <main> landmark' },
  {
    id: 'builder-blocks',
    stage: 'root',
    appliesTo: always,
    why: '"widget" blocks holding much of the root are builder text',
  },
  // ---- prune: tests of the block walk (pruneBlocks.ts) ----
  {
    id: 'listing-root',
    stage: 'prune',
    appliesTo: always,
    why: 'a link-dense root is a listing: its link blocks stay',
  },
  {
    id: 'repeated-junk-groups',
    stage: 'prune',
    appliesTo: always,
    why: 'a class-labelled group repeating across the root is content',
  },
  { id: 'prune-link-dense', stage: 'prune', appliesTo: always, why: 'link-dense blocks are menus' },
  { id: 'prune-controls', stage: 'prune', appliesTo: always, why: 'blocks of buttons and inputs are widgets' },
  { id: 'prune-cookie-banner', stage: 'prune', appliesTo: always, why: 'cookie banners' },
  // ---- prune: passes, run by runRules in this order ----
  {
    id: 'recommendations',
    stage: 'prune',
    appliesTo: always,
    why: 'blocks opened by "you may also like" headings (and, on product pages, the shop policy headings)',
    apply: (c) =>
      dropRecommendations(
        c.root,
        c.removed,
        c.page.product ? SHOP_POLICY_HEADING : null,
        c.on('inline-read-also'),
        c.trace,
      ),
  },
  {
    id: 'error-notices',
    stage: 'prune',
    appliesTo: always,
    why: 'script error notices',
    apply: (c) => dropErrorNotices(c.root, c.removed, c.trace),
  },
  {
    id: 'login-prompts',
    stage: 'prune',
    appliesTo: always,
    why: 'log-in prompts',
    apply: (c) => dropLoginPrompts(c.root, c.removed, c.trace),
  },
  {
    id: 'select-captions',
    stage: 'prune',
    appliesTo: always,
    why: 'captions of select boxes',
    apply: (c) => dropSelectCaptions(c.root, c.removed, c.trace),
  },
  {
    id: 'facets',
    stage: 'prune',
    appliesTo: always,
    why: 'filter facets',
    apply: (c) => dropFacets(c.root, c.removed, c.trace),
  },
  {
    id: 'teaser-strips',
    stage: 'prune',
    appliesTo: productPage,
    why: 'product page: strips of other products',
    apply: (c) => dropTeaserStrips(c.root, c.removed, c.trace),
  },
  {
    id: 'product-page',
    stage: 'prune',
    appliesTo: productPage,
    why: 'product page pruning',
    apply: (c) => pruneProductPage(c.root, c.removed, c.trace),
  },
  {
    id: 'rated-reviews',
    stage: 'prune',
    // in a thread every post carries its date, and a post may well rate what it discusses
    appliesTo: (p) => p.product || !p.discussion,
    why: "rated reviews (off product pages, a rating or a verdict alone may be a card's: reviews also carry a date)",
    apply: (c) => dropRatedReviews(c.root, c.removed, signature, c.trace, !c.page.product),
  },
  {
    id: 'service-promises',
    stage: 'prune',
    appliesTo: productPage,
    why: 'product page: shop service promises',
    apply: (c) => dropServicePromises(c.root, c.removed, signature, c.trace),
  },
  {
    id: 'stock-notices',
    stage: 'prune',
    appliesTo: productPage,
    why: 'product page: stock notices',
    apply: (c) => dropStockNotices(c.root, c.removed, c.trace),
  },
  {
    id: 'purchase-terms',
    stage: 'prune',
    // a page with several buy buttons and no listing markup still sells (its button shows twice, in a sticky bar)
    appliesTo: (p) => p.product || p.buyActions > 1,
    why: 'terms printed beside buy buttons',
    apply: (c) => dropPurchaseTerms(c.root, c.removed, c.trace),
  },
  {
    id: 'teaser-lists',
    stage: 'prune',
    appliesTo: (p) => p.article,
    why: 'article: lists of other stories',
    apply: (c) => dropTeaserLists(c.root, c.removed, signature, c.trace),
  },
  {
    id: 'item-template-text',
    stage: 'prune',
    appliesTo: always,
    why: 'short actions repeated in every card',
    apply: (c) => dropItemTemplateText(c.root, c.removed, c.on('inline-links-stay'), c.trace),
  },
  {
    id: 'inline-links-stay',
    stage: 'prune',
    appliesTo: always,
    why: 'template text: a link inside a sentence stays',
  },
  {
    id: 'badges',
    stage: 'prune',
    appliesTo: always,
    why: 'badges',
    apply: (c) => dropBadges(c.root, c.removed, signature, c.trace),
  },
  // ---- prune: boilerplate vocabulary, one rule per concept (vocabulary/<concept>.ts, dropVocabularyBoilerplate) ----
  {
    id: 'inline-call-to-action',
    stage: 'prune',
    appliesTo: notThread,
    why: 'subscribe / app / follow / donate lines with a link',
    apply: (c) => dropVocabularyBoilerplate(c.root, c.removed, 'callToAction', vocabularyOptions(c)),
  },
  {
    id: 'inline-read-also',
    stage: 'prune',
    appliesTo: notThread,
    why: '"read also" promos: a cue and mostly one link to another story of the site (as a heading: recommendations)',
    apply: (c) => dropVocabularyBoilerplate(c.root, c.removed, 'readAlso', vocabularyOptions(c)),
  },
  {
    id: 'inline-share-tags',
    stage: 'prune',
    appliesTo: notThread,
    why: 'share lines with buttons or links, tag lines of links',
    apply: (c) => dropVocabularyBoilerplate(c.root, c.removed, 'shareTags', vocabularyOptions(c)),
  },
  {
    id: 'inline-reading-time',
    stage: 'prune',
    appliesTo: notThread,
    why: 'reading-time stamps ("5 min read", "Lesezeit: 4 Min."): a short line with a number, at most two per root',
    apply: (c) => dropVocabularyBoilerplate(c.root, c.removed, 'readingTime', vocabularyOptions(c)),
  },
  {
    id: 'figure-captions',
    stage: 'prune',
    appliesTo: notThread,
    why: 'figure captions',
    apply: (c) => dropFigureCaptions(c.root, c.removed, c.trace),
  },
  {
    id: 'duplicates',
    stage: 'prune',
    appliesTo: always,
    why: 'blocks repeating an earlier block',
    apply: (c) => dropDuplicates(c.root, c.removed, refrains(c), c.trace),
  },
  {
    id: 'refrain-guard',
    stage: 'prune',
    appliesTo: always,
    why: 'duplicates: a paragraph repeated under the same parent stays',
  },
  {
    id: 'refrain-in-alike-blocks',
    stage: 'prune',
    appliesTo: always,
    why: 'a paragraph repeated in alike steps or stanzas stays',
  },
  {
    id: 'echoed-labels',
    stage: 'prune',
    appliesTo: always,
    why: 'labels echoed by their value',
    apply: (c) => dropEchoedLabels(c.root, c.removed, c.trace),
  },
  {
    id: 'layout-duplicates',
    stage: 'prune',
    appliesTo: always,
    why: 'blocks printed twice for two layouts',
    apply: (c) => dropLayoutDuplicates(c.root, c.removed, refrains(c), c.trace),
  },
  {
    id: 'far-copies',
    stage: 'prune',
    appliesTo: always,
    // a text block repeated under another shape of wrappers is another layout's copy (a slider beside a grid, a
    // sticky hero, an answer rendered twice); repeats under one shape are items sharing a line and stay
    why: 'text blocks repeating an earlier block under other wrappers',
    apply: (c) => dropFarCopies(c.root, c.removed, refrains(c), c.trace),
  },
  {
    id: 'repeated-lines',
    stage: 'prune',
    // a shop page prints its short lines again (sticky title, a second spec layout); elsewhere lines repeat by design
    appliesTo: productPage,
    why: 'product page: short lines printed again',
    apply: (c) => dropRepeatedLines(c.root, c.removed, c.trace),
  },
  {
    id: 'repeated-runs',
    stage: 'prune',
    appliesTo: always,
    why: 'runs of blocks repeated',
    apply: (c) => dropRepeatedRuns(c.root, c.removed, c.trace),
  },
  {
    id: 'variant-copies',
    stage: 'prune',
    appliesTo: always,
    why: 'copies per variant',
    apply: (c) => dropVariantCopies(c.root, c.removed, signature, c.trace),
  },
  {
    id: 'mobile-copies',
    stage: 'prune',
    appliesTo: always,
    why: 'mobile copies',
    apply: (c) => dropMobileCopies(c.root, c.removed, c.trace),
  },
  {
    id: 'after-article',
    stage: 'prune',
    appliesTo: notThread,
    why: "what follows the root's one <article> (author cards, source lists, teasers)",
    apply: (c) => dropAfterArticle(c.root, c.removed, 'article', c.trace),
  },
  {
    id: 'after-body-class',
    stage: 'prune',
    appliesTo: notThread,
    why: "what follows the root's one story-body block (entry-content, article-body, role=article)",
    apply: (c) => dropAfterArticle(c.root, c.removed, 'body-class', c.trace),
  },
  {
    id: 'repeated-paragraphs',
    stage: 'prune',
    // in threads a repeated paragraph is a quote of an earlier post; elsewhere repeats are often deliberate
    appliesTo: thread,
    why: 'thread: quotes of earlier posts',
    apply: (c) => dropRepeatedParagraphs(c.root, c.removed, c.trace),
  },
  {
    id: 'poster-fields',
    stage: 'prune',
    appliesTo: thread,
    why: "thread: posters' profile fields",
    apply: (c) => dropPosterFields(c.root, c.removed, signature, c.trace),
  },
  {
    id: 'post-stamps',
    stage: 'prune',
    appliesTo: thread,
    why: 'thread: post stamps',
    apply: (c) => dropPostStamps(c.root, c.removed, c.trace),
  },
  // ---- write (extractMainContent.ts, chromeOnlyPage.ts) ----
  {
    id: 'chrome-only-page',
    stage: 'prune',
    appliesTo: always,
    why: 'a root without content text whose pruned remnant is short chrome: the page has no main content',
  },
];
