// The extractor's rules by name, so that each can be switched off on its own: the ablation report
// (benchmarks/quality-main-content/ablate.mjs) measures what every rule gains or costs on pages it was not tuned on,
// and a rule's fixture test shows that it, and not a neighbour, does the work. Production callers switch nothing off.

/** One rule: its id (as `disabledRules` names it) and the stage it acts in. */
export interface MainContentRule {
  id: string;
  stage: 'classify' | 'root' | 'prune';
  why: string;
}

/** Every switchable rule, in the order the extractor runs them. */
export const MAIN_CONTENT_RULES: readonly MainContentRule[] = [
  { id: 'comment-thread', stage: 'classify', why: 'comment-labelled blocks dwarfing the rest make the page a thread' },
  { id: 'reader-items', stage: 'classify', why: 'review-labelled blocks under 3+ parents belong to cards' },
  { id: 'junk-items', stage: 'classify', why: '3+ class-labelled siblings are the items of a list: content' },
  { id: 'main-wrappers', stage: 'classify', why: 'a class-labelled block holding <main> is a layout wrapper' },
  { id: 'large-junk', stage: 'classify', why: 'class/tag-labelled chrome holding most of the text is content' },
  { id: 'prose-junk', stage: 'classify', why: 'class-labelled chrome that reads as prose is content' },
  { id: 'widget-labels-failed', stage: 'classify', why: '"widget" labels that leave no text are ignored' },
  { id: 'fact-panels', stage: 'classify', why: "a product's size chart in a modal counts as its text" },
  { id: 'body-evidence', stage: 'root', why: 'itemprop=articleBody or the JSON-LD articleBody text places the root' },
  { id: 'root-similar-siblings', stage: 'root', why: 'the descent stops at a group of similar siblings (posts)' },
  { id: 'root-keeps-title', stage: 'root', why: 'on non-articles the root keeps the <h1>' },
  { id: 'root-keeps-main', stage: 'root', why: 'the root keeps the <main> landmark' },
  { id: 'builder-blocks', stage: 'root', why: '"widget" blocks holding much of the root are builder text' },
  { id: 'listing-root', stage: 'prune', why: 'a link-dense root is a listing: its link blocks stay' },
  { id: 'repeated-junk-groups', stage: 'prune', why: 'a class-labelled group repeating across the root is content' },
  { id: 'prune-link-dense', stage: 'prune', why: 'link-dense blocks are menus' },
  { id: 'prune-controls', stage: 'prune', why: 'blocks of buttons and inputs are widgets' },
  { id: 'prune-cookie-banner', stage: 'prune', why: 'cookie banners' },
  { id: 'prune-live-region', stage: 'prune', why: 'ARIA live regions' },
  { id: 'recommendations', stage: 'prune', why: 'blocks opened by "you may also like" headings' },
  { id: 'tables-of-contents', stage: 'prune', why: 'link blocks pointing inside the page' },
  { id: 'placeholder-text', stage: 'prune', why: 'placeholder and loading text' },
  { id: 'error-notices', stage: 'prune', why: 'script error notices' },
  { id: 'login-prompts', stage: 'prune', why: 'log-in prompts' },
  { id: 'expander-labels', stage: 'prune', why: '"read more" expander labels' },
  { id: 'select-captions', stage: 'prune', why: 'captions of select boxes' },
  { id: 'facets', stage: 'prune', why: 'filter facets' },
  { id: 'teaser-strips', stage: 'prune', why: 'product page: strips of other products' },
  { id: 'product-page', stage: 'prune', why: 'product page pruning' },
  { id: 'rated-reviews', stage: 'prune', why: 'rated reviews' },
  { id: 'service-promises', stage: 'prune', why: 'product page: shop service promises' },
  { id: 'stock-notices', stage: 'prune', why: 'product page: stock notices' },
  { id: 'purchase-terms', stage: 'prune', why: 'terms printed beside buy buttons' },
  { id: 'teaser-lists', stage: 'prune', why: 'article: lists of other stories' },
  { id: 'item-template-text', stage: 'prune', why: 'short actions repeated in every card' },
  { id: 'inline-links-stay', stage: 'prune', why: 'template text: a link inside a sentence stays' },
  { id: 'badges', stage: 'prune', why: 'badges' },
  { id: 'ad-labels', stage: 'prune', why: '"Advertisement" labels' },
  { id: 'inline-call-to-action', stage: 'prune', why: 'subscribe / app / follow / donate lines with a link' },
  { id: 'figure-captions', stage: 'prune', why: 'figure captions' },
  { id: 'duplicates', stage: 'prune', why: 'blocks repeating an earlier block' },
  { id: 'refrain-guard', stage: 'prune', why: 'duplicates: a paragraph repeated under the same parent stays' },
  { id: 'refrain-in-alike-blocks', stage: 'prune', why: 'a paragraph repeated in alike steps or stanzas stays' },
  { id: 'echoed-labels', stage: 'prune', why: 'labels echoed by their value' },
  { id: 'layout-duplicates', stage: 'prune', why: 'blocks printed twice for two layouts' },
  { id: 'repeated-lines', stage: 'prune', why: 'product page: short lines printed again' },
  { id: 'repeated-runs', stage: 'prune', why: 'runs of blocks repeated' },
  { id: 'variant-copies', stage: 'prune', why: 'copies per variant' },
  { id: 'mobile-copies', stage: 'prune', why: 'mobile copies' },
  { id: 'engagement-counts', stage: 'prune', why: 'like/share counters' },
  { id: 'repeated-paragraphs', stage: 'prune', why: 'thread: quotes of earlier posts' },
  { id: 'poster-fields', stage: 'prune', why: "thread: posters' profile fields" },
  { id: 'post-stamps', stage: 'prune', why: 'thread: post stamps' },
];

/** Whether a rule runs: all do unless named in `disabled`. */
export type RuleSwitch = (id: string) => boolean;

export function ruleSwitch(disabled: ReadonlySet<string> | undefined): RuleSwitch {
  if (disabled === undefined || disabled.size === 0) return () => true;
  return (id) => !disabled.has(id);
}
