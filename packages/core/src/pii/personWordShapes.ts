// PERSON word shapes (issue 27; used by every stage of detectPersons.ts): tests of one word by its spelling alone,
// no context: a derived English ending, an abstract noun, a coined word (brand names), a German label noun, a
// Polish or Italian surname ending. Pure functions of the word and the name lists.
import { GERMAN_NOUN_ENDINGS } from './foreignFunctionWords.js';
import type { Gazetteers } from './loadGazetteers.js';
import { isCommonWord, isNameWord, tokenIsCommon } from './nameSignals.js';
import { ABSTRACT_NOUN_SUFFIXES, ENGLISH_SUFFIXES } from './personRunWords.js';
import type { Token } from './tokenizeText.js';

/** A brand made from an everyday word: the word's least length and the most letters after it. */
const MIN_BRAND_STEM = 5;
const MAX_BRAND_TAIL = 3;

/** A derived English word's ending ("Boeing", "Certification"). */
export function derivedEnding(lower: string): boolean {
  return ENGLISH_SUFFIXES.some((x) => lower.length > x.length + 2 && lower.endsWith(x));
}
export function abstractNoun(lower: string): boolean {
  return ABSTRACT_NOUN_SUFFIXES.some((x) => lower.length > x.length + 2 && lower.endsWith(x));
}

/**
 * A word no dictionary lists that is still English: a derived word, or two everyday words run together (brand
 * names: "Facebook", "Coinbound"). Such a subject of "took", "asks", "gives" is a thing or a company.
 */
export function coinedWord(t: Token, g: Gazetteers): boolean {
  if (tokenIsCommon(t, g) || isNameWord(t.lower, g)) return false;
  const w = t.lower;
  // "AI-generated", "Eco-friendly": a compound with an everyday part
  if (w.includes('-')) return w.split('-').some((p) => isCommonWord(p, g));
  if (ENGLISH_SUFFIXES.some((x) => w.length > x.length + 2 && w.endsWith(x))) return true;
  // (round 16: or its plural, "Embeddings should not leak data": a derived word's "-s" hides its ending)
  if (w.endsWith('s') && derivedEnding(w.slice(0, -1))) return true;
  for (let k = 3; k <= w.length - 3; k++)
    if (g.commonWords.has(w.slice(0, k)) && g.commonWords.has(w.slice(k))) return true;
  return false;
}

/**
 * (round 22) `coinedWord`, or an everyday word of five letters or more with a short tail ("Ticketek", "Questly"):
 * a brand made from a word. Only where a name's ending is the evidence ("call Ticketek on ..."): a name in no list
 * may open with an everyday word too ("Chanthy"), so the plain subject and object rules keep `coinedWord`.
 */
export function brandFromWord(t: Token, g: Gazetteers): boolean {
  if (coinedWord(t, g)) return true;
  if (tokenIsCommon(t, g) || isNameWord(t.lower, g)) return false;
  const w = t.lower;
  for (let k = Math.max(MIN_BRAND_STEM, w.length - MAX_BRAND_TAIL); k < w.length; k++)
    if (g.commonWords.has(w.slice(0, k))) return true;
  return false;
}

/** Endings of Polish and Italian surnames ("-ski", "-cki", a doubled consonant and "i") that no demonym has. */
export const SURNAME_NOT_DEMONYM = /(?:[csz]ki|([bcdfglmnprstvz])\1i)$/;
/** A German noun by its ending (-ung, -heit, -keit, -schaft, ... or a field label's compound head, "-zeit"). */
export function germanLabelNoun(lower: string): boolean {
  return lower.length >= 7 && GERMAN_NOUN_ENDINGS.some((e) => lower.endsWith(e));
}
