// Stage 1, measure: one pass over the page's <body> that records every block's text, link text, controls and chrome
// label (measureTree.ts), then the label corrections that decide how much of the page counts as content
// (relabelChrome.ts). The page is measured again, another way, only when the first reading finds the wrong text: a
// comment thread (comments are the posts), a Q&A page (answers labelled "comment"), a script-rendered page (text in
// <noscript>), a streamed page (text in hidden elements), or class labels that leave no text ("widget" everywhere).
// Contract: reads the DOM, never changes it; returns the tree the later stages read and whether comments are posts.
import { HIDDEN_SKIP_TAGS, BUILDER_WORDS } from './blockWords.js';
import { isArticle, isDiscussion, isQuestionPage, type PageHints } from './classifyPage.js';
import { commentChars, isCommentThread } from './commentThread.js';
import { computeGood, measureTree, type MeasuredTree } from './measureTree.js';
import { relabelLargeJunk } from './relabelChrome.js';
import type { RuleSwitch } from './ruleContext.js';
import { NO_TRACE, type Tracer } from './traceEvents.js';
import { plain } from './treeRelations.js';
import {
  HIDDEN_GAIN,
  HIDDEN_MIN_CHARS,
  HIDDEN_PAGE_MAX_CHARS,
  LABELS_FAILED_MIN_CHARS,
  LABELS_FAILED_SHARE,
  NOSCRIPT_PAGE_MAX_CHARS,
  QA_COMMENTS_MAX_LOSS,
} from './tunables.js';

export interface MeasuredPage {
  /** The tree every later stage reads, `good` computed. */
  tree: MeasuredTree;
  /** A thread or Q&A page (from the hints, or because comments dwarf the rest): comments are posts. */
  discussion: boolean;
}

export function measurePage(body: Element, page: PageHints, on: RuleSwitch, tracer: Tracer): MeasuredPage {
  let discussion = isDiscussion(page);
  let keepComments = discussion;
  let tree = measureTree(body, { keepComments });
  let relabelled: MeasuredTree | null = null;
  if (!discussion) {
    computeGood(tree); // relabelling reads `good` (the <main> landmark's share)
    relabelLargeJunk(tree, on, tracer); // an article body labelled by a page builder must count as the page's text
    relabelled = tree;
    computeGood(tree);
    if (on('comment-thread') && isCommentThread(tree, isArticle(page))) {
      // neither URL nor JSON-LD names a thread, yet the comments dwarf everything else: they are the page
      tracer
        .sink('classify', 'comment-thread')
        ?.push(
          `comment-labelled blocks hold most of the text (good=${Math.round(tree.root.good)} ` +
            `comments=${commentChars(tree)}): a thread`,
        );
      discussion = true;
      keepComments = true;
      tree = measureTree(body, { keepComments });
    }
  }
  if (discussion && isQuestionPage(page)) {
    // On Q&A pages the posts are the question and its answers; the comments under each are short remarks, not the
    // thread. Some sites label the answers themselves "comment": then reading comments as chrome loses most of the
    // page.
    const withoutComments = measureTree(body, { keepComments: false });
    computeGood(withoutComments);
    computeGood(tree);
    if (withoutComments.root.good >= QA_COMMENTS_MAX_LOSS * tree.root.good) {
      tree = withoutComments;
      keepComments = false;
    }
  }
  let readNoscript = false;
  // the relabelled first tree's `good` is current (nothing above changes labels after it is computed)
  if (relabelled !== tree) computeGood(tree);
  if (tree.root.good < NOSCRIPT_PAGE_MAX_CHARS && body.querySelector('noscript')) {
    const withNoscript = measureTree(body, { keepComments, readNoscript: true });
    computeGood(withNoscript);
    if (withNoscript.root.good > 2 * tree.root.good) {
      tree = withNoscript;
      readNoscript = true;
    }
  }
  if (relabelled !== tree) {
    relabelLargeJunk(tree, on, tracer); // the same tree relabelled twice gives the same labels
    computeGood(tree);
  }
  if (
    tree.root.good < HIDDEN_PAGE_MAX_CHARS &&
    hiddenTextExceeds(tree.hidden, HIDDEN_GAIN * Math.max(HIDDEN_MIN_CHARS, tree.root.good))
  ) {
    // Streamed or lazily revealed pages (React's <div hidden> chunks, "defer" wrappers with display:none) ship their
    // text hidden until a script moves or shows it: when the visible page has almost none, read the hidden parts.
    const withHidden = measureTree(body, { keepComments, readNoscript, readHidden: true });
    relabelLargeJunk(withHidden, on, NO_TRACE);
    computeGood(withHidden);
    if (withHidden.root.good > HIDDEN_GAIN * Math.max(1, tree.root.good)) {
      tracer
        .sink('measure', 'read-hidden')
        ?.push(
          `visible text is scarce (good=${Math.round(tree.root.good)}): reading hidden elements ` +
            `(good=${Math.round(withHidden.root.good)})`,
        );
      tree = withHidden;
    }
  }
  if (on('widget-labels-failed')) dropBuilderLabels(tree, tracer);
  return { tree, discussion };
}

/** Class words labelled nearly all of the page's text as chrome. Page builders call every block a "widget", text and
 *  all: on such a page that word says nothing. (Comments, sidebars and headers that hold most of the text are chrome
 *  as often as not, so only the builders' word is dropped.) */
function dropBuilderLabels(tree: MeasuredTree, tracer: Tracer): void {
  if (tree.root.good >= LABELS_FAILED_SHARE * plain(tree.root) || plain(tree.root) < LABELS_FAILED_MIN_CHARS) return;
  let count = 0;
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk === 'soft' && BUILDER_WORDS.has(s.junkWord ?? '')) {
      s.junk = 0;
      count++;
    }
  }
  if (count > 0) {
    tracer
      .sink('classify', 'widget-labels-failed')
      ?.push(
        `class labels leave ${Math.round(tree.root.good)} of ${plain(tree.root)} characters: ` +
          `${count} "widget" labels ignored`,
      );
    computeGood(tree);
  }
}

/** Whether hidden elements (not scripts, styles or pictures) hold more than `limit` characters; stops counting
 *  there. */
function hiddenTextExceeds(hidden: Set<Element>, limit: number): boolean {
  let chars = 0;
  for (const el of hidden) {
    if (HIDDEN_SKIP_TAGS.has(el.localName)) continue;
    chars += (el.textContent ?? '').length;
    if (chars > limit) return true;
  }
  return false;
}
