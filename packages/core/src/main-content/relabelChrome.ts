// Stage 1b/3b, classify blocks: corrects the chrome labels measureTree gave from class words and tags, where the page
// shows them wrong: a labelled block holding most of the page, reading as prose, heading a section, holding the <main>
// landmark, folding text in a dialog; or the builders' "widget" blocks holding much of the chosen root.
// Contract: reads the measured tree and writes only `junk` labels (callers recompute `good` after); the DOM is read,
// never changed. Rules: 'reader-items', 'junk-items', 'main-wrappers', 'large-junk', 'prose-junk', 'builder-blocks'.
import {
  BUILDER_WORDS,
  CONSENT_TEXT,
  COOKIE_TEXT,
  FOLDING_WORDS,
  OVERLAY_WORDS,
  PROSE_BY_NATURE,
  isArticleOrSectioning,
  isSectioning,
} from './blockWords.js';
import { closestWhere, firstDescendantWhere, hasTag } from '../html/elementQueries.js';
import { mainLandmark } from './chooseRoot.js';
import { READER_WORDS } from './classHints.js';
import { computeGood, type MeasuredTree, type NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import { relabelJunkItems } from './relabelJunkItems.js';
import type { RuleSwitch } from './ruleContext.js';
import type { Tracer, TraceSink } from './traceEvents.js';
import { isInside, plain } from './treeRelations.js';
import {
  BUILDER_ROOT_SHARE,
  FOOTER_REST_MIN_GOOD,
  HARD_JUNK_KEEP_SHARE,
  INTRO_HEADER_MIN_CHARS,
  INTRO_HEADER_MIN_PARAGRAPHS,
  LARGE_JUNK_MAX_LINK_SHARE,
  PROSE_MAX_LINK_DENSITY,
  PROSE_MIN_CHARS,
  REPEATED_JUNK_MIN,
  SECTION_HEADER_MAX_LINK_DENSITY,
  SHEET_MAX_CONTROLS,
  SHEET_WRAPPER_SHARE,
  SOFT_JUNK_KEEP_SHARE,
} from './tunables.js';
import { squeezedText, wholeText } from './textPieces.js';

/** Corrects the chrome labels of the whole tree (see the module's contract); `tracer` names each decision's rule. */
export function relabelLargeJunk(tree: MeasuredTree, on: RuleSwitch, tracer: Tracer): void {
  // the share that makes a block large is of the plain text before any relabelling
  const total = Math.max(1, plain(tree.root));
  if (on('reader-items')) relabelReaderItems(tree);
  if (on('junk-items')) relabelJunkItems(tree, tracer.sink('classify', 'junk-items'));
  if (on('main-wrappers')) relabelMainWrappers(tree, tracer.sink('classify', 'main-wrappers'));
  const pass: ChromePass = {
    tree,
    on,
    total,
    main: mainLandmark(tree),
    trace: tracer.sink('classify', 'large-junk'),
    introTrace: tracer.sink('classify', 'intro-header'),
    proseBlocks: new Map(),
    detailSheets: new Set(),
    introHeaders: new Set(),
  };
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk === 0) continue;
    if (s.junk === 'soft' && s.junkWord === 'header' && relabelHeader(s, pass)) continue;
    const large = plain(s) >= (s.junk === 'soft' ? SOFT_JUNK_KEEP_SHARE : HARD_JUNK_KEEP_SHARE) * pass.total;
    if (large) relabelLargeBlock(s, pass);
    else relabelSmallBlock(s, pass);
  }
}

/** Review snippets inside each card of a grid (one per card, so under different parents) belong to the cards;
 *  a product's own reviews are siblings under one list. */
function relabelReaderItems(tree: MeasuredTree): void {
  const readerParents = new Map<string, Set<NodeStats | null>>();
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk !== 'soft' || !READER_WORDS.has(s.junkWord ?? '')) continue;
    const sig = signature(s);
    const parents = readerParents.get(sig) ?? new Set<NodeStats | null>();
    parents.add(s.parent);
    readerParents.set(sig, parents);
  }
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (
      s.junk === 'soft' &&
      READER_WORDS.has(s.junkWord ?? '') &&
      (readerParents.get(signature(s))?.size ?? 0) >= REPEATED_JUNK_MIN
    )
      s.junk = 0;
  }
}

/** The state of the pass over the chrome labels: the page's figures, its traces and the blocks found so far. */
interface ChromePass {
  tree: MeasuredTree;
  on: RuleSwitch;
  total: number;
  main: NodeStats | null;
  trace: TraceSink | undefined;
  introTrace: TraceSink | undefined;
  /** Prose blocks relabelled as content, with their folding word. */
  proseBlocks: Map<NodeStats, string | null>;
  detailSheets: Set<NodeStats>;
  introHeaders: Set<NodeStats>;
}

/** A "header"-labelled block that heads a section, or holds the page's title and intro (or sits in such a header),
 *  is content; true when relabelled. */
function relabelHeader(s: NodeStats, pass: ChromePass): boolean {
  if (isSectionHeader(s)) {
    s.junk = 0;
    return true;
  }
  if (
    !isIntroHeader(s) &&
    !(s.parent !== null && pass.introHeaders.has(s.parent) && s.linkText <= SECTION_HEADER_MAX_LINK_DENSITY * s.text)
  )
    return false;
  s.junk = 0;
  pass.introHeaders.add(s);
  pass.introTrace?.push(`${describe(s)} holds the page's title and its intro: the page's header, not the site's`);
  return true;
}

/** A chrome block that holds most of the text is content, unless it is a consent dialog, or a hard-labelled block
 *  outside the main landmark, the page's footer beside enough content, or mostly links. */
function relabelLargeBlock(s: NodeStats, pass: ChromePass): void {
  const { main, trace } = pass;
  if (isConsentDialog(s)) {
    trace?.push(`${describe(s)} holds most of the text but is a consent dialog: still chrome`);
    return;
  }
  if (s.junk === 'hard' && main !== null && !isInside(main, s) && !isInside(s, main)) {
    trace?.push(`${describe(s)} holds most of the text but lies outside ${describe(main)}: still chrome`);
    return;
  }
  if (s.junk === 'hard' && isPageFooter(s) && pass.tree.root.good >= FOOTER_REST_MIN_GOOD) {
    trace?.push(
      `${describe(s)} holds most of the text but is the page's footer beside ` +
        `${Math.round(pass.tree.root.good)} characters of content: still chrome`,
    );
    return;
  }
  if (s.junk === 'hard' && s.linkText > LARGE_JUNK_MAX_LINK_SHARE * s.text) {
    trace?.push(`${describe(s)} holds most of the text but much of it is links: still chrome`);
    return;
  }
  if (pass.on('large-junk')) s.junk = 0;
}

/** A smaller chrome block is content when it is a detail sheet (or wraps most of one), a softly labelled block that
 *  reads as prose, or a part of such a prose block. */
function relabelSmallBlock(s: NodeStats, pass: ChromePass): void {
  if (
    s.junk === 'hard' &&
    (isDetailSheet(s) ||
      (s.parent !== null && pass.detailSheets.has(s.parent) && s.text >= SHEET_WRAPPER_SHARE * s.parent.text))
  ) {
    s.junk = 0;
    pass.detailSheets.add(s);
  } else if (s.junk === 'soft' && pass.on('prose-junk') && !PROSE_BY_NATURE.has(s.junkWord ?? '') && isProse(s)) {
    s.junk = 0;
    if (FOLDING_WORDS.has(s.junkWord ?? '')) pass.proseBlocks.set(s, s.junkWord);
  } else if (s.junk === 'soft' && FOLDING_WORDS.has(s.junkWord ?? '') && insideProseBlock(s, pass.proseBlocks))
    s.junk = 0;
}

/** A class-labelled block that holds the page's <main> (role=main) is a layout wrapper around content and sidebar
 *  ("content-sidebar-wrap", "page-with-sidebar"), not chrome: the page's authors put the main landmark inside it. */
function relabelMainWrappers(tree: MeasuredTree, trace?: TraceSink): void {
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
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
  return label.length > 0 && squeezedText(s).startsWith(label);
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
  const text = wholeText(s);
  return COOKIE_TEXT.test(text) && CONSENT_TEXT.test(text);
}

/** A block named "header" inside <main> or a <section>, with few links and no menu, heads that section ("faq-header",
 *  "cd-header"), as a <header> element there does; the page's banner is mostly links. */
function isSectionHeader(s: NodeStats): boolean {
  if (s.text === 0 || s.linkText > SECTION_HEADER_MAX_LINK_DENSITY * s.text || s.controls > 0) return false;
  // the block holding the page's <h1> is the page's title block (title, date, byline), judged as before
  const parent = s.el.parentElement;
  return parent !== null && closestWhere(parent, isSectioning) !== null && firstDescendantWhere(s.el, isH1) === null;
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

const H1 = new Set(['h1']);
const isH1 = (el: Element): boolean => hasTag(el, H1);

function isProse(s: NodeStats): boolean {
  return plain(s) >= PROSE_MIN_CHARS && s.linkText <= PROSE_MAX_LINK_DENSITY * s.text && s.paragraphs >= 2;
}

/** The page's footer: a <footer> or role=contentinfo outside any article, main or section (those have footers of
 *  their own, which are parts of them). */
function isPageFooter(s: NodeStats): boolean {
  if (s.el.localName !== 'footer' && s.role !== 'contentinfo') return false;
  const parent = s.el.parentElement;
  return parent === null || closestWhere(parent, isArticleOrSectioning) === null;
}

/** Ignores the builders' "widget" (and "banner") label inside `root` when such blocks hold much of its text (see
 *  BUILDER_ROOT_SHARE). */
export function relabelBuilderBlocks(root: NodeStats, tree: MeasuredTree, trace?: TraceSink): void {
  const labelled = new Set<NodeStats>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s !== root && s.junk === 'soft' && BUILDER_WORDS.has(s.junkWord ?? '')) {
      labelled.add(s);
    } else if (s !== root && s.junk !== 0) continue;
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
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
