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
      if (posts.length >= POSTS_MIN) dropCardFields(posts, removed, signature, trace);
    }
  }
}

/** What the posts of one group hold: each field's blocks by key, how many posts hold the key, the rank banners. */
interface CardFields {
  pairs: Map<string, NodeStats[]>;
  perPost: Map<string, number>;
  titled: NodeStats[];
}

/** Drops the rank banners of a group of posts, and the fields found in most of its posts. */
function dropCardFields(
  posts: NodeStats[],
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  const fields: CardFields = { pairs: new Map(), perPost: new Map(), titled: [] };
  for (const post of posts) collectCardFields(post, removed, signature, fields);
  for (const n of fields.titled) removed.add(n);
  if (fields.titled.length > 0) {
    trace?.push(`drop ${fields.titled.length} author ranks/banners in posts ${signature(posts[0])}`);
  }
  const needed = Math.max(POSTS_MIN, LABEL_POST_SHARE * posts.length);
  for (const [key, count] of fields.perPost) {
    if (count < needed) continue;
    for (const pair of fields.pairs.get(key)!) removed.add(pair);
    trace?.push(`drop "${key}" pairs in ${count} of ${posts.length} posts ${signature(posts[0])}: author card fields`);
  }
}

/** Notes into `fields` the rank banners and the short label-and-value fields (or lone values) of one post. */
function collectCardFields(
  post: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  fields: CardFields,
): void {
  const seen = new Set<string>();
  const first = firstText(post, removed);
  const note = (key: string, pair: NodeStats): void => {
    const list = fields.pairs.get(key);
    if (list) list.push(pair);
    else fields.pairs.set(key, [pair]);
    if (!seen.has(key)) {
      seen.add(key);
      fields.perPost.set(key, (fields.perPost.get(key) ?? 0) + 1);
    }
  };
  const inner: NodeStats[] = [...post.children];
  while (inner.length > 0) {
    const n = inner.pop()!;
    if (n.text === 0 || removed.has(n)) continue;
    if (n.text <= PAIR_MAX_CHARS && isPosterPart(n)) {
      // the author's rank or banner ("Established Member"), set as a small heading that measuring kept
      fields.titled.push(n);
      continue;
    }
    if (SKIP_TAGS.has(n.el.localName)) continue;
    if (n.el.localName === 'dl' && n.text <= PAIR_MAX_CHARS) {
      // a short definition list is a field whatever its label: icons often stand for "Joined" or "Messages"
      note(definitionListKey(n, signature), n);
      // its fields are looked at too: a card whose first term is the author's name differs in every post
    }
    const pair = n.parent;
    if (n.text > POSTER_FIELDS_LABEL_MAX_CHARS || n.linkText > 0 || hasTextChild(n) || pair === null || pair === post) {
      for (const c of n.children) inner.push(c);
      continue;
    }
    const field = fieldOf(n, pair, first);
    if (field !== null) note(field.key, field.block);
  }
}

/** A definition list's field key: its signature and its terms. */
function definitionListKey(n: NodeStats, signature: (s: NodeStats) => string): string {
  let labels = '';
  for (const c of n.children) if (c.el.localName === 'dt') labels += `${wholeText(c)}|`;
  return `<dl>${signature(n)} ${labels.replace(/\s+/g, ' ').trim().toLowerCase()}`;
}

/** A short block's field, keyed by its label (the block noted is the label-and-value pair) or, for a value standing
 *  alone, by its words; null for what is no field. */
function fieldOf(n: NodeStats, pair: NodeStats, first: NodeStats): { key: string; block: NodeStats } | null {
  if (pair.text <= n.text || pair.text > PAIR_MAX_CHARS) {
    // a value alone (the author's group or status: "Members", "Pre-Medical", "Discussion starter", "Logged"):
    // it goes only where the very same words stand in most posts. The post's first text is its author's name
    // (a frequent poster's name recurs too), and dates and counts hold digits.
    if (n === first) return null;
    const value = squeezedText(n).toLowerCase();
    return value !== '' && !/\d/.test(value) ? { key: `=${value}`, block: n } : null;
  }
  // the pair holds a value beside the label, and is short
  const key = squeezedText(n).replace(/:$/, '').toLowerCase();
  if (key === '' || /\d/.test(key)) return null; // numbers and dates are values, not labels
  return { key, block: pair };
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
