// Customer reviews are not always labelled "review": widgets name their cards after themselves. Their text gives them
// away: each card carries a star rating ("Rated 4 out of 5 stars") or a reviewer's verdict ("I recommend this
// product").
import type { NodeStats } from './measureTree.js';
import { groupChildren } from './groupChildren.js';
import { PRICE_TEXT } from './priceText.js';
import { READER_WORDS } from './classHints.js';
import type { TraceSink } from './traceEvents.js';
import { RATED_REVIEWS_CARD_MAX_CHARS, RATED_SHARE, REVIEWS_MIN } from './tunables.js';
import { wholeText } from './textPieces.js';

/** What a customer review's card says and a product's own text does not. */
const REVIEW_TEXT = new RegExp(
  String.raw`\b(?:rated )?[0-5](?:[.,]\d)? out of 5(?: stars)?\b|\b(?:yes|no),? I (?:would )?recommend this\b` +
    String.raw`|\bwas this review helpful\b|\bverified (?:purchase|buyer|reviewer)\b`,
  'i',
);
/** When a review was written ("on 4 March 2026", "August 21, 2019", "1 year ago"): with a rating or a verdict, it
 *  makes a card a customer's review on any page, while a product card carries a rating without a date. (A year
 *  may run into the next word: "4 March 2026Verified Purchase".) */
const REVIEW_DATE = new RegExp(
  String.raw`\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}` +
    String.raw`(?!\d)|\b\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{4}(?!\d)` +
    String.raw`|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b` +
    String.raw`|\b(?:an?|\d+) (?:minutes?|hours?|days?|weeks?|months?|years?) ago\b`,
  'i',
);

/**
 * Drops groups of similar sibling cards that mostly carry review text (see REVIEW_TEXT): customer reviews, whatever
 * their class says. On a page not known as a product's page (`dated`), a card counts only when it also says when it was
 * written (see REVIEW_DATE). Reads the root's text once; pages without such text stop there. Extends `removed`.
 */
export function dropRatedReviews(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
  dated = false,
): void {
  // a review widget names itself somewhere ("customer-reviews", "review-list") even when its cards do not: pages
  // without the word, or whose labelled blocks are already gone, are not read at all
  if (dated && !namesReviews(root, removed)) return;
  if (!REVIEW_TEXT.test(wholeText(root))) return;
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    if (s.children.length >= REVIEWS_MIN) dropReviewCards(s, removed, signature, dated, trace);
    for (const c of s.children) if (c.text > 0 && !removed.has(c)) stack.push(c);
  }
}

/** Drops the groups of similar cards under `s` that mostly carry review text and no price. */
function dropReviewCards(
  s: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  dated: boolean,
  trace?: TraceSink,
): void {
  const groups = groupChildren(
    s,
    signature,
    (c) => c.text > 0 && c.text <= RATED_REVIEWS_CARD_MAX_CHARS && !removed.has(c),
  );
  for (const [sig, g] of groups) {
    if (g.length < REVIEWS_MIN) continue;
    const { rated, priced } = countRated(g, dated);
    // product cards carry ratings too, and a price: a grid of them is a listing, not reviews
    if (rated < REVIEWS_MIN || rated < RATED_SHARE * g.length || priced >= RATED_SHARE * g.length) continue;
    for (const c of g) removed.add(c);
    trace?.push(
      `drop ${g.length} cards ${sig} under ${s.el.localName}: customer reviews ` +
        `(a rating or a verdict${dated ? ' and a date' : ''} in ${rated})`,
    );
  }
}

/** How many of the cards carry review text (and a date, when `dated`), and how many a price. */
function countRated(cards: NodeStats[], dated: boolean): { rated: number; priced: number } {
  let rated = 0;
  let priced = 0;
  for (const c of cards) {
    const t = wholeText(c);
    if (REVIEW_TEXT.test(t) && (!dated || REVIEW_DATE.test(t))) rated++;
    if (PRICE_TEXT.test(t)) priced++;
  }
  return { rated, priced };
}

/** Whether a block left inside `root` is labelled as reviews by its class or id (see READER_WORDS). */
function namesReviews(root: NodeStats, removed: Set<NodeStats>): boolean {
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (READER_WORDS.has(s.junkWord ?? '')) return true;
    for (const c of s.children) if (c.text > 0 && !removed.has(c)) stack.push(c);
  }
  return false;
}
