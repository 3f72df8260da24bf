// Street-corner stage of the address detector (issue 26, round 19; run by detectAddresses.ts after the street
// addresses, on the whole text): "the corner of X and Y" names a place as well as an address does, with no house
// number for the street stages to anchor on, so the phrase and both streets are redacted together.
import type { PiiCandidate } from './piiTypes.js';

export function detectStreetCorners(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(
    /\b(?:the )?corner of ([^\n,.;]{3,60}?) and ([^\n,.;]{3,60}?)(?=[.,;!?\n]|$| after| for| in case)/gi,
  )) {
    out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.8 });
  }
  return out;
}
