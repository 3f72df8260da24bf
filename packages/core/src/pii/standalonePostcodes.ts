// Postcode stage of the address detector (issue 26, round 19; run by detectAddresses.ts after the street addresses,
// on the whole text): postcodes outside an address block, each found by its own evidence. After a label ("ZIP:
// 3520"), by a shape no word has ("LS6 2QT", "H2X 1Y4"), four digits and two capitals before a listed town or after a
// postcode word ("3511 AS Utrecht"), four or five digits beside a listed city ("Leeds 4021", "69003 Lyon"). The
// street stages may find the same span: the redactor merges overlaps.
import { YEAR_LIKE } from './addressScan.js';
import { REGION_CODES } from './addressWords.js';
import type { Gazetteers } from './loadGazetteers.js';
import { isModelNumber } from './modelCodes.js';
import { isCommonWord, lineBefore } from './nameSignals.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/** A postcode label just before the number ("ZIP:", "postal code is", "CP"). */
const POSTCODE_LABEL =
  /\b(?:zip|zip code|zipcode|postcode|postal code|post code|plz|cap|cp)(?:\s+(?:is|was|=))?\s*[:#]?\s*$/i;
/** British and Canadian postcodes have a shape no ordinary word has ("LS6 2QT", "H2X 1Y4"): found anywhere. */
const SHAPED_POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d)\b/g;
/** Four digits, a space and two capitals: the Dutch postcode shape. */
const DIGITS_LETTERS_POSTCODE = /\b([1-9]\d{3}) ?([A-Z]{2})\b/g;
/** "2000 BC", "1030 AM": an era or a time after four digits, no postcode. */
const ERA_OR_TIME = /^(?:BC|AD|CE|AM|PM|BCE)$/;
/** A postcode word earlier in the same clause. */
const POSTCODE_WORD_BEFORE = /\b(?:zip|zip code|zipcode|postcode|postal code|post code|plz)\b[^.\n]{0,30}$/i;

/** Postcodes after a label ("ZIP: 3520", "Postal code 75534-030"). */
export function detectLabelledPostcodes(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(/\b\d{3,5}(?:[- ]\d{2,4})?(?: ?[A-Z]{2})?\b/g)) {
    if (POSTCODE_LABEL.test(lineBefore(text, m.index!, 24)))
      out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.85 });
  }
  return out;
}

/** British and Canadian postcodes by their shape, anywhere. */
export function detectShapedPostcodes(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(SHAPED_POSTCODE))
    out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.8 });
  return out;
}

/**
 * Dutch-style codes, four digits and two capitals ("3511 AS"): before a listed town, or with a postcode word
 * earlier in the clause ("the postal code; mine is 1015 CJ"). "2000 BC", "1030 AM" are eras and times.
 */
export function detectDigitsLettersPostcodes(text: string, tokens: Token[], g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(DIGITS_LETTERS_POSTCODE)) {
    if (ERA_OR_TIME.test(m[2])) continue;
    // "Model 4000 XL Turbo": a model number and size, not a postcode before a town.
    if (isModelNumber(tokens, tokenAt(tokens, m.index!), g)) continue;
    const end = m.index! + m[0].length;
    const town = /^ (\p{Lu}[\p{L}-]+)/u.exec(text.slice(end, end + 40));
    // (round 20) "7411 KT Deventerweide": the Dutch write the town right after the code, and most towns are in no
    // list; a capitalised word that is no everyday word there is the town, and the code before it is a postcode.
    // ("the 2020 US Houzz study": a year-like number is left to the listed towns and postcode words)
    if (town && !YEAR_LIKE.test(m[1]) && !g.places.has(town[1].toLowerCase()) && unlistedTown(town[1], g)) {
      out.push({ type: 'ADDRESS', start: m.index!, end: end + town[0].length, score: 0.75 });
      continue;
    }
    if (
      (town && g.places.has(town[1].toLowerCase())) ||
      POSTCODE_WORD_BEFORE.test(lineBefore(text, m.index!, 48)) ||
      cityBefore(tokens, tokenAt(tokens, m.index!), g)
    )
      out.push({ type: 'ADDRESS', start: m.index!, end, score: 0.75 });
  }
  return out;
}

/** A capitalised word that no dictionary lists and no one uses as a first name: a town the lists miss. */
export function unlistedTown(word: string, g: Gazetteers): boolean {
  const lower = word.toLowerCase();
  return word.length >= 4 && !isCommonWord(lower, g) && !g.firstNames.has(lower);
}

/**
 * (round 20) British postcodes written without their space ("EC1A1BB", "W1A1AA") after a word that introduces an
 * address or its value ("to", "is", "at", "postcode"): the joined shape is also a product code's, so it needs the
 * introduction; the inward letters never hold C, I, K, M, O or V.
 */
const JOINED_UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}\b/g;
const JOINED_POSTCODE_INTRO = /\b(?:to|at|is|from|in|postcode|post code|address):?$/i;
export function detectJoinedUkPostcodes(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(JOINED_UK_POSTCODE)) {
    if (JOINED_POSTCODE_INTRO.test(lineBefore(text, m.index!, 16).trimEnd()))
      out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.75 });
  }
  return out;
}

// (the code and postcode are matched first and the town read back from there: a pattern opening on every capital
// cost a fifth of the redactor's time on real pages)
const REGION_POSTCODE = /\b([A-Z]{2,3}) (\d{4,5}(?:-\d{4})?)(?![\w-])/g;
const TOWN_BEFORE = /(?:^|[^\p{L}\p{N}])(\p{Lu}[\p{Ll}-]+),? $/u;
/**
 * (round 20) A town, a region code in capitals and a postcode, as Americans and Australians write them outside an
 * address block ("Fitzroy VIC 3065", "Toowong QLD 4066", "Austin TX 78701-4412"): the town is a capitalised word
 * that is no everyday word ("The NSW 2023 budget" is a year), the code one of the listed regions ("Radeon RX 9070"
 * is a product), and the town, code and postcode go together.
 */
export function detectRegionPostcodes(text: string, g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(REGION_POSTCODE)) {
    if (!REGION_CODES.has(m[1])) continue;
    const before = TOWN_BEFORE.exec(text.slice(Math.max(0, m.index! - 40), m.index!));
    if (!before) continue;
    const town = before[1].toLowerCase();
    if (isCommonWord(town, g) && !g.places.has(town)) continue;
    if (YEAR_LIKE.test(m[2]) && !g.places.has(town)) continue;
    const start = m.index! - before[0].length + before[0].indexOf(before[1]);
    out.push({ type: 'ADDRESS', start, end: m.index! + m[0].length, score: 0.75 });
  }
  return out;
}

/**
 * (round 20) "grew up in Kellerby 48213 with ...": after a place preposition, a capitalised word that no list has,
 * then five digits closing the clause or followed by a function word, is a town and its postcode; a count of things
 * has its noun after it ("in Fortnite 10000 players"). The postcode is found here; the town by the place stage, which
 * asks `postcodeAfterTown`.
 * (round 22) Four digits too, as New Zealand, Australia and much of Europe write them ("from Opononi 0473 to the
 * coast", "in Dargaville 0310 are"), unless they read as a year ("in Kaitaia 2019 was"); a model number ("Nvidia
 * 3050") has the same shape, but a product is no town after "in" / "from" and is mostly a listed company or a coined
 * word, which `unlistedTown` and the place stage leave out.
 */
// (the digits are matched first and the town read back from there, a cheaper scan than one from every preposition)
const POSTCODE_DIGITS = / \d{4,5}(?![\p{L}\p{N}])/gu;
const PREPOSITION_TOWN = /\b(?:in|from|near|at|to) (\p{Lu}[\p{Ll}-]+),?$/u;
const POSTCODE_AFTER_TOWN = /^,? (\d{4,5})(?![\p{L}\p{N}])/u;
// (round 22: or a linking verb, "in Dargaville 0310 are nine to five")
const CLAUSE_GOES_ON =
  /^(?:[.,;:!?)]|\s*$|\s+(?:with|for|and|in|on|at|to|from|since|until|when|where|but|or|is|are|was|were)\b)/;
export function detectTownPostcodes(text: string, g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(POSTCODE_DIGITS)) {
    const town = PREPOSITION_TOWN.exec(text.slice(Math.max(0, m.index! - 40), m.index!));
    if (!town || !unlistedTown(town[1], g)) continue;
    const code = postcodeAfterTown(text, m.index! - (town[0].endsWith(',') ? 1 : 0));
    if (code) out.push({ type: 'ADDRESS', start: code[0], end: code[1], score: 0.7 });
  }
  return out;
}

/** The offsets of a four- or five-digit postcode right after a town ending at `end`, when the clause goes on. */
export function postcodeAfterTown(text: string, end: number): [number, number] | undefined {
  const m = POSTCODE_AFTER_TOWN.exec(text.slice(end, end + 8));
  if (!m || YEAR_LIKE.test(m[1])) return undefined;
  const e = end + m[0].length;
  return CLAUSE_GOES_ON.test(text.slice(e, e + 8)) ? [e - m[1].length, e] : undefined;
}

/**
 * (round 19) A listed city right before the code on its line, a comma between allowed: "Rotterdam 3011 AB",
 * "Eindhoven, 5611 AZ". The Dutch write the town after the code in an address block, but in prose the city comes
 * first; without this the letters stay readable beside a redacted number.
 */
function cityBefore(tokens: Token[], k: number, g: Gazetteers): boolean {
  if (k < 1) return false;
  const comma = tokens[k - 1].text === ',';
  const prev = comma ? tokens[k - 2] : tokens[k - 1];
  return isCity(prev, g) && !/\n/.test(tokens[k].gapBefore) && !(comma && /\n/.test(tokens[k - 1].gapBefore));
}

/** A capitalised listed place that is no everyday word ("Leeds", not "Reading"). */
function isCity(w: Token | undefined, g: Gazetteers): boolean {
  return w !== undefined && w.kind === 'word' && w.cap && !isCommonWord(w.lower, g) && g.places.has(w.lower);
}

/** A postcode right after or before a known city ("Leeds 4021", "69003 Lyon"), outside any address block. */
export function detectPostcodesByCities(tokens: Token[], g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const t of tokens) {
    if (t.kind !== 'number' || t.text.length < 4 || t.text.length > 5 || YEAR_LIKE.test(t.text)) continue;
    const prev = tokens[t.index - 1]?.text === ',' ? tokens[t.index - 2] : tokens[t.index - 1];
    const next = tokens[t.index + 1];
    const near = (w: Token | undefined) => w !== undefined && !/\n/.test(w.index < t.index ? t.gapBefore : w.gapBefore);
    if ((isCity(prev, g) && near(prev)) || (isCity(next, g) && near(next) && next.gapBefore === ' ')) {
      out.push({ type: 'ADDRESS', start: t.start, end: t.end, score: 0.7 });
    }
  }
  return out;
}

/** Index of the token starting at `offset` (binary search; -1 when none does). */
function tokenAt(tokens: Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < offset) lo = mid + 1;
    else if (tokens[mid].start > offset) hi = mid - 1;
    else return mid;
  }
  return -1;
}
