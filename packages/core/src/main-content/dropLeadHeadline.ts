// An article's headline opening the extracted text repeats the page's title, which the page's metadata already carries
// (`<title>`, og:title). Both reference truths the extractor is measured on leave it out of the main content
// (WCXB's annotators and Readability, which drops a heading that duplicates the title): on the WCXB dev-tune article
// pages whose output opens with their one <h1>, the truth leaves it out four times in five.
// Only the <h1> that is the very first text of the root goes, and only when the page's title holds its words: an <h1>
// inside the body, after a kicker or a lead, or one naming something else than the page is left alone.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { HEADLINE_MIN_CHARS } from './tunables.js';

/** Lower case, letters and digits only, one space between words: how a heading and a title are compared. */
function headlineWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The page's own titles: those the caller read before cleaning (ContentHints.titles), else the document's
 *  `<title>` and og:title when they are still there; as headlineWords. */
function pageTitles(doc: Document, given: readonly string[] | undefined): string[] {
  const titles = given ? [...given] : [];
  if (given === undefined) {
    const title = doc.querySelector('title')?.textContent;
    if (title) titles.push(title);
    const og = doc.querySelector('meta[property="og:title"]')?.getAttribute('content');
    if (og) titles.push(og);
  }
  return titles.map(headlineWords);
}

/** The first block of `root` that holds text, going down through wrappers; null when a wrapper has text of its own
 *  (its text may come before its children's). */
function firstTextBlock(root: NodeStats, removed: Set<NodeStats>): NodeStats | null {
  let node = root;
  for (;;) {
    if (node.el.localName === 'h1') return node;
    if (node.ownGood > 0) return null;
    let next: NodeStats | null = null;
    for (const c of node.children) {
      if (c.text > 0 && !removed.has(c)) {
        next = c;
        break;
      }
    }
    if (next === null) return null;
    node = next;
  }
}

/** Drops the <h1> that opens `root` when one of the page's titles holds its words. Extends `removed`. */
export function dropLeadHeadline(
  root: NodeStats,
  removed: Set<NodeStats>,
  titles: readonly string[] | undefined,
  trace?: TraceSink,
): void {
  const first = firstTextBlock(root, removed);
  if (first === null || first.el.localName !== 'h1' || first === root) return;
  const words = headlineWords(first.el.textContent ?? '');
  if (words.length < HEADLINE_MIN_CHARS) return;
  const doc = root.el.ownerDocument;
  if (!pageTitles(doc, titles).some((t) => t.includes(words))) return;
  removed.add(first);
  trace?.push(`drop ${first.el.localName} "${words.slice(0, 40)}": the headline opening the root repeats the title`);
}
