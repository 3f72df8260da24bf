// Beside a product's buy button shops print the terms of buying it: monthly financing ("$50.00/month with 6 month
// financing", "As low as $48/mo", "Pay over time with Affirm"), delivery estimates ("Arrives today", "Order within
// 3 hr 52 min"), reward points ("Earn $13.70 in rewards"), who sells it ("Sold and shipped by ..."), priced protection
// plans, back-in-stock alerts, gift receipts, other ways to pay, store pickup. They change with the day, the shopper
// and the seller; the product's own text (its name, price, description) does not.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { CARD_LINK_MIN_CHARS, TERMS_MAX_CHARS } from './tunables.js';
import { squeezedText } from './textPieces.js';

/** Monthly financing: a price per month offered beside the price ("or $91.58/mo. for 12 mo.", "As low as $48/mo"; a
 *  bare "$12/month" is a plan's price), a financing term, a pay-later provider. */
const FINANCING = new RegExp(
  String.raw`\b(or|as low as)\s?[$€£]\s?\d[\d.,]*\s?\/\s?mo(nth)?\b` +
    String.raw`|[$€£]\s?\d[\d.,]*\s?\/\s?mo(nth)?\.? (for|with|over) \d+` +
    String.raw`|\b\d+[- ]months? (special )?financing\b|\b0% apr\b|\bpay (over time|later|in \d+)\b` +
    String.raw`|\b(\d+|four) (interest[- ]free )?(installments|payments) (of|via|with)\b` +
    String.raw`|\b(with|via) (affirm|klarna|afterpay|sezzle)\b`,
  'i',
);
/** A delivery estimate or a countdown to the next dispatch. */
const DELIVERY = new RegExp(
  String.raw`\barrives?( by)? (today|tomorrow|mon|tue|wed|thu|fri|sat|sun)` +
    String.raw`|\border (within|in the next|today to get|now to get)\b|\bget it (by|today|tomorrow)\b` +
    String.raw`|\b(fastest|estimated|est\.) delivery\b|\bdelivery (mon|tues|wednes|thurs|fri|satur|sun)day\b` +
    String.raw`|\border (by|before) \d{1,2} ?(am|pm)\b`,
  'i',
);
/** Reward points or cash back for buying: "earn", an amount, at most one more word, "rewards" or "points". A word glued
 *  to the amount ("5x points") is one run with it, and a word after a blank needs that blank: were the glued word
 *  `\S+` right after `[\d,.]+`, both could take the same digits (quadratic on "earn 000…"). */
const REWARDS = /\bearn (up to )?[$€£]?[\d,.](?:\S+ |[\d,.]*%?(?: (?:\S+ )?)?)(in )?(rewards?|points)\b/i;
/** Who sells and ships it, other sellers. */
const SELLER = new RegExp(
  String.raw`^(sold (and|&) shipped by|sold by|shipped by|fulfilled by|ships from)\b` +
    String.raw`|\bmore (seller|buying) options\b|\bother sellers on\b`,
  'i',
);
/** A protection plan sold with the product, with its price. */
const PROTECTION = /\bprotection plans?\b.{0,60}[$€£]\s?\d|\b\d+[- ]year (protection )?plan\s*[-–:]\s*[$€£]\s?\d/i;
/** A back-in-stock alert. */
const RESTOCK =
  /\b(email|notify|tell|alert) me when\b|\bnotified (by email )?when (this|the|it)\b.{0,20}\b(in stock|available)\b/i;
/** Gift options of the order. */
const GIFT = /\bgift (eligible|receipt)\b/i;
/** Picking it up in a store, the store's stock. */
const PICKUP = new RegExp(
  String.raw`\bpick[- ]?up in[- ]store\b|\bin[- ]store (pick[- ]?up|availability)\b` +
    String.raw`|\b(check|find) (nearby|(store|local) availability|in (a )?store)\b`,
  'i',
);
/** Other ways to pay. */
const PAYMENT = /^(more|see all|other) payment options\b/i;
const TERMS = [
  ['financing', FINANCING],
  ['delivery estimate', DELIVERY],
  ['reward points', REWARDS],
  ['seller', SELLER],
  ['protection plan', PROTECTION],
  ['back-in-stock alert', RESTOCK],
  ['gift options', GIFT],
  ['payment options', PAYMENT],
  ['store pickup', PICKUP],
] as const;
/** A block with a heading is a card or a section about the offer ("Low monthly payments"), not a line beside the price,
 *  unless the heading states the term itself ("More seller options"). */
const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/** Drops, inside `root` on a page that sells (see the caller), the largest short blocks that state a purchase term.
 *  Extends `removed`. */
export function dropPurchaseTerms(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || s.inCode) continue;
    if (s.text > TERMS_MAX_CHARS) {
      for (const c of s.children) stack.push(c);
      continue;
    }
    if (s.el.closest('a') !== null || (s.linkText > CARD_LINK_MIN_CHARS && 2 * s.linkText >= s.text)) continue;
    const heading = s.el.querySelector(HEADINGS);
    if (heading !== null && termOf(heading.textContent ?? '') === null) continue;
    const t = squeezedText(s);
    const what = termOf(t);
    if (what === null) continue;
    removed.add(s);
    trace?.push(`drop ${s.el.localName} text=${s.text}: purchase terms (${what}) «${t.slice(0, 120)}»`);
  }
}

/** Which purchase term a text states, if any. */
export function termOf(text: string): string | null {
  for (const [what, re] of TERMS) if (re.test(text.trim())) return what;
  return null;
}
