// Recognises pages that are a comment thread although neither their URL nor their JSON-LD says so (link aggregators,
// story pages whose "story" is a bare link): there the comments ARE the page, and reading them as chrome leaves only
// the sidebar.
import { COMMENT_WORDS } from './classHints.js';
import type { MeasuredTree, NodeStats } from './measureTree.js';
import { COMMENT_PAGE_ARTICLE_MAX_GOOD, COMMENT_PAGE_MIN_CHARS, COMMENT_PAGE_RATIO } from './tunables.js';

/** Non-link characters inside the outermost comment-labelled blocks that are not inside other chrome. Call after
 *  relabelLargeJunk and computeGood on a tree measured with comments read as chrome. */
export function commentChars(tree: MeasuredTree): number {
  let chars = 0;
  const stack: NodeStats[] = [tree.root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    for (const c of s.children) {
      // a comment container large enough to have been relabelled as content still counts as comments
      if (COMMENT_WORDS.has(c.junkWord ?? '')) chars += c.text - c.linkText;
      else if (c.junk === 0) stack.push(c);
    }
  }
  return chars;
}

/** Whether the comment-labelled text dwarfs the rest of the page (see COMMENT_PAGE_RATIO). */
export function isCommentThread(tree: MeasuredTree, articleLike: boolean): boolean {
  if (articleLike && tree.root.good >= COMMENT_PAGE_ARTICLE_MAX_GOOD) return false;
  const chars = commentChars(tree);
  return chars >= COMMENT_PAGE_MIN_CHARS && chars >= COMMENT_PAGE_RATIO * tree.root.good;
}
