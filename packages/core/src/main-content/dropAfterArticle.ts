// The end of the story: a root that holds the page's one <article> (or its itemprop="articleBody" element) holds it
// together with what a template prints after it: author cards, reviewers' notes and source lists, testimonials,
// "other related articles" teasers, app and newsletter promos. The page itself says where its story ends, so the
// blocks that follow the article inside the root go. Only when the article is most of the root's kept text and the
// only one of its kind there: several <article>s are posts or teaser cards, and then none of them ends the page.
import { STORY_BODY_CLASSES } from './blockWords.js';
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { ARTICLE_END_MIN_SHARE, ARTICLE_END_OTHER_SHARE } from './tunables.js';

const ARTICLE_BODY = /(^|\s)articlebody(\s|$)/i;

/** What marks the story: the <article> element or itemprop="articleBody" ('article'); the story-body class of a
 *  publishing system or role="article" ('body-class'). */
export type StoryMark = 'article' | 'body-class';

function isArticle(s: NodeStats): boolean {
  if (s.el.localName === 'article') return true;
  const prop = s.itemprop;
  return prop !== null && ARTICLE_BODY.test(prop);
}

/** Whether a class list may hold one of STORY_BODY_CLASSES: each name as a whole class, in any case. A necessary
 *  condition for hasBodyClass's word test (case folding with the `u` flag matches every spelling that lower-cases to
 *  a name, the Kelvin sign too), and one regex test a block where the split and lower-casing made strings for
 *  every class of every block under the root. */
const STORY_BODY_HINT = new RegExp(
  String.raw`(?:^|\s)(?:${[...STORY_BODY_CLASSES].map(escapeRegex).join('|')})(?=\s|$)`,
  'iu',
);

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hasBodyClass(s: NodeStats): boolean {
  if (s.role === 'article') return true;
  if (s.cls === '') return false;
  if (!STORY_BODY_HINT.test(s.cls)) return false;
  for (const c of s.cls.split(/\s+/)) if (STORY_BODY_CLASSES.has(c.toLowerCase())) return true;
  return false;
}

/** Text of `s` not inside a dropped block. */
function keptText(s: NodeStats, removed: Set<NodeStats>): number {
  if (removed.has(s)) return 0;
  let inChildren = 0;
  let kept = 0;
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    inChildren += c.text;
    kept += keptText(c, removed);
  }
  return s.text - inChildren + kept;
}

/** Drops what follows the root's one article (see above). */
export function dropAfterArticle(root: NodeStats, removed: Set<NodeStats>, mark: StoryMark, trace?: TraceSink): void {
  const isStory = mark === 'article' ? isArticle : hasBodyClass;
  const total = keptText(root, removed);
  if (total === 0) return;
  const best = oneArticle(storiesUnder(root, removed, isStory), total);
  if (best === null) return;
  let dropped = 0;
  for (let s = best; s !== root && s.parent !== null; s = s.parent) {
    const siblings = s.parent.children;
    for (let i = siblings.indexOf(s) + 1; i < siblings.length; i++) {
      const next = siblings[i];
      const kept = removed.has(next) ? 0 : keptText(next, removed);
      if (kept === 0) continue;
      removed.add(next);
      dropped += kept;
    }
  }
  if (dropped > 0) trace?.push(`drop ${dropped} characters after the page's one article (${mark})`);
}

/** A story block under the root with the text it keeps. */
interface Story {
  s: NodeStats;
  kept: number;
}

/** The outermost story blocks under `root` that hold text, with the text each keeps. */
function storiesUnder(root: NodeStats, removed: Set<NodeStats>, isStory: (s: NodeStats) => boolean): Story[] {
  const articles: Story[] = [];
  const stack = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    if (isStory(s)) {
      const kept = keptText(s, removed);
      // an itemprop body inside the <article> (or the reverse): the outer one is the article
      if (!articles.some((a) => a.s.el.contains(s.el))) articles.push({ s, kept });
    }
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
  return articles;
}

/** The story that keeps the most text when it keeps enough of the root's and no other story (outside it) keeps much:
 *  the page's one article; else null. */
function oneArticle(articles: Story[], total: number): NodeStats | null {
  let best: Story | null = null;
  for (const a of articles) if (best === null || a.kept > best.kept) best = a;
  if (best === null || best.kept < ARTICLE_END_MIN_SHARE * total) return null;
  for (const a of articles)
    if (a !== best && !best.s.el.contains(a.s.el) && a.kept >= ARTICLE_END_OTHER_SHARE * total) return null;
  return best.s;
}
