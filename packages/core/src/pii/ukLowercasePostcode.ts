// UK postcodes written in lowercase ("nr2 4pl", "sw1a 1aa"), common in chat and forms. The uppercase shape is
// found elsewhere; in lowercase the shape alone would catch sizes and versions ("m4 3in", "a4 2x"), so the full
// letter rules of the format apply: the area never starts with q, v or x, its second letter is never i, j or z,
// and the inward code's letters never include c, i, k, m, o or v. Case-blind: the lowercase-text view gives name-like
// pieces a capital back ("1aa" → "1Aa"), and the uppercase form is caught by the same rules.
import type { PiiCandidate } from './piiTypes.js';

const LOWER_UK_POSTCODE = /(?<![\p{L}\p{N}])[a-pr-uwyz][a-hk-y]?\d[a-z\d]? \d[abd-hjlnp-uw-z]{2}(?![\p{L}\p{N}])/giu;

export function detectLowercaseUkPostcodes(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(LOWER_UK_POSTCODE))
    out.push({ type: 'ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.75 });
  return out;
}
