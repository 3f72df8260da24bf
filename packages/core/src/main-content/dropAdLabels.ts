// Sponsored cards and ad slots carry a label of their own ("Sponsored", "Advertisement", "Paid content"): it tells the
// reader the block is paid for, and is no part of the block's text (the card's name and blurb are).
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { LABEL_MAX_CHARS } from './tunables.js';

/** The whole text of an ad label. */
const AD_LABEL = new RegExp(
  String.raw`^(sponsored|sponsored (content|post|article|listing|product|result)s?|advertisements?` +
    String.raw`|paid (content|post|partnership)|anzeige|werbung|publicité|publicidad|pubblicità)$`,
  'i',
);
/** Headings are section names ("Advertisement" as a chapter of a privacy policy), not labels. */
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Drops ad labels inside `root`: a block whose whole text is AD_LABEL. Extends `removed`. */
export function dropAdLabels(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || s.inCode) continue;
    if (s.text <= LABEL_MAX_CHARS && !HEADING_TAGS.has(s.el.localName)) {
      if (AD_LABEL.test((s.el.textContent ?? '').replace(/\s+/g, ' ').trim())) {
        removed.add(s);
        dropped++;
      }
      continue; // a short block holds no longer label below it
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} ad labels ("Sponsored", "Advertisement")`);
}
