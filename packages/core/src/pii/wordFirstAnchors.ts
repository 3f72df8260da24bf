// Anchor stage 3 of the street-address cascade (issue 26, round 19; run by detectAddresses.ts at a word token, after
// the unit anchors found none there): the rules for an address that starts with a word, first match wins. A lowercase
// street type, a name and a number ("via Roma 5"); a street type written first ("Rue Hsine Eloued"); a type glued on
// the name ("Søndergade 52"); name words after an address introduction ("at Allika 46", "on Marina Fort Street");
// name, type, number ("Kálmán Imre u. 12."); a lowercase glued name ("midtvollen 130"). Returns the anchor or
// undefined.
import {
  type AddressScan,
  type Anchor,
  MAX_STREET_NAME_WORDS,
  isNum,
  isWord,
  nextIdx,
  sameLine,
} from './addressScan.js';
import {
  ADDRESS_LOWER_OK,
  CORE_STREET_TYPES,
  GLUED_STREET,
  STREET_ABBREVIATIONS,
  STREET_PREFIXES,
} from './addressWords.js';
import type { Gazetteers } from './loadGazetteers.js';
import { NAME_PARTICLES, lineBefore, tokenIsCommon } from './nameSignals.js';
import type { Token } from './tokenizeText.js';

/** An address that starts with a word: the street type, the street name, or a name after an introduction. */
export function wordFirstAnchor(scan: AddressScan, i: number): Anchor | undefined {
  const { tokens, g, hasIntro } = scan;
  const t = tokens[i];
  // A lowercase street type first is a street when a capitalised name and a house number follow ("via Roma 5").
  if (!t.cap && !t.allCaps && STREET_PREFIXES.has(t.lower) && t.lower !== 'ul' && t.lower !== 'u') {
    const found = lowercaseTypeFirstAnchor(tokens, i);
    if (found) return found;
  }
  if (t.cap || t.allCaps || t.lower === 'ul' || t.lower === 'u' || (!tokenIsCommon(t, g) && hasIntro(t))) {
    const found = nameWordFirstAnchor(scan, i);
    if (found) return found;
  }
  // Name words, then the street type, then the number: "Kálmán Imre u. 12.", "hegyalja út 98.", "Brisas 6802".
  if ((t.cap || t.allCaps || !tokenIsCommon(t, g)) && !t.sentenceStart) {
    const found = nameTypeNumberAnchor(tokens, i);
    if (found) return found;
  }
  // Lowercase glued street names after an address introduction: "midtvollen 130".
  if (
    !t.cap &&
    !tokenIsCommon(t, g) &&
    isNum(tokens, tokens[nextIdx(tokens, i)]) &&
    sameLine(tokens[nextIdx(tokens, i)])
  ) {
    if (hasIntro(t) || GLUED_STREET.test(t.lower)) return [i, nextIdx(tokens, i)];
  }
  return undefined;
}

/** "via Roma 5": a lowercase street type, capitalised name words (and address particles), a house number. */
function lowercaseTypeFirstAnchor(tokens: Token[], i: number): Anchor | undefined {
  const k = nextIdx(tokens, i);
  let last = -1;
  for (let j = k; j < k + MAX_STREET_NAME_WORDS && sameLine(tokens[j]) && isWord(tokens[j]); j++) {
    if (tokens[j].cap) last = j;
    else if (!ADDRESS_LOWER_OK.test(tokens[j].lower)) break;
  }
  const num = tokens[last + 1];
  if (last >= 0 && isNum(tokens, num) && sameLine(num) && num.text.length <= 4) return [i, last + 1];
  return undefined;
}

/** A capitalised word first (or one that is no everyday word after an introduction): three rules in turn. */
function nameWordFirstAnchor(scan: AddressScan, i: number): Anchor | undefined {
  const { text, tokens, g, hasIntro } = scan;
  const t = tokens[i];
  // Street type first: "Rue Hsine Eloued", "Via dei Fiorentini 17", "ul. Chrzanowska 61", "Λεωφόρος Συγγρού 119".
  if (STREET_PREFIXES.has(t.lower)) {
    const found = typeFirstAnchor(scan, i);
    if (found) return found;
  }
  // Street-type glued on the name, then the house number: "Søndergade 52", "Kiannonkatu 98", "Bundesstrasse 31".
  if (GLUED_STREET.test(t.lower) && t.text.length > 5) {
    const k = nextIdx(tokens, i);
    if (isNum(tokens, tokens[k]) && sameLine(tokens[k])) return [i, k];
  }
  // Name words + house number right after an address introduction: "at Allika 46", "on Joaquin Suarez 2906".
  if (!t.sentenceStart || /\b(?:user|address)\s*:\s*$/i.test(lineBefore(text, t.start, 16))) {
    // (also lowercase street types and abbreviations right after the introduction: "bulw. Olejniczak 14b", "rynek
    // Adamski 15")
    const intro = hasIntro(t) || (t.lineStart && previousLineIsAddressLabel(text, t.start));
    if (intro) return introStreetAnchor(tokens, i, g);
  }
  return undefined;
}

/** Street type first, then name words, then perhaps a house number (needed unless introduced or aggressive). */
function typeFirstAnchor({ tokens, mode, hasIntro }: AddressScan, i: number): Anchor | undefined {
  const t = tokens[i];
  let k = nextIdx(tokens, i);
  let last = -1;
  for (let words = 0; k < tokens.length && words < MAX_STREET_NAME_WORDS; words++) {
    const w = tokens[k];
    if (!sameLine(w)) break;
    if (isWord(w) && (w.cap || w.allCaps || NAME_PARTICLES.has(w.lower) || ADDRESS_LOWER_OK.test(w.lower))) {
      if (w.cap || w.allCaps) last = k;
      k = nextIdx(tokens, k);
    } else break;
  }
  if (last >= 0) {
    if (isNum(tokens, tokens[last + 1]) && sameLine(tokens[last + 1])) last++;
    const hasNumber = isNum(tokens, tokens[last]) || isNum(tokens, tokens[i - 1]);
    if (hasNumber || hasIntro(t) || mode === 'aggressive') return [i, last];
  }
  return undefined;
}

/** Name words after an address introduction, then a house number or a street type. */
function introStreetAnchor(tokens: Token[], i: number, g: Gazetteers): Anchor | undefined {
  let k = i;
  const words: Token[] = [];
  while (
    k < tokens.length &&
    words.length < MAX_STREET_NAME_WORDS &&
    isWord(tokens[k]) &&
    (k === i || sameLine(tokens[k]))
  ) {
    if (
      !tokens[k].cap &&
      !tokens[k].allCaps &&
      !NAME_PARTICLES.has(tokens[k].lower) &&
      !/^(?:u|ul|al)$/.test(tokens[k].lower) &&
      tokenIsCommon(tokens[k], g)
    )
      break;
    words.push(tokens[k]);
    k = nextIdx(tokens, k);
  }
  // (round 20) "On se voit au 17 rue du Moulin": a number followed by a street type written first opens its own
  // street; the words before it are the writer's prose (foreign words read as no everyday English), not a name.
  if (numberOpensTypeFirstStreet(tokens, k)) return undefined;
  if (
    words.length &&
    isNum(tokens, tokens[k]) &&
    sameLine(tokens[k]) &&
    tokens[k].text.length <= 5 &&
    words.some((w) => !tokenIsCommon(w, g))
  )
    return [i, k];
  // "on Marina Fort Street", "at Crown Road": capitalised name + street type, no number.
  // (a possessive before the type is someone's home, not a street: "at siddiqui's place", "at Jo's place")
  const possessive = words.some((w) => w.text[0] === "'" || w.text[0] === '’');
  if (
    !possessive &&
    words.length >= 2 &&
    CORE_STREET_TYPES.test(words[words.length - 1].text) &&
    words.slice(0, -1).some((w) => !tokenIsCommon(w, g))
  ) {
    return [i, words[words.length - 1].index];
  }
  if (
    !possessive &&
    words.length >= 1 &&
    words.length < MAX_STREET_NAME_WORDS &&
    isWord(tokens[k]) &&
    sameLine(tokens[k]) &&
    CORE_STREET_TYPES.test(tokens[k].text)
  ) {
    return [i, k];
  }
  return undefined;
}

/** A house number at `k` followed on its line by a street type written before the name ("17 rue", "5 avenue"). */
function numberOpensTypeFirstStreet(tokens: Token[], k: number): boolean {
  const n = tokens[nextIdx(tokens, k)];
  return isNum(tokens, tokens[k]) && isWord(n) && sameLine(n) && STREET_PREFIXES.has(n.lower);
}

/** Up to three name words, then a street abbreviation, then the house number. */
function nameTypeNumberAnchor(tokens: Token[], i: number): Anchor | undefined {
  let k = i;
  for (let words = 0; words < 3 && isWord(tokens[k]) && (k === i || sameLine(tokens[k])); words++) {
    const w = tokens[k];
    if (words > 0 && STREET_ABBREVIATIONS.has(w.lower)) {
      const v = nextIdx(tokens, k);
      if (isNum(tokens, tokens[v]) && sameLine(tokens[v])) return [i, v];
      break;
    }
    k = nextIdx(tokens, k);
  }
  return undefined;
}

function previousLineIsAddressLabel(text: string, start: number): boolean {
  const lineStartIdx = text.lastIndexOf('\n', start - 1);
  if (lineStartIdx < 0) return false;
  if (text.slice(lineStartIdx + 1, start).trim() !== '') return false;
  const prevStart = text.lastIndexOf('\n', lineStartIdx - 1) + 1;
  // Trimmed first: `\s*:?\s*$` let two blank runs share a long run of blanks at the line's end (quadratic).
  return /\baddress(?:es)?(?:\s*:)?$/i.test(text.slice(prevStart, lineStartIdx).trimEnd());
}
