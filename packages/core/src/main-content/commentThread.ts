// Recognises pages that are a comment thread although neither their URL nor their JSON-LD says so (link aggregators,
// story pages whose "story" is a bare link): there the comments ARE the page, and reading them as chrome leaves only
// the sidebar.
import { COMMENT_WORDS } from './classHints.js';
import type { MeasuredTree, NodeStats } from './measureTree.js';

/** Comment-labelled blocks must hold this many times the page's other readable text ("good")... */
export const COMMENT_PAGE_RATIO = 5;
/** ...and at least this much non-link text, so a few short remarks under an empty page do not count. */
export const COMMENT_PAGE_MIN_CHARS = 500;
/** A page that declares itself an article (og:type, JSON-LD) is a story with comments under it, unless the story
 *  has almost no text of its own (a link aggregator's story is a bare link): below this much "good" text. */
export const COMMENT_PAGE_ARTICLE_MAX_GOOD = 300;

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
