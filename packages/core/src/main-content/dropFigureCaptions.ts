// Figure captions (<figcaption>): both benchmark truths leave a picture's caption out of the text. (Credits and
// captions written without the element are matched by their words: dropVocabularyBoilerplate.)
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';

/** Drops figure captions (<figcaption>) inside `root`. */
export function dropFigureCaptions(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  let dropped = 0;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    if (s.el.localName === 'figcaption') {
      removed.add(s);
      dropped++;
      continue;
    }
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} figure captions`);
}
