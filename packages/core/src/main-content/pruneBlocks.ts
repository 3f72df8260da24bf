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
  const stack: Array<{ s: NodeStats; trustLinks: boolean; trustClass: boolean; item: NodeStats | null }> = [
    { s: root, trustLinks: listing, trustClass: false, item: null },
  ];
  while (stack.length > 0) {
    const { s, trustLinks, trustClass, item: outer } = stack.pop()!;
    // fewer children than an item group needs: no child is an item (most blocks have one or two children)
    const few = s.children.length < REPEATED_ITEM_MIN;
    const signatures = new Map<string, number>();
    let listItems = 0;
    if (!few) {
      for (const c of s.children) {
        const sig = signature(c);
        signatures.set(sig, (signatures.get(sig) ?? 0) + 1);
        if (c.el.localName === 'li') listItems++;
      }
    }
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      const share = plain(c) / total;
      const item = !few && ((signatures.get(signature(c)) ?? 0) >= REPEATED_ITEM_MIN || isPricedListItem(c, listItems));
      const linkDense = c.text > 0 && c.linkText / c.text > LINK_DENSITY_MAX && BLOCK_TAGS.has(c.el.localName);
      let why: Reason | null = null;
      if (c.junk === 'hard' && share < HARD_JUNK_KEEP_SHARE && !isInlineAside(c)) why = 'chrome tag/role';
      else if (c.junk === 'soft' && !trustClass && share < SOFT_JUNK_KEEP_SHARE && !contentGroups.has(junkKey(c)))
        why = 'chrome class/id';
      else if (
        linkDense &&
        on('prune-link-dense') &&
        !trustLinks &&
        !item &&
        !wrapsItem(c, outer) &&
        c.text / totalText < LINKY_KEEP_SHARE &&
        !holdsItemTitle(c, outer) &&
        !isCardHeading(c, outer) &&
        !isDirectoryList(c)
      )
        why = 'link-dense';
      // a card wrapped in its own item (<li><div class="card">) carries its swatches and size buttons: it is the item
      else if (
        c.controls >= CONTROLS_MIN &&
        on('prune-controls') &&
        c.text / c.controls < CHARS_PER_CONTROL_MIN &&
        isWidget(c) &&
        !item &&
        !wrapsItem(c, outer) &&
        share < LINKY_KEEP_SHARE &&
        !holdsItems(c) &&
        !holdsItemHeading(c, outer) &&
        !holdsItemPrice(c, outer)
      )
        why = 'controls';
      else if (cookies && on('prune-cookie-banner') && c.text <= COOKIE_MAX_CHARS && isCookieBanner(c))
        why = 'cookie banner';
      if (why !== null) {
        removed.add(c);
        tracer.sink('prune', REASON_RULES[why])?.push(`drop ${describe(c)} text=${c.text} link=${c.linkText}: ${why}`);
      } else {
        stack.push({
          s: c,
          trustLinks: trustLinks || (linkDense && c.text / totalText >= LINKY_KEEP_SHARE),
          trustClass: trustClass || c.junk === 'soft',
          item: item && c.text > 0 && !CELL_TAGS.has(c.el.localName) ? c : outer,
        });
      }
    }
  }
  return removed;
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
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk === 'hard' && isLandmark(s)) {
      text += s.text;
      linkText += s.linkText;
      continue;
    }
    for (const c of s.children) stack.push(c);
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
    for (const c of s.children) {
      // an ad slot that links nowhere is its label alone ("Advertisement"), not a part of every item
      if (c.junk === 'soft' && AD_WORDS.has(c.junkWord ?? '') && c.links === 0) continue;
      if (
        c.junk === 'soft' &&
        !COMMENT_WORDS.has(c.junkWord ?? '') &&
        !SIGNATURE_WORDS.has(c.junkWord ?? '') &&
        !LEGAL_WORDS.has(c.junkWord ?? '')
      ) {
        // comments, signatures and fine print repeat by nature; on articles a long thread is still not the story
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

/** A class-labelled block's signature and the word that labels it (see REPEATED_JUNK_MIN). */
function junkKey(s: NodeStats): string {
  return `${signature(s)} ${s.junkWord ?? ''}`;
}
