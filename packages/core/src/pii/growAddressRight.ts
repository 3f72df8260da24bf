// Grow stage 2 of a street address (issue 26, round 19; run by detectAddresses.ts after growLeft, last for each
// anchor): continues over the rest of the address, the street line's tail and then the short lines below it (unit,
// city, region, postcode, country), and stops at prose, a label ("Phone:"), a blank line without a postcode or
// country, or the writer's own words after a town. Returns the address's last token.
import { MAX_CONTINUATION_LINES, MAX_TOKENS_PER_LINE, isNum, isWord } from './addressScan.js';
import {
  ADDRESS_LOWER_OK,
  GLUED_STREET,
  PROSE_AFTER_STREET_WORDS,
  SENTENCE_START_WORDS,
  STREET_ABBREVIATIONS,
  STREET_PREFIXES,
} from './addressWords.js';
import type { Gazetteers } from './loadGazetteers.js';
import { tokenIsCommon } from './nameSignals.js';
import { STREET_NAME_PARTICLES } from './streetParticles.js';
import type { Token } from './tokenizeText.js';

const PARTICLES = new Set(STREET_NAME_PARTICLES);
const PROSE_AFTER_STREET = new Set(PROSE_AFTER_STREET_WORDS);

/** "86" + "B" in "Solbakken 86B": the letter belongs to the house number. */
export function withLetterSuffix(tokens: Token[], e: number): number {
  const n = tokens[e + 1];
  return tokens[e].kind === 'number' && n && n.kind === 'word' && n.gapBefore === '' && n.text.length === 1 ? e + 1 : e;
}

/**
 * Continues over the rest of the address: units, numbers, capitalised words, places and state codes on the same line,
 * then on following short lines (city / region / postcode / country), stopping at ordinary prose.
 */
export function growRight(tokens: Token[], e: number, g: Gazetteers, restoredCase = false): number {
  let end = e;
  let lines = 0;
  let k = e + 1;
  while (k < tokens.length) {
    const t = tokens[k];
    if (t.lineStart) {
      const blank = /\n[ \t]*\n/.test(t.gapBefore);
      if (lines >= MAX_CONTINUATION_LINES || /\n[ \t]*\n[ \t]*\n/.test(t.gapBefore)) break;
      if (!restOfLineIsEmpty(tokens, end)) break;
      const lineEnd = lineEndIndex(tokens, k);
      if (!isAddressLine(tokens, k, lineEnd, g) || (blank && !lineHasPostcodeOrCountry(tokens, k, lineEnd, g))) break;
      lines++;
      end = lastAddressToken(tokens, k, lineEnd, g);
      if (end < lineEnd) break;
      k = lineEnd + 1;
      continue;
    }
    if (endsAtPlace(tokens, end, k, g) || endsAfterCapitalisedName(tokens, end, k, g, restoredCase)) break;
    if (!continuesAddress(tokens, k, g)) break;
    if (t.kind !== 'punct') end = k;
    k++;
  }
  return end;
}

/**
 * Once the address ends in a town ("… 44000 nantes"), a following lowercase word that is neither a place nor a
 * street or unit word is the writer's own ("thx", "cheers"), not more address: in lowercase text the capital that
 * would end the address is missing, and unlisted words are otherwise taken in. A short code or a word before a
 * number may still be a region and its postcode ("springfield il 62701").
 */
function endsAtPlace(tokens: Token[], end: number, k: number, g: Gazetteers): boolean {
  const last = tokens[end];
  const t = tokens[k];
  if (!isWord(last) || !isWord(t) || t.cap || t.allCaps || t.text.length <= 2) return false;
  if (!g.places.has(last.lower) || g.placeFirstWords.has(last.lower)) return false;
  if (g.places.has(t.lower) || ADDRESS_LOWER_OK.test(t.lower) || STREET_ABBREVIATIONS.has(t.lower)) return false;
  return !isNum(tokens, tokens[k + 1]);
}

/**
 * (round 18) The same once the address ends in a particle and a capitalised name ("31 chemin des Vignes pls"): a
 * lowercase word in no dictionary and no street, unit or place list after it is the writer's shorthand, since the
 * name's capital shows where it ends. Only after a particle: in all-lowercase text the case view gives listed words
 * their capital back ("858 begunje na gorenjskem"), a capital the writer never set. A short code or a word before a
 * number may still be a region and its postcode.
 */
function endsAfterCapitalisedName(
  tokens: Token[],
  end: number,
  k: number,
  g: Gazetteers,
  restoredCase: boolean,
): boolean {
  const t = tokens[k];
  if (!nameEndsStreet(tokens, end, restoredCase)) return false;
  if (!isWord(t) || t.cap || t.allCaps || (t.text.length <= 2 && !PROSE_AFTER_STREET.has(t.lower))) return false;
  if (g.places.has(t.lower) || ADDRESS_LOWER_OK.test(t.lower) || STREET_ABBREVIATIONS.has(t.lower)) return false;
  return !STREET_PREFIXES.has(t.lower) && !isNum(tokens, tokens[k + 1]);
}

/**
 * Whether the address so far ends in a written street name whose capital shows where it stops: a capitalised word
 * after a particle ("des Vignes"), or (round 20) after a street type written first ("boulevard Voltaire"), or a house
 * number after a name with its street type glued on ("Lindenstraße 14"). A lowercase word after it ("maintenant",
 * "seit Mai") is prose in a language whose words no English dictionary lists.
 */
function nameEndsStreet(tokens: Token[], end: number, restoredCase: boolean): boolean {
  const last = tokens[end];
  const prev = tokens[end - 1];
  const afterParticle = isWord(last) && (last.cap || last.allCaps) && PARTICLES.has(prev?.text ?? '');
  // (the round 20 cases only where the writer set the capitals: the case view capitalises listed words, "impasse
  // Des tilleuls", and the name would end one word short)
  if (afterParticle || restoredCase) return afterParticle;
  if (isWord(last) && (last.cap || last.allCaps)) return isWord(prev) && !prev.cap && STREET_PREFIXES.has(prev.lower);
  return last.kind === 'number' && isWord(prev) && prev.cap && GLUED_STREET.test(prev.lower);
}

function continuesAddress(tokens: Token[], k: number, g: Gazetteers): boolean {
  const t = tokens[k];
  if (t.kind === 'number') return t.text.length <= 6;
  if (t.kind === 'punct') {
    if (t.text === ',' || t.text === '-' || t.text === '(' || t.text === ')' || t.text === '#' || t.text === '/') {
      const n = tokens[k + 1];
      return (
        !!n &&
        !n.lineStart &&
        (n.kind === 'number' ||
          (n.kind === 'word' && (n.cap || n.allCaps || ADDRESS_LOWER_OK.test(n.lower) || !tokenIsCommon(n, g))) ||
          n.text === '(' ||
          n.text === ')')
      );
    }
    if (t.text === '.') {
      // "Apt. 5", "u. 15." continue; a period before a lowercase word or the end closes the sentence.
      const n = tokens[k + 1];
      return (
        !!n &&
        !n.lineStart &&
        t.gapBefore === '' &&
        (n.kind === 'number' || (n.kind === 'word' && (n.cap || n.allCaps)))
      );
    }
    return false;
  }
  if (t.cap || t.allCaps) return !SENTENCE_START_WORDS.test(t.text) || (t.allCaps && t.text.length === 2);
  return (
    ADDRESS_LOWER_OK.test(t.lower) ||
    STREET_PREFIXES.has(t.lower) ||
    STREET_ABBREVIATIONS.has(t.lower) ||
    !tokenIsCommon(t, g)
  );
}

function restOfLineIsEmpty(tokens: Token[], end: number): boolean {
  let k = end + 1;
  while (tokens[k] && !tokens[k].lineStart && tokens[k].kind === 'punct' && /^[.,;)\]]$/.test(tokens[k].text)) k++;
  return !tokens[k] || tokens[k].lineStart;
}

function lineEndIndex(tokens: Token[], k: number): number {
  let j = k;
  while (j + 1 < tokens.length && !tokens[j + 1].lineStart) j++;
  return j;
}

/** A short line of place names, codes, units and numbers ("KNIVSTA, nan 18237", "Cyprus (Greek) 25572", ", CO"). */
function isAddressLine(tokens: Token[], from: number, to: number, g: Gazetteers): boolean {
  if (to - from + 1 > MAX_TOKENS_PER_LINE) return false;
  // Labels ("Mobile: ...", "Phone:") start a new field.
  for (let j = from; j <= Math.min(to, from + 3); j++) if (tokens[j].text === ':') return false;
  for (let j = from; j <= to; j++) if (tokens[j].text === '@') return false;
  let good = 0;
  for (let j = from; j <= to; j++) {
    const t = tokens[j];
    if (t.kind === 'punct') continue;
    if (
      t.kind === 'number' ||
      t.cap ||
      t.allCaps ||
      ADDRESS_LOWER_OK.test(t.lower) ||
      g.places.has(t.lower) ||
      !tokenIsCommon(t, g)
    )
      good++;
    else return j > from && lastAddressToken(tokens, from, to, g) >= from;
  }
  return good > 0;
}

/**
 * Last token of the line that still belongs to the address (a line may go on with prose: "18237 after the concert").
 */
function lastAddressToken(tokens: Token[], from: number, to: number, g: Gazetteers): number {
  let last = from - 1;
  let lead = true;
  for (let j = from; j <= to; j++) {
    const t = tokens[j];
    if (t.kind === 'punct') {
      if (lead || continuesAddress(tokens, j, g) || t.text === ')' || !/[.?!;:"“”']/.test(t.text)) continue;
      break;
    }
    if (lead || continuesAddress(tokens, j, g)) last = j;
    else break;
    lead = false;
  }
  return last;
}

function lineHasPostcodeOrCountry(tokens: Token[], from: number, to: number, g: Gazetteers): boolean {
  for (let j = from; j <= to; j++) {
    const t = tokens[j];
    if (t.kind === 'number' && t.text.length >= 4) return true;
    if (t.kind === 'word' && g.countries.has(t.lower)) return true;
  }
  return false;
}
