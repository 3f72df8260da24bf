// A page whose HTML holds no main content: a script-rendered shell or a blocked capture, where all the measure finds is
// chrome. When the chosen root holds no content text at all (`good` 0: every text in it is link text or labelled
// chrome) and pruning leaves only a short remnant (what the labels missed: a newsletter box, a copyright line, a help
// menu), that remnant is not the page's content, and the honest answer is none. The caller then gets an empty element
// that says so (`saysNoMainContent`), so that the pipeline does not fall back to the whole page either.
// Measured on WCXB dev-tune (issue #25, docs/decisions.md "empty main content"): the truth is empty on such pages.
import type { NodeStats } from './measureTree.js';
import { CHROME_ONLY_REMNANT_MAX_CHARS } from './tunables.js';
import { keptChars } from './treeRelations.js';

const NO_MAIN_CONTENT = new WeakSet<Element>();

/** True when `root` holds no content text and what pruning leaves of it is a short remnant of chrome. */
export function isChromeOnly(root: NodeStats, removed: Set<NodeStats>): boolean {
  if (root.good > 0) return false;
  const kept = keptChars(root, removed);
  return kept > 0 && kept <= CHROME_ONLY_REMNANT_MAX_CHARS;
}

/** An empty element standing for "this page has no main content". */
export function noMainContent(document: Document): Element {
  const el = document.createElement('div');
  NO_MAIN_CONTENT.add(el);
  return el;
}

/** Whether `el` is the extractor's "no main content" answer (empty on purpose, not a failed extraction). */
export function saysNoMainContent(el: Element): boolean {
  return NO_MAIN_CONTENT.has(el);
}
