// A <select> goes as a control (sort order, page size, view), but its caption stays behind on its own: "Sort:",
// "Show:", "View Options", with the shown choice beside it ("Sort: Best Match"). A block that holds a dropped select
// and only a few characters more is that select's caption and goes with it.
import type { NodeStats } from './measureTree.js';
import { isInside } from './treeRelations.js';
import type { TraceSink } from './traceEvents.js';
import { SELECT_CAPTION_MAX_CHARS } from './tunables.js';

/** Drops the widest block around each removed <select> inside `root` whose other text is a caption (see above). */
export function dropSelectCaptions(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const selects: NodeStats[] = [];
  for (const s of removed) if (s.el.localName === 'select' && s.text > 0 && s !== root) selects.push(s);
  if (selects.length === 0) return;
  // the select text each ancestor holds, so that a bar with two selects ("View ( ... ) Sort ( ... )") is judged whole
  const selectText = new Map<NodeStats, number>();
  const inRoot: NodeStats[] = [];
  for (const sel of selects) {
    if (!isInside(sel, root)) continue;
    inRoot.push(sel);
    for (let a = sel.parent; a !== null && a !== root; a = a.parent)
      selectText.set(a, (selectText.get(a) ?? 0) + sel.text);
  }
  let dropped = 0;
  for (const sel of inRoot) {
    let widest: NodeStats | null = null;
    for (let a = sel.parent; a !== null && a !== root && !removed.has(a); a = a.parent) {
      if (a.text - (selectText.get(a) ?? 0) > SELECT_CAPTION_MAX_CHARS) break;
      widest = a;
    }
    if (widest !== null && !removed.has(widest)) {
      removed.add(widest);
      dropped++;
      trace?.push(`drop ${widest.el.localName} text=${widest.text}: caption of a dropped select`);
    }
  }
  if (dropped > 0) trace?.push(`drop ${dropped} select captions ("Sort:", "Show:")`);
}
