// Canadian postcodes written in lowercase ("m5v 2t6", "k1a 0b1"), common in chat and forms (issue 26, round 19; run
// by detectAddresses.ts beside the UK one). The uppercase shape is found elsewhere; in lowercase the bare shape
// (letter, digit, letter, space, digit, letter, digit) would catch build tags and codes, so the letter rules of the
// format apply: no d, f, i, o, q or u anywhere, and no w or z first. Case-blind for the same reason as the UK
// pattern: the lowercase-text view gives name-like pieces a capital back.
import type { PiiCandidate } from './piiTypes.js';

const LOWER_CA_POSTCODE =
  /(?<![\p{L}\p{N}])[abceghj-nprstvxy]\d[abceghj-nprstv-z] \d[abceghj-nprstv-z]\d(?![\p{L}\p{N}])/giu;

export function detectLowercaseCanadianPostcodes(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(LOWER_CA_POSTCODE))
    out.push({ type: 'ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.75 });
  return out;
}
