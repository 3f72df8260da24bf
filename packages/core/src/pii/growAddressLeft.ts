// Grow stage 1 of a street address (issue 26, round 19; run by detectAddresses.ts on each anchor, before growing
// right): takes in what belongs to the address just before its anchor on the same line, a house number or
// capitalised name words ("with Serenade Opus 420 Gairbekov Rapids" back to the introduction). Returns the new first
// token; never moves past a line start.
import { type AddressScan, isNum, isWord } from './addressScan.js';
import { STREET_PREFIXES } from './addressWords.js';
import { lineBefore, tokenIsCommon } from './nameSignals.js';

/** Takes in a house number or capitalised name words just before the anchor on the same line. */
export function growLeft({ text, tokens, g, hasIntro }: AddressScan, s: number): number {
  // "with Serenade Opus 420 Gairbekov Rapids": capitalised words back to an address introduction belong to it.
  for (let back = 1; back <= 2; back++) {
    const words = tokens.slice(s - back, s);
    if (
      words.length === back &&
      words.every((w) => isWord(w) && (w.cap || w.allCaps) && !w.lineStart) &&
      hasIntro(words[0])
    ) {
      if (!/\b(?:on|to|in)\s*$/i.test(lineBefore(text, words[0].start, 8)) || back === 1) return s - back;
    }
  }
  let k = s;
  let taken = 0;
  while (k > 0 && taken < 3 && !tokens[k].lineStart) {
    const p = tokens[k - 1];
    if (
      isNum(tokens, p) ||
      (isWord(p) && (p.cap || p.allCaps) && !tokenIsCommon(p, g) && !p.sentenceStart) ||
      (isWord(p) && STREET_PREFIXES.has(p.lower))
    ) {
      k--;
      taken++;
    } else break;
  }
  return k;
}
