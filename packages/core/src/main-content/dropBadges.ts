// Shop cards carry status badges ("Best seller", "Sold out", "New", "-30%") stamped on the picture: a class naming the
// badge, a few words, the same block in every card. They label the item for the eye; the item's text is its name,
// price and blurb.
import type { NodeStats } from './measureTree.js';
import { PRICE_TEXT } from './priceText.js';
import type { TraceSink } from './traceEvents.js';
import {
  BADGES_CARD_MAX_CHARS,
  BADGE_MAX_CHARS,
  BADGE_MIN_COUNT,
  CARD_MIN_CHARS,
  CARD_SEARCH_DEPTH,
  TOKEN_CACHE_MAX,
} from './tunables.js';
import { wholeText } from './textPieces.js';

/** Class words of card badges. */
const BADGE_WORDS = new Set(['badge', 'flag', 'flags', 'ribbon', 'sticker', 'stamp']);

/** Whether the card around `s` (its first ancestor holding more than the badge) shows a price. */
function inPricedCard(s: NodeStats): boolean {
  let p = s.parent;
  for (let depth = 0; p !== null && depth < CARD_SEARCH_DEPTH; depth++, p = p.parent) {
    if (p.text > BADGES_CARD_MAX_CHARS) return false;
    if (p.text >= CARD_MIN_CHARS + s.text) return PRICE_TEXT.test(wholeText(p));
  }
  return false;
}

/** Headings name the item even when styled as a badge. */
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const tokenCache = new Map<string, boolean>();

/** Every badge word inside a class string, in any case: a class string without one names no badge. (Lower-casing
 *  turns no other character into these letters but the Kelvin sign's "k", which none of them holds.) */
const BADGE_HINT = /badge|flag|ribbon|sticker|stamp/i;

function namesBadge(cls: string): boolean {
  // most class strings hold no badge word: answered without a lower-cased copy or a cache entry
  if (!BADGE_HINT.test(cls)) return false;
  let hit = tokenCache.get(cls);
  if (hit === undefined) {
    hit = cls
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some((t) => BADGE_WORDS.has(t));
    if (tokenCache.size > TOKEN_CACHE_MAX) tokenCache.clear();
    tokenCache.set(cls, hit);
  }
  return hit;
}

/** Drops short badge-named blocks of one signature found in at least BADGE_MIN_COUNT places inside `root`, most of
 *  them on priced cards. One walk of the root; prices are read only for the few badge blocks. */
export function dropBadges(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  const found = new Map<string, NodeStats[]>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (
      s !== root &&
      s.text > 0 &&
      s.text <= BADGE_MAX_CHARS &&
      s.cls !== '' &&
      !s.inCode &&
      !HEADING_TAGS.has(s.el.localName) &&
      namesBadge(s.cls)
    ) {
      const sig = signature(s);
      const list = found.get(sig);
      if (list) list.push(s);
      else found.set(sig, [s]);
      continue;
    }
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (c.text > 0) stack.push(c);
    }
  }
  for (const [sig, list] of found) {
    if (list.length < BADGE_MIN_COUNT) continue;
    let priced = 0;
    for (const s of list) if (inPricedCard(s)) priced++;
    if (2 * priced < list.length) continue;
    for (const s of list) removed.add(s);
    trace?.push(`drop ${list.length} badges ${sig}: card status labels`);
  }
}
