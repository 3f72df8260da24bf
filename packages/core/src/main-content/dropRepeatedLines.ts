// A product page repeats its short lines: the title in a sticky bar, a spec row in a second layout, "Verified
// purchase" under each review, the same requirement in a minimum and a recommended column. Copies of a line are
// noise for a reader who has read it once; only the first stays.
import type { NodeStats } from './measureTree.js';
import { isInsideAny } from './treeRelations.js';
import { compactText } from './textPieces.js';
import type { TraceSink } from './traceEvents.js';
import { REPEATED_LINE_MAX_CHARS, REPEATED_LINE_MIN_CHARS } from './tunables.js';

/** Inline elements are parts of a line, not lines; tables and code repeat cells by nature. */
const NOT_LINES = new Set([
  'span',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'small',
  'sup',
  'sub',
  'label',
  'abbr',
  'time',
  'font',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'button',
  'option',
  'td',
  'th',
  'tr',
  'tbody',
  'thead',
  'table',
  'pre',
  'code',
]);

/** Drops later copies of a short line (the top of a wrapper chain) anywhere inside `root`; only lines of one visible
 *  length have their text read. Extends `removed`. */
export function dropRepeatedLines(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const byLength = new Map<number, NodeStats[]>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (
      removed.has(s) ||
      s.text < REPEATED_LINE_MIN_CHARS ||
      s.inCode ||
      s.el.localName === 'table' ||
      s.el.localName === 'pre'
    )
      continue;
    const top = s.parent !== null && s.parent.text > s.text;
    if (s !== root && top && s.text <= REPEATED_LINE_MAX_CHARS && !NOT_LINES.has(s.el.localName)) {
      const list = byLength.get(s.text);
      if (list === undefined) byLength.set(s.text, [s]);
      else list.push(s);
    }
    for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
  }
  const dropped = new Set<NodeStats>();
  // (a short block of several lines is a line, and so is each of its lines: each is compared on its own)
  for (const list of byLength.values()) {
    if (list.length < 2) continue;
    const seen = new Set<string>();
    for (const s of list) {
      const key = compactText(s);
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      if (isInsideAny(s, dropped, root)) continue;
      dropped.add(s);
      removed.add(s);
      trace?.push(`drop ${s.el.localName} text=${s.text}: repeats an earlier line`);
    }
  }
}
