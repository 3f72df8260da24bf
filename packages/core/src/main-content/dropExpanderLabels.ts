// Folded text comes with its toggle: "Read more", "Show less", "Click to expand..." set as a bare line (a <span> or
// <div> a script listens to, not a link). We read the folded text anyway, so the toggle's label is only chrome.
// Inside a link it names where the card leads and stays with the card.
import type { NodeStats } from './measureTree.js';
import { trimTrailingSpaceAnd } from '../text/trailingRun.js';
import type { TraceSink } from './traceEvents.js';
import { EXPANDER_MAX_CHARS } from './tunables.js';

/** The whole label of a toggle, trailing dots and arrows aside. */
const EXPANDER_LABEL = /^((read|show|see|view) (more|less)|click to (expand|shrink)|expand|collapse)$/i;

/** Drops toggle labels inside `root` (see EXPANDER_LABEL); only short blocks outside links are read. */
export function dropExpanderLabels(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    // a link's text is its target's name: cards keep their "Read more"
    if (s.text === 0 || s.linkText > 0 || s.el.localName === 'a' || removed.has(s)) continue;
    if (s.text <= EXPANDER_MAX_CHARS) {
      if (!s.inCode && EXPANDER_LABEL.test(trimTrailingSpaceAnd(s.el.textContent ?? '', '»›→>.…+-').trim())) {
        removed.add(s);
        dropped++;
      }
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} toggle labels ("Read more", "Show less")`);
}
