// Anchor stage 2 of the street-address cascade (issue 26, round 19; run by detectAddresses.ts at a house-number
// token, after the unit anchors found none there): the rules for an address that starts with its number, first match
// wins. Dates go first ("12 May", "after 2010 Granite Bank" are no addresses), then a street type written before the
// name ("12 rue de la Paix"), name + street type ("14 Crown Street"), name + number ("20789 Allika 46"), and name
// words after an address introduction ("at 9816 214 Pavlou Drandaki"). Returns the anchor or undefined.
import {
  type AddressScan,
  type Anchor,
  MAX_STREET_NAME_WORDS,
  YEAR_LIKE,
  isNum,
  isWord,
  nextIdx,
  sameLine,
} from './addressScan.js';
import {
  ADDRESS_LOWER_OK,
  CORE_STREET_TYPES,
  ENGLISH_PREFIXES,
  FUNCTION_WORDS,
  GLUED_STREET,
  STREET_ABBREVIATIONS,
  STREET_NAME_WORDS,
  STREET_PREFIXES,
} from './addressWords.js';
import { dayThenMonth } from './datesBeforeNames.js';
import { COMPANY_SUFFIXES } from './detectOrganizations.js';
import type { Gazetteers } from './loadGazetteers.js';
import { NAME_PARTICLES, tokenIsCommon } from './nameSignals.js';
import { STREET_NAME_PARTICLES } from './streetParticles.js';
import type { Token } from './tokenizeText.js';
import { TIME_ONLY_PREPOSITIONS, YEAR_PREPOSITIONS as YEAR_PREPOSITION_WORDS } from './yearPrepositions.js';

const TIME_ONLY = new Set(TIME_ONLY_PREPOSITIONS);
const YEAR_PREPOSITIONS = new Set(YEAR_PREPOSITION_WORDS);
const ARTICLES = new Set(['a', 'an']);

/** An address that starts with its house number (or a postcode then the number). */
export function numberFirstAnchor(scan: AddressScan, i: number): Anchor | undefined {
  const { tokens, g, hasIntro, isSuffix } = scan;
  const t = tokens[i];
  // "On 12 May Amazon shipped ...", "12 June Kenji Sato ...": a day then a month is a date, no house number
  // (unless a street type follows the month: "12 May Street").
  if (dayThenMonth(tokens, i) && !(tokens[i + 2] && isSuffix(tokens[i + 2]))) return undefined;
  // (round 17) "After 2010 Granite Bank closed", "In 2022 Redwood Ridge opened": a year after a preposition that only
  // takes a time, or after any year preposition opening the sentence, is a date even before a street-type word
  // (a company or place named "... Bank", "... Ridge"); addresses come after "at", "to" or "on", mid-sentence.
  if (yearAfterTimePreposition(tokens, i)) return undefined;
  // House number then a street-type word written first, as in French, Spanish or Italian, often lowercase:
  // "12 rue de la Paix", "3, avenue des Ternes", "27 bis rue Victor Hugo", "8 place du Marché".
  const prefixed = numberThenPrefix(tokens, i, g);
  if (prefixed) return prefixed;
  const typed = numberNameTypeAnchor(scan, i);
  if (typed) return typed;
  // "In 2019 Berlin hosted 4000 guests", "since 1998 Parker Industries": a year after a preposition is a date.
  if (YEAR_LIKE.test(t.text) && YEAR_PREPOSITIONS.has(tokens[i - 1]?.lower ?? '')) return undefined;
  const numbered = numberNameNumberAnchor(tokens, i, g);
  if (numbered) return numbered;
  // House number (after a postcode) and capitalised name words after an address introduction: "at 9816 214 Pavlou
  // Drandaki".
  return hasIntro(t) ? introNumberNameAnchor(tokens, i, g) : undefined;
}

/** A year-like number after a time-only preposition, or after a year preposition that opens the sentence. */
function yearAfterTimePreposition(tokens: Token[], i: number): boolean {
  const p = tokens[i - 1];
  if (!YEAR_LIKE.test(tokens[i].text) || p?.kind !== 'word') return false;
  return TIME_ONLY.has(p.lower) || (p.sentenceStart && YEAR_PREPOSITIONS.has(p.lower));
}

/** House number + street name + street type: "14 Crown Street", "2450 Crown St", "3911 fourth avenue". */
function numberNameTypeAnchor(scan: AddressScan, i: number): Anchor | undefined {
  const { tokens } = scan;
  const t = tokens[i];
  // (round 19) "a 3 lane road", "an 8 lane highway": a number after "a" or "an" counts what the street-type words
  // describe; no one writes an article before a house number.
  if (ARTICLES.has(tokens[i - 1]?.lower ?? '')) return undefined;
  let k = i + 1;
  if (isNum(tokens, tokens[k]) && sameLine(tokens[k])) k++; // "17151 2450 Crown St": postcode then number
  let words = 0;
  // The street name starts after a space: "14. Bird's Eye View" is a list item, "2D" a dimension.
  const firstName = tokens[k];
  const spaced = !!firstName && firstName.gapBefore !== '';
  for (; spaced && k < tokens.length && words <= MAX_STREET_NAME_WORDS; k++) {
    const w = tokens[k];
    if (!sameLine(w) || !(isWord(w) || (w.text === '.' && words > 0) || w.text === '-')) break;
    if (!isWord(w)) continue;
    if (words > 0 && takesStreetType(scan, i, w)) {
      const end = chainedStreetType(scan, k);
      return words === 1 && end === k && namesKindOfRoad(scan, i, firstName, w) ? undefined : [i, end];
    }
    if (everydayWordEndsName(scan, w, words, t)) break;
    words++;
  }
  return undefined;
}

/**
 * Whether `w` ends the street at number `i` as its street type: a capitalised type, or any type when the street
 * name was not capitalised either or an address introduction comes before ("Crown St", "fourth avenue").
 */
function takesStreetType({ tokens, hasIntro, isSuffix }: AddressScan, i: number, w: Token): boolean {
  return isSuffix(w) && (w.cap || w.allCaps || !tokens[i + 1]?.cap || hasIntro(tokens[i]));
}

/**
 * Whether `w`, the street name's word after `words` others, is an everyday lowercase word that ends the name.
 * Lowercase words may be foreign street names ("rue de la Hulotais", "trg revolucije"), not everyday English. After
 * an address introduction a lowercase street of everyday words is one too ("to 112 hawthorn close").
 */
function everydayWordEndsName({ g, hasIntro, isSuffix }: AddressScan, w: Token, words: number, number: Token): boolean {
  return (
    !w.cap &&
    !w.allCaps &&
    !NAME_PARTICLES.has(w.lower) &&
    !isSuffix(w) &&
    !STREET_PREFIXES.has(w.lower) &&
    !STREET_NAME_WORDS.test(w.lower) &&
    tokenIsCommon(w, g) &&
    (FUNCTION_WORDS.has(w.lower) || words >= 2 || !hasIntro(number))
  );
}

/**
 * (round 20) "2 way street signs", "4 way stop": a lone lowercase street-type word before the type names a kind of
 * road, not a street; a lowercase street of everyday words needs an introduction ("to 5 way road").
 */
function namesKindOfRoad({ tokens, hasIntro }: AddressScan, i: number, name: Token, type: Token): boolean {
  return !type.cap && !name.cap && !hasIntro(tokens[i]) && CORE_STREET_TYPES.test(name.text);
}

/**
 * (round 19) "12 harbour view road", "5 old mill lane": a street written in lowercase whose name ends in a word that
 * is also a street type ("view", "mill", "park") goes on to the street type after it. Written with capitals the grow
 * stage takes that word; in lowercase it reads as an everyday word and the address would stop one word short. An
 * abbreviation ends the name ("main st road closed").
 */
function chainedStreetType({ tokens, isSuffix }: AddressScan, k: number): number {
  const w = tokens[k];
  const n = tokens[k + 1];
  if (w.cap || w.allCaps || STREET_ABBREVIATIONS.has(w.lower)) return k;
  return isWord(n) && sameLine(n) && n.gapBefore !== '' && !n.cap && !n.allCaps && isSuffix(n) ? k + 1 : k;
}

/** Number, name words, number: "20789 Allika 46", "0605 πεντέλης 210", "4844 Søndergade 52". */
function numberNameNumberAnchor(tokens: Token[], i: number, g: Gazetteers): Anchor | undefined {
  const nameStart = isNum(tokens, tokens[i + 1]) && sameLine(tokens[i + 1]) ? i + 2 : i + 1;
  let k2 = nameStart;
  while (k2 < tokens.length && k2 - nameStart < MAX_STREET_NAME_WORDS && isWord(tokens[k2]) && sameLine(tokens[k2]))
    k2 = nextIdx(tokens, k2);
  if (
    k2 > nameStart &&
    tokens[nameStart].gapBefore !== '' &&
    isNum(tokens, tokens[k2]) &&
    sameLine(tokens[k2]) &&
    tokens[k2].text.length <= 5
  ) {
    const nameWords = tokens.slice(nameStart, k2).filter(isWord);
    const streety = (w: Token) =>
      GLUED_STREET.test(w.lower) || STREET_PREFIXES.has(w.lower) || STREET_ABBREVIATIONS.has(w.lower);
    const nameLike = (w: Token) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a non-ASCII letter reads as a name
      ((w.cap || w.allCaps) && !tokenIsCommon(w, g)) || /[^\x00-\x7F]/.test(w.text) || streety(w);
    if (nameWords.some(nameLike)) return [i, k2];
  }
  return undefined;
}

/** House number (after a postcode) and name words that are no everyday words, after an address introduction. */
function introNumberNameAnchor(tokens: Token[], i: number, g: Gazetteers): Anchor | undefined {
  let k = isNum(tokens, tokens[i + 1]) && sameLine(tokens[i + 1]) ? i + 2 : i + 1;
  const startWords = k;
  while (
    k < tokens.length &&
    k - startWords < MAX_STREET_NAME_WORDS &&
    isWord(tokens[k]) &&
    sameLine(tokens[k]) &&
    (tokens[k].cap || tokens[k].allCaps || !tokenIsCommon(tokens[k], g))
  )
    k++;
  const nameWords = tokens.slice(startWords, k);
  // (round 20) "At 2020 Lakeside Partners hired ...": a year then a name ending in a company word is a date and a
  // firm; a street name does not end in "Partners" or "Holdings".
  if (YEAR_LIKE.test(tokens[i].text) && nameWords.length >= 2 && COMPANY_SUFFIXES.test(nameWords.at(-1)!.text))
    return undefined;
  if (nameWords.length >= 1 && nameWords.some((w) => !tokenIsCommon(w, g))) return [i, k - 1];
  return undefined;
}

/**
 * "12 rue de la Paix", "3, avenue des Ternes", "27 bis rue victor hugo": a house number, an optional comma or
 * "bis"/"ter", a street-type word (any case), then name words of which one at least is a name (capitalised or no
 * everyday word). Street types that are also everyday English after a number ("2 via Slack", "3 place settings")
 * need a capital of their own here.
 */
function numberThenPrefix(tokens: Token[], i: number, g: Gazetteers): Anchor | undefined {
  let k = i + 1;
  if (tokens[k]?.text === ',' && tokens[k].gapBefore === '' && tokens[i].text.length <= 4) k++;
  if (/^(?:bis|ter|quater)$/i.test(tokens[k]?.text ?? '') && sameLine(tokens[k])) k++;
  const p = tokens[k];
  if (!isWord(p) || !sameLine(p) || p.gapBefore === '' || !STREET_PREFIXES.has(p.lower)) return undefined;
  if (!p.cap && !p.allCaps && ENGLISH_PREFIXES.has(p.lower) && !particleThenName(tokens, nextIdx(tokens, k)))
    return undefined;
  let last = -1;
  let j = nextIdx(tokens, k);
  for (let words = 0; words < MAX_STREET_NAME_WORDS && isWord(tokens[j]) && sameLine(tokens[j]); words++) {
    const w = tokens[j];
    if (w.cap || w.allCaps) last = j;
    // (round 18) A name written with capitals does not go on in lowercase: after "des Vignes" an unlisted lowercase
    // word is the writer's ("pls", "thx"); a street written all in lowercase ("3 rue des lilas") still takes it.
    else if (!tokenIsCommon(w, g) && !capitalisedBefore(tokens, k, j)) last = j;
    else if (!ADDRESS_LOWER_OK.test(w.lower) && !NAME_PARTICLES.has(w.lower)) break;
    j = nextIdx(tokens, j);
  }
  return last >= 0 ? [i, last] : undefined;
}

/** (round 18) A street-name particle and a capitalised word, or two particles and one: "du Tertre", "de la Paix". */
const PARTICLES = new Set(STREET_NAME_PARTICLES);
function particleThenName(tokens: Token[], k: number): boolean {
  let j = k;
  for (let n = 0; n < 2 && isWord(tokens[j]) && sameLine(tokens[j]) && PARTICLES.has(tokens[j].text); n++) j++;
  const w = tokens[j];
  return j > k && isWord(w) && sameLine(w) && (w.cap || w.allCaps);
}

/** Whether a word between the street type at `k` and `j` is written with a capital. */
function capitalisedBefore(tokens: Token[], k: number, j: number): boolean {
  for (let m = k + 1; m < j; m++) if (tokens[m].cap || tokens[m].allCaps) return true;
  return false;
}
