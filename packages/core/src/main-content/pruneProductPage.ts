// Extra pruning for a single product's page: what a shopper reads there is the product (name, price, description,
// specifications), not what other shoppers wrote about it. (Text only screen readers get is invisible on every page:
// see isHidden in measureTree.ts.)
import { READER_WORDS } from './classHints.js';
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { CURRENCY_LIST_MIN, DUMP_IDENTIFIER_SHARE, DUMP_MIN_LABELS, LIST_ITEM_MIN } from './tunables.js';
import { wholeText } from './textPieces.js';

/** A field label written as a code identifier ("retail_price_tier1:", "cat_thumb_Petrol Blue:"): words joined by an
 *  underscore, which no label written for readers has. As one pattern (`^[a-z][\w-]*[a-z0-9]_[a-z0-9][\w -]*:?$`) it
 *  tried the rest of the label after every underscore (quadratic on "a_a_a_…"); here the characters are checked once
 *  and the underscore is looked for before the first blank (blanks may only follow it). */
const LABEL_CHARS = /^[a-z][\w -]*$/i;
const JOINING_UNDERSCORE = /[a-z0-9]_[a-z0-9]/i;
/** A list item that is one price in a currency named by its code ("GBP: $110.82", "AED 549.56"). */
const CURRENCY_ITEM = /^[A-Z]{3}\s*:?\s*[^\w\s]{0,3}\s*\d[\d.,\s]*[A-Z]{0,3}$/;

/**
 * Drops, inside the root of a product page, blocks labelled as customer reviews (however large a part of the root
 * they are: on a product page the root is often small beside its reviews). Blocks that
 * relabelling already made content (a review snippet in every card of a grid) are left alone. Extends `removed`.
 */
export function pruneProductPage(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    let why: string | null = null;
    if (s.junk === 'soft' && READER_WORDS.has(s.junkWord ?? '') && !isListItem(s))
      why = 'customer reviews on a product page';
    if (why === null && s.el.localName === 'dl' && !s.inCode) dropIdentifierFields(s, removed, trace);
    if (why === null && (s.el.localName === 'ul' || s.el.localName === 'ol') && isCurrencyList(s))
      why = 'the price in other currencies';
    if (why !== null) {
      removed.add(s);
      trace?.push(`drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} text=${s.text}: ${why}`);
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
}

function isListItem(s: NodeStats): boolean {
  if (s.parent === null) return false;
  let same = 0;
  for (const c of s.parent.children) if (c.text > 0 && c.el.localName === s.el.localName && c.cls === s.cls) same++;
  return same >= LIST_ITEM_MIN;
}

/** In a field list whose labels are mostly code identifiers, drops those labels with their values; labels written
 *  for readers ("Fabric:") stay. */
function dropIdentifierFields(dl: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  let labels = 0;
  const identifiers: number[] = [];
  dl.children.forEach((c, i) => {
    if (c.el.localName !== 'dt') return;
    labels++;
    if (isIdentifierLabel(wholeText(c).trim())) identifiers.push(i);
  });
  if (labels < DUMP_MIN_LABELS || identifiers.length < DUMP_IDENTIFIER_SHARE * labels) return;
  for (const i of identifiers) {
    removed.add(dl.children[i]!);
    for (let j = i + 1; j < dl.children.length && dl.children[j]!.el.localName === 'dd'; j++)
      removed.add(dl.children[j]!);
  }
  trace?.push(`drop ${identifiers.length} of ${labels} fields under dl: labels are code identifiers (a data dump)`);
}

/** Whether a label is written as a code identifier (see LABEL_CHARS); one trailing colon is allowed. */
export function isIdentifierLabel(label: string): boolean {
  const text = label.endsWith(':') ? label.slice(0, -1) : label;
  if (!LABEL_CHARS.test(text)) return false;
  const blank = text.indexOf(' ');
  // the underscore's left neighbour is not the first character: "a_b" is no identifier, "ab_c" is
  return JOINING_UNDERSCORE.test(text.slice(1, blank === -1 ? text.length : blank));
}

/** Whether a list holds nothing but one price per currency, in at least CURRENCY_LIST_MIN currencies. */
function isCurrencyList(list: NodeStats): boolean {
  if (list.children.length < CURRENCY_LIST_MIN) return false;
  const codes = new Set<string>();
  for (const li of list.children) {
    if (li.text === 0) continue;
    const t = wholeText(li).trim();
    if (t.length > 40 || !CURRENCY_ITEM.test(t)) return false;
    codes.add(t.slice(0, 3));
  }
  return codes.size >= CURRENCY_LIST_MIN;
}
