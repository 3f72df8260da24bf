// Tickers and endless carousels repeat their whole run of items so the loop scrolls without a gap ("Vegan, Gluten-free,
// Non-GMO, Vegan, Gluten-free, Non-GMO, ..."): a reader sees one run, and the copies after it are layout.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { ITEM_MAX_CHARS, RUN_MIN_ITEMS, SAME_MAX_CHARS, SAME_MIN_COPIES } from './tunables.js';
import { squeezedText } from './textPieces.js';

/** Whether all the items are one short label, repeated. */
function oneLabel(kids: NodeStats[]): boolean {
  const first = kids[0];
  if (first.text > SAME_MAX_CHARS) return false;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (k.text !== first.text || k.el.localName !== first.el.localName) return false;
  }
  const text = squeezedText(first);
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (squeezedText(k) !== text) return false;
  }
  return true;
}

/** Keeps the first run of items in blocks whose children repeat one run of items over and over; extends `removed`. */
export function dropRepeatedRuns(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    const kids: NodeStats[] = [];
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (c.text > 0) kids.push(c);
    }
    const period =
      kids.length >= SAME_MIN_COPIES && oneLabel(kids) ? 1 : kids.length >= 2 * RUN_MIN_ITEMS ? repeatPeriod(kids) : 0;
    if (period > 0) {
      for (let i = period; i < kids.length; i++) removed.add(kids[i]);
      trace?.push(
        `drop ${kids.length - period} of ${kids.length} items under ` +
          `${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')}: ` +
          `copies of a run of ${period} items (a looping ticker)`,
      );
      continue;
    }
    for (let i = 0; i < kids.length; i++) stack.push(kids[i]);
  }
}

/** The shortest run length p (≥ RUN_MIN_ITEMS) such that the items repeat the first p items in order, whole runs at
 *  least twice; 0 when there is none. Lengths are compared first, so texts are read only for likely runs. */
function repeatPeriod(kids: NodeStats[]): number {
  const n = kids.length;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (k.text > ITEM_MAX_CHARS) return 0;
  }
  let texts: string[] | null = null;
  for (let p = RUN_MIN_ITEMS; 2 * p <= n; p++) {
    let same = true;
    for (let i = p; i < n && same; i++)
      if (kids[i].text !== kids[i - p].text || kids[i].el.localName !== kids[i - p].el.localName) same = false;
    if (!same) continue;
    texts ??= kids.map((k) => squeezedText(k));
    let equal = true;
    for (let i = p; i < n && equal; i++) if (texts[i] !== texts[i - p]) equal = false;
    // the run itself must vary: a list of one repeated label ("Add to cart" x6) is no looped run
    if (equal && new Set(texts.slice(0, p)).size > 1) return p;
  }
  return 0;
}
