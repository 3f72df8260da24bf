// ADDRESS: street addresses found by their grammar (house number + street name + street type, unit designators,
// post boxes, military addresses, street-type words glued to names) and grown over the rest of the address: the
// street line's tail, then city / region / postcode / country lines below it; then addresses and postcodes that other
// evidence shows on their own. Each stage is its own module and says where it runs; this file is their order.
import { type AddressScan, addressScan, isNum, isWord, type Anchor } from './addressScan.js';
import { UNIT_ANCHOR_WORDS } from './addressWords.js';
import { detectLowercaseCanadianPostcodes } from './canadianLowercasePostcode.js';
import { growLeft } from './growAddressLeft.js';
import { detectLabelledTownPostcodes } from './labelledTownPostcodes.js';
import { growRight, withLetterSuffix } from './growAddressRight.js';
import type { Gazetteers } from './loadGazetteers.js';
import { numberFirstAnchor } from './numberFirstAnchors.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import {
  detectDigitsLettersPostcodes,
  detectJoinedUkPostcodes,
  detectLabelledPostcodes,
  detectPostcodesByCities,
  detectRegionPostcodes,
  detectShapedPostcodes,
  detectTownPostcodes,
} from './standalonePostcodes.js';
import { detectStreetCorners } from './streetCorners.js';
import type { Token } from './tokenizeText.js';
import { detectTypeFirstStreets } from './typeFirstStreets.js';
import { detectLowercaseUkPostcodes } from './ukLowercasePostcode.js';
import { unitAnchor } from './unitAnchors.js';
import { wordFirstAnchor } from './wordFirstAnchors.js';

/**
 * `restoredCase`: the text is the case view of an all-lowercase or ALL-CAPS text, whose capitals the writer did not
 * set (they say nothing about where a street name ends).
 */
export function detectAddresses(
  text: string,
  tokens: Token[],
  g: Gazetteers,
  mode: PiiMode,
  restoredCase = false,
): PiiCandidate[] {
  const scan = addressScan(text, tokens, g, mode);
  return [
    ...detectStreetAddresses(scan, restoredCase),
    ...detectStreetCorners(text),
    ...detectLabelledPostcodes(text),
    ...detectShapedPostcodes(text),
    ...detectLowercaseUkPostcodes(text),
    ...detectLowercaseCanadianPostcodes(text),
    ...detectTypeFirstStreets(text),
    ...detectDigitsLettersPostcodes(text, tokens, g),
    ...detectJoinedUkPostcodes(text),
    ...detectRegionPostcodes(text, g),
    ...detectTownPostcodes(text, g),
    ...detectLabelledTownPostcodes(text, g),
    ...detectPostcodesByCities(tokens, g),
  ];
}

/** Left to right: an anchor (unit, then number first or word first), grown left, then right; then past it. */
function detectStreetAddresses(scan: AddressScan, restoredCase: boolean): PiiCandidate[] {
  const { tokens, g } = scan;
  const out: PiiCandidate[] = [];
  let i = 0;
  while (i < tokens.length) {
    const anchor = findAnchor(scan, i);
    if (!anchor) {
      i++;
      continue;
    }
    let [s, e] = anchor;
    s = growLeft(scan, s);
    e = withLetterSuffix(tokens, e);
    e = withLetterSuffix(tokens, growRight(tokens, e, g, restoredCase));
    out.push({ type: 'ADDRESS', start: tokens[s].start, end: tokens[e].end, score: 0.85 });
    i = e + 1;
  }
  return out;
}

/** The anchor stages in order at token `i`: the first that matches gives the address's core. */
function findAnchor(scan: AddressScan, i: number): Anchor | undefined {
  const t = scan.tokens[i];
  if (t.kind === 'punct') return undefined;
  if (t.kind === 'word' && UNIT_ANCHOR_WORDS.has(t.lower)) {
    const unit = unitAnchor(scan, i);
    if (unit) return unit;
  }
  if (isNum(scan.tokens, t)) return numberFirstAnchor(scan, i);
  if (isWord(t)) return wordFirstAnchor(scan, i);
  return undefined;
}
