// On discussion pages every post carries its author's card: "Joined Jun 2016", "Messages 11", "Posts: 138",
// "Location Texas". The labels repeat in most posts while the values change; the post's own text never repeats a
// short label-and-value pair that way. Such pairs are dropped, and so is a short value standing alone that recurs word
// for word in most posts (the author's group: "Members", "Pre-Medical"). The author's name (the post's first text) and
// the post's date stay.
import { classHint, POSTER_COMPOUNDS } from './classHints.js';
import type { NodeStats } from './measureTree.js';
import { groupChildren } from './groupChildren.js';
import type { TraceSink } from './traceEvents.js';
import { LABEL_POST_SHARE, PAIR_MAX_CHARS, POSTER_FIELDS_LABEL_MAX_CHARS, POSTS_MIN } from './tunables.js';
import { squeezedText, wholeText } from './textPieces.js';

/** Post texts and code never hold author cards. */
const SKIP_TAGS = new Set(['p', 'pre', 'code', 'blockquote', 'table', 'h1', 'h2', 'h3']);

export function dropPosterFields(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    for (const c of s.children) if (c.children.length > 0) stack.push(c);
    if (s.children.length < POSTS_MIN) continue;
    const groups = groupChildren(s, postKey, (c) => c.text > 0 && !removed.has(c));
    for (const posts of groups.values()) {
      if (posts.length < POSTS_MIN) continue;
      const pairs = new Map<string, NodeStats[]>();
      const perPost = new Map<string, number>();
      const titled: NodeStats[] = [];
      for (const post of posts) {
        const seen = new Set<string>();
        const first = firstText(post, removed);
        const note = (key: string, pair: NodeStats): void => {
          const list = pairs.get(key);
          if (list) list.push(pair);
          else pairs.set(key, [pair]);
          if (!seen.has(key)) {
            seen.add(key);
            perPost.set(key, (perPost.get(key) ?? 0) + 1);
          }
        };
        const inner: NodeStats[] = [...post.children];
        while (inner.length > 0) {
          const n = inner.pop()!;
          if (n.text === 0 || removed.has(n)) continue;
          if (n.text <= PAIR_MAX_CHARS && isPosterPart(n)) {
            // the author's rank or banner ("Established Member"), set as a small heading that measuring kept
            titled.push(n);
            continue;
          }
          if (SKIP_TAGS.has(n.el.localName)) continue;
          if (n.el.localName === 'dl' && n.text <= PAIR_MAX_CHARS) {
            // a short definition list is a field whatever its label: icons often stand for "Joined" or "Messages"
            let labels = '';
            for (const c of n.children) if (c.el.localName === 'dt') labels += `${wholeText(c)}|`;
            note(`<dl>${signature(n)} ${labels.replace(/\s+/g, ' ').trim().toLowerCase()}`, n);
            // its fields are looked at too: a card whose first term is the author's name differs in every post
          }
          const pair = n.parent;
          if (
            n.text > POSTER_FIELDS_LABEL_MAX_CHARS ||
            n.linkText > 0 ||
            hasTextChild(n) ||
            pair === null ||
            pair === post
          ) {
            for (const c of n.children) inner.push(c);
            continue;
          }
          if (pair.text <= n.text || pair.text > PAIR_MAX_CHARS) {
            // a value alone (the author's group or status: "Members", "Pre-Medical", "Discussion starter", "Logged"):
            // it goes only where the very same words stand in most posts. The post's first text is its author's name
            // (a frequent poster's name recurs too), and dates and counts hold digits.
            if (n !== first) {
              const value = squeezedText(n).toLowerCase();
              if (value !== '' && !/\d/.test(value)) note(`=${value}`, n);
            }
            continue;
          }
          // the pair holds a value beside the label, and is short
          const key = squeezedText(n).replace(/:$/, '').toLowerCase();
          if (key === '' || /\d/.test(key)) continue; // numbers and dates are values, not labels
          note(key, pair);
        }
      }
      for (const n of titled) removed.add(n);
      if (titled.length > 0) trace?.push(`drop ${titled.length} author ranks/banners in posts ${signature(posts[0])}`);
      const needed = Math.max(POSTS_MIN, LABEL_POST_SHARE * posts.length);
      for (const [key, count] of perPost) {
        if (count < needed) continue;
        for (const pair of pairs.get(key)!) removed.add(pair);
        trace?.push(
          `drop "${key}" pairs in ${count} of ${posts.length} posts ${signature(posts[0])}: author card fields`,
        );
      }
    }
  }
}

/** The innermost block that opens a post's text: the author's name on every board, link or not. */
function firstText(post: NodeStats, removed: Set<NodeStats>): NodeStats {
  let s = post;
  for (;;) {
    let next: NodeStats | null = null;
    for (const c of s.children) {
      if (c.text > 0 && !removed.has(c)) {
        next = c;
        break;
      }
    }
    if (next === null) return s;
    s = next;
  }
}

function hasTextChild(s: NodeStats): boolean {
  for (const c of s.children) if (c.text > 0) return true;
  return false;
}

/** Posts alternate or flag their classes ("post bg1", "post bg2 online"): they are grouped by tag and first class. */
function postKey(s: NodeStats): string {
  const first = s.cls.trim().split(/\s+/, 1)[0] ?? '';
  return `${s.el.localName}.${first.replace(/\d+/g, '')}`;
}

/** An element whose class names an author-card part (see POSTER_COMPOUNDS in classHints). */
function isPosterPart(s: NodeStats): boolean {
  const hint = classHint(s.cls, s.el.getAttribute('id') ?? '');
  return hint.negative !== null && POSTER_COMPOUNDS.has(hint.negative);
}
