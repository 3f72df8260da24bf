// Prune rule 'tables-of-contents': link-dense blocks whose links nearly all point inside the page.
import type { NodeStats } from './measureTree.js';
import { describe } from './nodeNames.js';
import type { TraceSink } from './traceEvents.js';
import { TOC_ANCHOR_SHARE, TOC_MAX_SHARE, TOC_MIN_LINK_DENSITY, TOC_MIN_LINKS } from './tunables.js';

/** Drops tables of contents: link-dense blocks whose links point inside the page (see TOC_MIN_LINKS). */
export function dropTablesOfContents(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const limit = TOC_MAX_SHARE * root.text;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.linkText === 0) continue;
    if (s.text <= limit && s.linkText >= TOC_MIN_LINK_DENSITY * s.text && !s.isLink) {
      const links = s.el.getElementsByTagName('a');
      let anchors = 0;
      for (let i = 0; i < links.length; i++) if ((links[i].getAttribute('href') ?? '').startsWith('#')) anchors++;
      if (links.length >= TOC_MIN_LINKS && anchors >= TOC_ANCHOR_SHARE * links.length) {
        removed.add(s);
        trace?.push(
          `drop ${describe(s)} text=${s.text}: a table of contents ` +
            `(${anchors} of ${links.length} links are in-page anchors)`,
        );
        continue;
      }
      if (links.length < TOC_MIN_LINKS) continue; // nothing below can hold enough links
    }
    for (const c of s.children) stack.push(c);
  }
}
