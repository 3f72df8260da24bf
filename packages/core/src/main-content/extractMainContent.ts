// Finds the element that holds a page's main content, in five stages (README.md beside this file):
//   1. measure (measurePage.ts): every block's text, link text, controls and chrome label, read once;
//   2. classify the page (classifyPage.ts): article, thread, product page; labels corrected (relabelChrome.ts);
//   3. choose the root (chooseRoot.ts): descend while one child holds nearly all of the content text;
//   4. prune inside the root: one block walk (pruneBlocks.ts), then the registry's passes in order (rules.ts);
//   5. write (writeResult.ts): the root without the dropped blocks, in place or as a copy.
// Deterministic, no model; thresholds live in tunables.ts, rules and their order in rules.ts.
import { classifyPage, type PageHints } from './classifyPage.js';
import { collectContentHints, type ContentHints } from './collectContentHints.js';
import { chooseRoot } from './chooseRoot.js';
import { isChromeOnly, noMainContent } from './chromeOnlyPage.js';
import { keepFactPanels } from './keepFactPanels.js';
import { learnedRoot, type LearnedRootOptions } from './learnedRoot.js';
import { computeGood } from './measureTree.js';
import { measurePage } from './measurePage.js';
import { pageBody } from './pageBody.js';
import { pruneBlocks } from './pruneBlocks.js';
import { relabelBuilderBlocks } from './relabelChrome.js';
import { runRules, ruleSwitch } from './ruleContext.js';
import { MAIN_CONTENT_RULES } from './rules.js';
import { makeTracer, type TraceEvent } from './traceEvents.js';
import { writeResult } from './writeResult.js';

export { collectContentHints, type ContentHints, type TraceEvent };

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
  /** When given, each decision as a structured event naming its stage and rule id (see traceEvents.ts). */
  onTrace?: (event: TraceEvent) => void;
  /** Rule ids (see MAIN_CONTENT_RULES) to switch off: for ablation reports and rule tests, not for production. */
  disabledRules?: ReadonlySet<string>;
  /** Experimental, default off: a learned second opinion on the root (learnedRoot.ts, issue #25). */
  learnedRoot?: boolean | LearnedRootOptions;
}

export function extractMainContent(document: Document, options: ExtractMainContentOptions = {}): Element {
  const body = pageBody(document, options.copy === true);
  const tracer = makeTracer(options.trace, options.onTrace);
  const on = ruleSwitch(options.disabledRules);
  const hints: PageHints = { url: options.url, hints: options.hints };

  // 1. measure (and correct chrome labels, which decide what counts as the page's text)
  const { tree, discussion } = measurePage(body, hints, on, tracer);

  // 2. classify the page
  const { kind, viaButtons } = classifyPage(hints, tree, discussion);
  if (viaButtons)
    tracer
      .sink('classify', 'buy-button')
      ?.push('one buy button (perhaps shown twice) and no listing markup: a product page');
  // the size chart or the measurements in a modal are the product's text: they count before the root is chosen
  if (kind.product && on('fact-panels') && keepFactPanels(tree, tracer.sink('classify', 'fact-panels')))
    computeGood(tree);

  // 3. choose the root
  let root = chooseRoot(tree, { article: kind.article, discussion, hints: options.hints }, on, tracer);
  if (options.learnedRoot) {
    const learned = options.learnedRoot === true ? {} : options.learnedRoot;
    const page = { article: kind.article, discussion, hints: options.hints };
    root = learnedRoot(tree, root, page, learned, tracer.sink('root', 'learned-root'));
  }
  if (on('builder-blocks')) relabelBuilderBlocks(root, tree, tracer.sink('root', 'builder-blocks'));

  // 4. prune: whole chrome blocks in one walk, then every pass of the registry in order
  const removed = pruneBlocks(root, discussion, on, tracer);
  const address = { url: options.url, canonicalUrl: options.hints?.canonicalUrl };
  runRules(MAIN_CONTENT_RULES, { root, removed, page: kind, on, trace: undefined, address }, tracer);

  // 5. write (nothing when all that is left of a root without content text is a chrome remnant: chromeOnlyPage.ts)
  if (on('chrome-only-page') && isChromeOnly(root, removed)) {
    tracer
      .sink('write', 'chrome-only-page')
      ?.push('root holds no content text, only a chrome remnant: no main content');
    return noMainContent(document);
  }
  return writeResult(document, tree, root, removed, options.copy === true, tracer.sink('write', 'fallback-whole-page'));
}
