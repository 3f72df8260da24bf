// Category and search pages put a filter panel beside the grid: a "Filters" (or "Refine by", "Filter and Sort") label
// over groups of short values (colours, sizes, brands, price ranges), each a link, a checkbox or a list item. The
// values name the grid's facets, not its items, and the label names the panel: the whole panel goes.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import {
  FACET_LABEL_MAX_CHARS,
  FACET_MAX_CHARS_PER_PLAIN_VALUE,
  FACET_MAX_CHARS_PER_VALUE,
  FACET_MAX_SHARE,
  FACET_MIN_GROUPS,
  FACET_MIN_PLAIN_VALUES,
  FACET_MIN_VALUES,
  FACET_PARENT_SHARE,
} from './tunables.js';
import { squeezedText, wholeText } from './textPieces.js';

/** The whole text of a filter panel's label. */
const FACET_LABEL = new RegExp(
  String.raw`^(filters?|filter (and|&) sort|sort (and|&) filter|filter by|filter results` +
    String.raw`|refine( by| results| search)?|narrow (by|results|your results|your search))\s*:?$`,
  'i',
);
/** Cheap gate: pages that never say it skip the walk (no word boundary: blocks run together in textContent). */
const FACET_WORD = /filter|refine|narrow/i;

const values = (s: NodeStats): number => s.links + s.controls + s.paragraphs;

/** Whether `s`, with nothing to click, still reads as a panel of facet groups: headings over many one-word values. */
function groupedValues(s: NodeStats): boolean {
  if (s.paragraphs < FACET_MIN_PLAIN_VALUES || s.text > FACET_MAX_CHARS_PER_PLAIN_VALUE * s.paragraphs) return false;
  return s.el.querySelectorAll('h2, h3, h4, h5, h6, legend').length > FACET_MIN_GROUPS;
}

function facetLike(s: NodeStats, rootText: number): boolean {
  return s.text <= FACET_MAX_SHARE * rootText && s.text <= FACET_MAX_CHARS_PER_VALUE * values(s);
}

/** Drops filter panels inside `root` (see FACET_LABEL); only short blocks are read. Extends `removed`. */
export function dropFacets(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  if (!FACET_WORD.test(wholeText(root))) return;
  const labels: NodeStats[] = [];
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s) || s.inCode) continue;
    if (s.text <= FACET_LABEL_MAX_CHARS) {
      if (FACET_LABEL.test(squeezedText(s))) labels.push(s);
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  for (const label of labels) {
    const block = panelOf(label, root);
    if (block === null || removed.has(block)) continue;
    removed.add(block);
    trace?.push(
      `drop ${block.el.localName}.${block.cls.split(/\s+/)[0] ?? ''} ` +
        `text=${block.text}: a filter panel under its label`,
    );
  }
}

/** The filter panel a label heads: the largest facet-like block up from it whose values are things to click; null
 *  when there is none. */
function panelOf(label: NodeStats, root: NodeStats): NodeStats | null {
  let block: NodeStats | null = null;
  let node = label;
  while (node.parent !== null && node.parent !== root && facetLike(node.parent, root.text)) {
    // the label sits beside the panel's values (one step up); the panel sits beside other blocks, the grid (stop)
    // (blocks that only wrap the label are the label)
    if (node.text !== label.text && node.text < FACET_PARENT_SHARE * node.parent.text) break;
    node = node.parent;
    // its values are things to click (links, checkboxes, buttons): a plain list under a "Filters" heading is text
    if (node.links + node.controls >= FACET_MIN_VALUES || groupedValues(node)) block = node;
  }
  return block;
}
