// Stage 4a, prune blocks: one walk down the chosen root that drops whole blocks labelled or shaped as chrome (a
// chrome tag or class word, a link-dense menu, a widget of buttons, a cookie banner), looking through
// the items of lists, whose links and buttons belong to them.
// Contract: reads the measured tree under `root` (labels as the classify stage left them); returns the blocks to drop
// and changes nothing else. The tests it applies, in order, are registry entries without `apply` (switches):
// 'listing-root', 'repeated-junk-groups', 'prune-link-dense', 'prune-controls', 'prune-cookie-banner';
// the chrome tag and class tests are fixed.
import {
  AD_WORDS,
  BLOCK_TAGS,
  CELL_TAGS,
  CONSENT_TEXT,
  COOKIE_TEXT,
  LANDMARK_ROLES,
  LANDMARK_TAGS,
} from './blockWords.js';
import { closestWhere, hasTag } from '../html/elementQueries.js';
import { classHint, COMMENT_WORDS, LEGAL_WORDS, SIGNATURE_WORDS } from './classHints.js';
import {
  holdsItemHeading,
  holdsItemPrice,
  holdsItems,
  holdsItemTitle,
  isCardHeading,
  isDirectoryList,
  isPricedListItem,
  wrapsItem,
} from './itemShape.js';
import type { NodeStats } from './measureTree.js';
import { describe, signature } from './nodeNames.js';
import type { RuleSwitch } from './ruleContext.js';
import type { Tracer } from './traceEvents.js';
import { plain } from './treeRelations.js';
import {
  CHARS_PER_BARE_CONTROL_MIN,
  CHARS_PER_CONTROL_MIN,
  CONTROLS_MIN,
  COOKIE_LEAD_CHARS,
  COOKIE_MAX_CHARS,
  HARD_JUNK_KEEP_SHARE,
  ITEM_META_MAX_CHARS,
  LINK_DENSITY_MAX,
  LINKY_KEEP_SHARE,
  LISTING_LINK_DENSITY,
  REPEATED_ITEM_MIN,
  REPEATED_JUNK_MIN,
  REPEATED_JUNK_SHARE,
  SOFT_JUNK_KEEP_SHARE,
} from './tunables.js';
import { wholeText } from './textPieces.js';

/** What each test's reason says, and the rule id its trace events carry. */
const REASON_RULES = {
  'chrome tag/role': 'chrome-tag',
  'chrome class/id': 'chrome-class',
  'link-dense': 'prune-link-dense',
  controls: 'prune-controls',
  'cookie banner': 'prune-cookie-banner',
} as const;
type Reason = keyof typeof REASON_RULES;

/** The blocks under `root` to drop whole (see the stage's contract above). */
export function pruneBlocks(root: NodeStats, discussion: boolean, on: RuleSwitch, tracer: Tracer): Set<NodeStats> {
  const removed = new Set<NodeStats>();
  const total = Math.max(1, plain(root));
  const totalText = Math.max(1, root.text);
  // the root's landmark chrome (a page banner's menus, the footer's link columns) goes anyway: its links do not make
  // the root a listing
  const landmarks = landmarkChrome(root);
  const listing =
    on('listing-root') && root.linkText - landmarks.linkText > LISTING_LINK_DENSITY * (root.text - landmarks.text);
  // one read of the root's text spares a read of every small block's on the many pages that never mention cookies
  const cookies = COOKIE_TEXT.test(wholeText(root));
  if (listing) tracer.sink('prune', 'listing-root')?.push('root is link-dense: a listing, its link blocks stay');
  const contentGroups = on('repeated-junk-groups') ? repeatedJunkGroups(root, total, !discussion) : new Set<string>();
  const groupTrace = contentGroups.size > 0 ? tracer.sink('prune', 'repeated-junk-groups') : undefined;
  for (const g of contentGroups) groupTrace?.push(`class-labelled group ${g} repeats across the root: kept as content`);
  const walk: PruneWalk = { total, totalText, contentGroups, cookies, on };
  const stack: PruneFrame[] = [{ s: root, trustLinks: listing, trustClass: false, item: null }];
  while (stack.length > 0) pruneChildren(stack.pop()!, walk, tracer, removed, stack);
  return removed;
}

const NO_SIGNATURES: ReadonlyMap<string, number> = new Map();

/** Drops the children of `frame`'s block that a test names chrome; pushes the others, with what they are granted. */
function pruneChildren(
  frame: PruneFrame,
  walk: PruneWalk,
  tracer: Tracer,
  removed: Set<NodeStats>,
  stack: PruneFrame[],
): void {
  const { s, trustLinks, trustClass, item: outer } = frame;
  // fewer children than an item group needs: no child is an item (most blocks have one or two children)
  const few = s.children.length < REPEATED_ITEM_MIN;
  // (no map for the many blocks with fewer children: one per block was a steady allocation)
  let signatures: ReadonlyMap<string, number> = NO_SIGNATURES;
  let listItems = 0;
  if (!few) {
    const counts = new Map<string, number>();
    for (const c of s.children) {
      const sig = signature(c);
      counts.set(sig, (counts.get(sig) ?? 0) + 1);
      if (c.el.localName === 'li') listItems++;
    }
    signatures = counts;
  }
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    const item = !few && ((signatures.get(signature(c)) ?? 0) >= REPEATED_ITEM_MIN || isPricedListItem(c, listItems));
    const linkDense = c.text > 0 && c.linkText / c.text > LINK_DENSITY_MAX && BLOCK_TAGS.has(c.el.localName);
    const why = pruneReason(c, frame, item, linkDense, walk);
    if (why !== null) {
      removed.add(c);
      tracer.sink('prune', REASON_RULES[why])?.push(`drop ${describe(c)} text=${c.text} link=${c.linkText}: ${why}`);
    } else {
      stack.push({
        s: c,
        trustLinks: trustLinks || (linkDense && c.text / walk.totalText >= LINKY_KEEP_SHARE),
        trustClass: trustClass || c.junk === 'soft',
        item: item && c.text > 0 && !CELL_TAGS.has(c.el.localName) ? c : outer,
      });
    }
  }
}

/** What the whole walk knows of the root: its plain text and text, its content groups, whether it speaks of cookies. */
interface PruneWalk {
  total: number;
  totalText: number;
  contentGroups: Set<string>;
  cookies: boolean;
  on: RuleSwitch;
}

/** A block on the walk's stack, with what its ancestors grant its children: links trusted (inside a listing or a
 *  large link-dense block), classes trusted (inside a class-labelled block that stayed), and the item around it. */
interface PruneFrame {
  s: NodeStats;
  trustLinks: boolean;
  trustClass: boolean;
  item: NodeStats | null;
}

/** Why the child `c` of `frame`'s block goes (the first test that drops it), or null when it stays. */
function pruneReason(
  c: NodeStats,
  frame: PruneFrame,
  item: boolean,
  linkDense: boolean,
  walk: PruneWalk,
): Reason | null {
  const share = plain(c) / walk.total;
  if (c.junk === 'hard' && share < HARD_JUNK_KEEP_SHARE && !isInlineAside(c)) return 'chrome tag/role';
  if (c.junk === 'soft' && !frame.trustClass && share < SOFT_JUNK_KEEP_SHARE && !walk.contentGroups.has(junkKey(c)))
    return 'chrome class/id';
  if (linkDense && walk.on('prune-link-dense') && !frame.trustLinks && isLinkChrome(c, frame.item, item, walk))
    return 'link-dense';
  // a card wrapped in its own item (<li><div class="card">) carries its swatches and size buttons: it is the item
  if (c.controls >= CONTROLS_MIN && walk.on('prune-controls') && isControlsChrome(c, frame.item, item, share))
    return 'controls';
  if (walk.cookies && walk.on('prune-cookie-banner') && c.text <= COOKIE_MAX_CHARS && isCookieBanner(c))
    return 'cookie banner';
  return null;
}

/** Whether a link-dense block is a menu: not an item nor an item's part (its title, its heading), not a large share
 *  of the text, not a directory. */
function isLinkChrome(c: NodeStats, outer: NodeStats | null, item: boolean, walk: PruneWalk): boolean {
  return (
    !item &&
    !wrapsItem(c, outer) &&
    c.text / walk.totalText < LINKY_KEEP_SHARE &&
    !holdsItemTitle(c, outer) &&
    !isCardHeading(c, outer) &&
    !isDirectoryList(c)
  );
}

/** Whether a block with many controls for its text is a widget that is no item and holds no items nor an item's
 *  heading or price. */
function isControlsChrome(c: NodeStats, outer: NodeStats | null, item: boolean, share: number): boolean {
  return (
    c.text / c.controls < CHARS_PER_CONTROL_MIN &&
    isWidget(c) &&
    !item &&
    !wrapsItem(c, outer) &&
    share < LINKY_KEEP_SHARE &&
    !holdsItems(c) &&
    !holdsItemHeading(c, outer) &&
    !holdsItemPrice(c, outer)
  );
}

/** Whether a block's controls make it a widget: buttons without a visible label (an info icon beside each row of a
 *  specification table, an image's zoom button) act on the text beside them and do not count. Walked only for the
 *  few blocks the controls test would drop. */
function isWidget(block: NodeStats): boolean {
  let bare = 0;
  const stack = [...block.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.controls === 0) continue;
    if (s.el.localName === 'button' && s.text === 0) bare++;
    else for (const c of s.children) stack.push(c);
  }
  const labelled = block.controls - bare;
  if (labelled >= CONTROLS_MIN && block.text / labelled < CHARS_PER_CONTROL_MIN) return true;
  // a gallery's thumbnails and dots: unlabelled buttons with hardly any text between them
  return block.text / block.controls < CHARS_PER_BARE_CONTROL_MIN;
}

/** An <aside> inside an article that is plain prose (a pull quote, a note) belongs to the article. */
function isInlineAside(s: NodeStats): boolean {
  if (s.el.localName !== 'aside' && s.role !== 'complementary') return false;
  // an aside whose class names chrome (a forum post's "message-signature", a "related-posts" box) is that chrome
  if (classHint(s.cls, s.el.getAttribute('id') ?? '').negative !== null) return false;
  return closestWhere(s.el, isArticle) !== null && s.text > 0 && s.linkText / s.text < 0.3 && s.controls === 0;
}

const ARTICLE = new Set(['article']);
const isArticle = (el: Element): boolean => hasTag(el, ARTICLE);

function isCookieBanner(s: NodeStats): boolean {
  if (s.text === 0 || s.text > COOKIE_MAX_CHARS) return false;
  const text = wholeText(s);
  // a banner opens with its subject ("We use cookies..."); a story that mentions cookies further down is not one
  const lead = text
    .trimStart()
    .slice(0, 2 * COOKIE_LEAD_CHARS)
    .replace(/\s+/g, ' ')
    .slice(0, COOKIE_LEAD_CHARS);
  if (!COOKIE_TEXT.test(lead) || !CONSENT_TEXT.test(text)) return false;
  return s.controls > 0 || s.linkText > 0 || s.role === 'dialog';
}

/** Text and link text of the landmark chrome (tags and roles: header, footer, nav, aside) inside `root`, each block
 *  counted once (nested landmarks are inside the outer one). */
function landmarkChrome(root: NodeStats): { text: number; linkText: number } {
  let text = 0;
  let linkText = 0;
  const stack: NodeStats[] = root.children.slice();
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk === 'hard' && isLandmark(s)) {
      text += s.text;
      linkText += s.linkText;
      continue;
    }
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
  return { text, linkText };
}

function isLandmark(s: NodeStats): boolean {
  const role = s.role;
  return LANDMARK_TAGS.has(s.el.localName) || (role !== null && LANDMARK_ROLES.has(role));
}

/** Keys (see junkKey) of class-labelled blocks that repeat inside the root and together hold a large share of its
 *  text. With `perItemMeta`, short blocks found once in each of several items count too (not in threads: there the
 *  repeated short blocks are each poster's card, signature and badges). */
function repeatedJunkGroups(root: NodeStats, total: number, perItemMeta: boolean): Set<string> {
  const groups = new Map<string, { count: number; chars: number; text: number; parents: Set<NodeStats | null> }>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      // an ad slot that links nowhere is its label alone ("Advertisement"), not a part of every item
      if (c.junk === 'soft' && AD_WORDS.has(c.junkWord ?? '') && c.links === 0) continue;
      if (c.junk === 'soft' && !repeatsByNature(c)) {
        const key = junkKey(c);
        const g = groups.get(key) ?? { count: 0, chars: 0, text: 0, parents: new Set<NodeStats | null>() };
        g.count++;
        g.chars += plain(c);
        g.text += c.text;
        g.parents.add(c.parent);
        groups.set(key, g);
      } else if (c.junk !== 'hard') {
        stack.push(c);
      }
    }
  }
  const out = new Set<string>();
  for (const [key, g] of groups) {
    if (g.count < REPEATED_JUNK_MIN) continue;
    // one short block in each of several cards (a teaser's byline, date, category): part of every item
    const perItem = perItemMeta && g.parents.size >= REPEATED_JUNK_MIN && g.text <= ITEM_META_MAX_CHARS * g.count;
    if (perItem || g.chars >= REPEATED_JUNK_SHARE * total) out.add(key);
  }
  return out;
}

/** Comments, signatures and fine print repeat by nature; on articles a long thread is still not the story. */
function repeatsByNature(c: NodeStats): boolean {
  const word = c.junkWord ?? '';
  return COMMENT_WORDS.has(word) || SIGNATURE_WORDS.has(word) || LEGAL_WORDS.has(word);
}

/** A class-labelled block's signature and the word that labels it (see REPEATED_JUNK_MIN). */
function junkKey(s: NodeStats): string {
  return `${signature(s)} ${s.junkWord ?? ''}`;
}
