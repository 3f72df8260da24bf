// Prune rule 'repeated-paragraphs' (threads): a paragraph repeating an earlier one word for word quotes an
// earlier post.
import { PARAGRAPH_BLOCKS } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import { describe } from './nodeNames.js';
import type { TraceSink } from './traceEvents.js';
import { REPEATED_PARAGRAPH_MIN_CHARS } from './tunables.js';
import { squeezedText } from './textPieces.js';

/** Marks paragraphs that repeat an earlier paragraph's exact text (see REPEATED_PARAGRAPH_MIN_CHARS). */
export function dropRepeatedParagraphs(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const seen = new Set<string>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text < REPEATED_PARAGRAPH_MIN_CHARS) continue;
    if (!PARAGRAPH_BLOCKS.has(s.el.localName) || s.paragraphs > 1) {
      for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
      continue;
    }
    const key = squeezedText(s);
    if (seen.has(key)) {
      removed.add(s);
      trace?.push(`drop ${describe(s)} text=${s.text}: repeats an earlier paragraph`);
    } else seen.add(key);
  }
}
