// ADDRESS: street addresses found by their grammar (house number + street name + street type, unit designators,
// post boxes, military addresses, street-type words glued to names) and grown over the rest of the address:
// the street line's tail, then city / region / postcode / country lines below it.
import type { Gazetteers } from './loadGazetteers.js';
import { NAME_PARTICLES, isCommonWord, lineBefore, tokenIsCommon } from './nameSignals.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import type { Token } from './tokenizeText.js';
import { isModelNumber } from './modelCodes.js';
import { detectTypeFirstStreets } from './typeFirstStreets.js';
import { detectLowercaseUkPostcodes } from './ukLowercasePostcode.js';
import { dayThenMonth } from './datesBeforeNames.js';
import { TIME_ONLY_PREPOSITIONS } from './yearPrepositions.js';
import { STREET_NAME_PARTICLES } from './streetParticles.js';

/** Words between a house number and the street type ("14 [Crown] Street", "63 [Avenue du Golf Arabe]"). */
const MAX_STREET_NAME_WORDS = 4;
/** Lines below a street line that may still belong to the address (unit, city, region, country + postcode). */
const MAX_CONTINUATION_LINES = 5;
/** Tokens on one continuation line: an address line is short. */
const MAX_TOKENS_PER_LINE = 12;

/**
 * Capitalised words that start a sentence or a greeting rather than continue an address ("... Main St. Please ...").
 */
const SENTENCE_START_WORDS = new RegExp(
  String.raw`^(?:I|I'm|I'd|I'll|Please|Thanks|Thank|Is|Are|Can|Could|Would|Will|Do|Does|For|After|And|But|The` +
    String.raw`|This|That|It|In|If|When|We|You|He|She|They|My|Our)$`,
);

const UNIT_RE =
  /^(?:suite|ste|apt|apartment|unit|flat|room|rm|floor|fl|bldg|building|postbox|psc|cmr|pmb|lot|piso|apto|whg)$/i;
const STREET_ABBREVIATIONS = new Set([
  'st',
  'rd',
  'ave',
  'av',
  'blvd',
  'bd',
  'ln',
  'dr',
  'ct',
  'pl',
  'sq',
  'ter',
  'terr',
  'hwy',
  'pkwy',
  'cres',
  'cl',
  'str',
  'u',
  'ul',
  'al',
  'cir',
  'crt',
  'pde',
  'esp',
  'gdns',
  'gr',
  'mt',
  'rte',
  'trl',
  'wy',
  'ctr',
  'plz',
  'xing',
  'fwy',
  'expy',
  'jct',
  'bvd',
  'vej',
  'gade',
  'gata',
  'gatan',
  'utca',
  'út',
  'útja',
  'tér',
  'körút',
  'iela',
  'tänav',
  'straße',
  'strasse',
  'weg',
  'gasse',
  'platz',
  'allee',
  'laan',
  'straat',
  'katu',
  'tie',
  'kuja',
  'vegur',
  'veien',
  'vegen',
  'terrasse',
  'gränd',
  'vägen',
  'stræti',
]);
const STREET_PREFIXES = new Set([
  'rue',
  'avenue',
  'av',
  'avda',
  'avenida',
  'via',
  'viale',
  'vicolo',
  'calle',
  'paseo',
  'rua',
  'travessa',
  'praça',
  'piazza',
  'piazzale',
  'plaza',
  'plac',
  'ul',
  'ulica',
  'al',
  'aleja',
  'λεωφόρος',
  'οδός',
  'boulevard',
  'bd',
  'bld',
  'chemin',
  'carrer',
  'camino',
  'quadra',
  'strada',
  'corso',
  'largo',
  'rambla',
  'ronda',
  'carretera',
  'calzada',
  'impasse',
  'allée',
  'place',
  'quai',
  'cours',
  'ulitsa',
  'prospekt',
  'улица',
  'ул',
  'проспект',
  'pasaje',
  'estrada',
  'alameda',
  'rodovia',
]);
/** Street-type words written onto the name: Søndergade, Magasinsgatan, Kiannonkatu, Bundesstrasse, Þorsteinsgata. */
const GLUED_STREET = new RegExp(
  String.raw`(?:straße|strasse|str|gasse|weg|platz|allee|ring|damm|ufer|gade|vej|gatan|gata|gränd|vägen|väg` +
    String.raw`|veien|vegen|vegur|stræti|braut|katu|tie|kuja|polku|laan|straat|gracht|plein|dijk|kade|singel` +
    String.raw`|utca|útja|körút|iela|gatvė|tänav|ulice|náměstí|třída|ulica|cesta|ulitsa|sokak|caddesi|bulvarı)$`,
  'i',
);
/** Everyday words that often make up a street's name ("fourth avenue", "old mill road"). */
const STREET_NAME_WORDS = new RegExp(
  String.raw`^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|north|south|east|west|old` +
    String.raw`|new|upper|lower|great|little|high|main|church|mill|park|lake|hill|market|station|school|bridge` +
    String.raw`|king|queen|green|long)$`,
);
/** Words that introduce an address. */
const ADDRESS_INTRO = new RegExp(
  String.raw`(?:\baddress(?:es)?\b[^.\n]{0,30}?(?:is|are|:|with)` +
    String.raw`|\b(?:lives?|living|located|situated|based|stay(?:ing)?|reside[sd]?|moved|meet(?: me| you)?` +
    String.raw`|drops? (?:you |me )?off|pick (?:me |you )?up|deliver(?:ed)?|send|sent|ship(?:ped)?|mail(?:ed)?` +
    String.raw`|return(?:ed)?|taxi|office is|shop is|store is|restaurant is|it is|it's|is at|are at` +
    String.raw`|enter)\b[^.\n]{0,25}?\b(?:at|on|to|in|is)|\b(?:at|on|to)|\buser\s*:` +
    String.raw`|\bhere (?:they|it) (?:are|is):|\bbilling address with|\bshipping address|\baddress)\s*$`,
  'i',
);
/** Street types common enough in English text to mark a street without a house number ("on Marina Fort Street"). */
const CORE_STREET_TYPES = new RegExp(
  String.raw`^(?:street|road|avenue|lane|boulevard|drive|way|square|place|crescent|terrace|court|close` +
    String.raw`|parkway|highway|st|rd|ave|blvd|ln)$`,
  'i',
);
/** Last words of every ADDRESS_INTRO form: the regex runs only when the previous token is one of them. */
const INTRO_LAST_WORDS = new Set(['at', 'on', 'to', 'in', 'is', 'are', 'with', 'address', 'addresses', ':']);
const POSTCODE_LABEL =
  /\b(?:zip|zip code|zipcode|postcode|postal code|post code|plz|cap|cp)(?:\s+(?:is|was|=))?\s*[:#]?\s*$/i;
/** British and Canadian postcodes have a shape no ordinary word has ("LS6 2QT", "H2X 1Y4"): found anywhere. */
const SHAPED_POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d)\b/g;
/** Four digits, a space and two capitals: the Dutch postcode shape. */
const DIGITS_LETTERS_POSTCODE = /\b([1-9]\d{3}) ?([A-Z]{2})\b/g;
const ERA_OR_TIME = /^(?:BC|AD|CE|AM|PM|BCE)$/;
/** A postcode word earlier in the same clause. */
const POSTCODE_WORD_BEFORE = /\b(?:zip|zip code|zipcode|postcode|postal code|post code|plz)\b[^.\n]{0,30}$/i;
/** Prepositions that put a year before a name ("in 2019 Berlin …"); with no street type it is no house number. */
const YEAR_PREPOSITIONS = new Set([
  'in',
  'by',
  'since',
  'from',
  'during',
  'until',
  'till',
  'after',
  'before',
  'around',
  'circa',
  'of',
]);
const TIME_ONLY = new Set(TIME_ONLY_PREPOSITIONS);
/** A four- or five-digit number that reads as a year, not a postcode, next to a city ("Paris 2024"). */
const YEAR_LIKE = /^(?:1[89]|20)\d\d$/;
/** Lowercase words that may sit inside an address ("Paseo del Atlántico", "Árpád fejedelem útja", "delmas, mp"). */
const ADDRESS_LOWER_OK = new RegExp(
  String.raw`^(?:de|del|dei|degli|della|delle|des|du|da|do|dos|das|di|la|le|les|el|van|von|der|den|op|aan|y|i` +
    String.raw`|e|och|og|und|et|nan|u|ul|al|apt|suite|ste|st|rd|str|box)$`,
);

export function detectAddresses(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  numberNeighbours = tokens;
  const introCache = new Map<number, boolean>();
  hasIntro = (t: Token) => {
    const p = tokens[t.index - 1];
    if (!p || !INTRO_LAST_WORDS.has(p.lower)) return false;
    let v = introCache.get(t.index);
    if (v === undefined) {
      v = ADDRESS_INTRO.test(lineBefore(text, t.start, 48));
      introCache.set(t.index, v);
    }
    return v;
  };
  const isSuffix = (t: Token) =>
    t.kind === 'word' &&
    (STREET_ABBREVIATIONS.has(t.lower) || (g.streetSuffixes.has(t.lower) && (t.cap || t.allCaps || mode !== 'fast')));
  const n = tokens.length;
  let i = 0;
  while (i < n) {
    const anchor = findAnchor(text, tokens, i, g, mode, isSuffix);
    if (!anchor) {
      i++;
      continue;
    }
    let [s, e] = anchor;
    s = growLeft(tokens, s, g, text);
    e = withLetterSuffix(tokens, e);
    e = withLetterSuffix(tokens, growRight(tokens, e, g));
    out.push({ type: 'ADDRESS', start: tokens[s].start, end: tokens[e].end, score: 0.85 });
    i = e + 1;
  }
  // "the corner of X and Y": both streets and the phrase itself.
  for (const m of text.matchAll(
    /\b(?:the )?corner of ([^\n,.;]{3,60}?) and ([^\n,.;]{3,60}?)(?=[.,;!?\n]|$| after| for| in case)/gi,
  )) {
    out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.8 });
  }
  // Postcodes after a label ("ZIP: 3520", "Postal code 75534-030").
  for (const m of text.matchAll(/\b\d{3,5}(?:[- ]\d{2,4})?(?: ?[A-Z]{2})?\b/g)) {
    if (POSTCODE_LABEL.test(lineBefore(text, m.index!, 24)))
      out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.85 });
  }
  for (const m of text.matchAll(SHAPED_POSTCODE))
    out.push({ type: 'ADDRESS', start: m.index!, end: m.index! + m[0].length, score: 0.8 });
  out.push(...detectLowercaseUkPostcodes(text), ...detectTypeFirstStreets(text));
  out.push(...detectDigitsLettersPostcodes(text, tokens, g), ...detectPostcodesByCities(tokens, g));
  return out;
}

/**
 * Dutch-style codes, four digits and two capitals ("3511 AS"): before a listed town, or with a postcode word
 * earlier in the clause ("the postal code; mine is 1015 CJ"). "2000 BC", "1030 AM" are eras and times.
 */
function detectDigitsLettersPostcodes(text: string, tokens: Token[], g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(DIGITS_LETTERS_POSTCODE)) {
    if (ERA_OR_TIME.test(m[2])) continue;
    // "Model 4000 XL Turbo": a model number and size, not a postcode before a town.
    if (isModelNumber(tokens, tokenAt(tokens, m.index!), g)) continue;
    const end = m.index! + m[0].length;
    const town = /^ (\p{Lu}[\p{L}-]+)/u.exec(text.slice(end, end + 40));
    if ((town && g.places.has(town[1].toLowerCase())) || POSTCODE_WORD_BEFORE.test(lineBefore(text, m.index!, 48)))
      out.push({ type: 'ADDRESS', start: m.index!, end, score: 0.75 });
  }
  return out;
}

/** A postcode right after or before a known city ("Leeds 4021", "69003 Lyon"), outside any address block. */
function detectPostcodesByCities(tokens: Token[], g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const t of tokens) {
    if (t.kind !== 'number' || t.text.length < 4 || t.text.length > 5 || YEAR_LIKE.test(t.text)) continue;
    const prev = tokens[t.index - 1]?.text === ',' ? tokens[t.index - 2] : tokens[t.index - 1];
    const next = tokens[t.index + 1];
    const isCity = (w: Token | undefined) =>
      w !== undefined && w.kind === 'word' && w.cap && !isCommonWord(w.lower, g) && g.places.has(w.lower);
    const near = (w: Token | undefined) => w !== undefined && !/\n/.test(w.index < t.index ? t.gapBefore : w.gapBefore);
    if ((isCity(prev) && near(prev)) || (isCity(next) && near(next) && next.gapBefore === ' ')) {
      out.push({ type: 'ADDRESS', start: t.start, end: t.end, score: 0.7 });
    }
  }
  return out;
}

type Anchor = [number, number];

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

/** "86" + "B" in "Solbakken 86B": the letter belongs to the house number. */
function withLetterSuffix(tokens: Token[], e: number): number {
  const n = tokens[e + 1];
  return tokens[e].kind === 'number' && n && n.kind === 'word' && n.gapBefore === '' && n.text.length === 1 ? e + 1 : e;
}
/** Whether an address introduction ("lives at", "Address:", "send it to") ends right before a token; set per call. */
let hasIntro: (t: Token) => boolean = () => false;

function isWord(t: Token | undefined): boolean {
  return !!t && t.kind === 'word';
}
/**
 * A whole number of at most six digits, not glued to letters ("WH46DBH500", "3rd", "24x7", "2D" are not house numbers).
 */
function isNum(t: Token | undefined): boolean {
  if (t?.kind !== 'number' || t.text.length > 6) return false;
  const next = numberNeighbours?.[t.index + 1];
  const prev = numberNeighbours?.[t.index - 1];
  if (prev && t.gapBefore === '' && prev.kind === 'word') return false;
  // One letter glued after the number is a house-number suffix ("86B", "14b"); more letters make a model number.
  if (next && next.gapBefore === '' && next.kind === 'word' && next.text.length > 1) return false;
  return true;
}
/** The token array of the current call, for `isNum`'s neighbour check. */
let numberNeighbours: Token[] | undefined;
function sameLine(t: Token | undefined): boolean {
  return !!t && !t.lineStart;
}
/** Index of the next token, skipping one "." right after a word ("Apt. 5", "u. 15"). */
function nextIdx(tokens: Token[], k: number): number {
  return tokens[k + 1]?.text === '.' && tokens[k + 1].gapBefore === '' ? k + 2 : k + 1;
}

/** Words that can open a unit, post-box or military anchor: the specific checks run only for these. */
const UNIT_ANCHOR_WORDS = new Set([
  'suite',
  'ste',
  'apt',
  'apartment',
  'unit',
  'flat',
  'room',
  'rm',
  'floor',
  'fl',
  'bldg',
  'building',
  'postbox',
  'psc',
  'cmr',
  'pmb',
  'lot',
  'piso',
  'apto',
  'whg',
  'p',
  'po',
  'box',
  'apo',
  'fpo',
  'dpo',
  'usns',
  'usnv',
  'uss',
  'uscgc',
]);

function findAnchor(
  text: string,
  tokens: Token[],
  i: number,
  g: Gazetteers,
  mode: PiiMode,
  isSuffix: (t: Token) => boolean,
): Anchor | undefined {
  const t = tokens[i];
  if (t.kind === 'punct') return undefined;
  if (t.kind === 'word' && UNIT_ANCHOR_WORDS.has(t.lower)) {
    const unit = findUnitAnchor(text, tokens, i);
    if (unit) return unit;
  }
  return findStreetAnchor(text, tokens, i, g, mode, isSuffix);
}

function findUnitAnchor(text: string, tokens: Token[], i: number): Anchor | undefined {
  const t = tokens[i];
  if (!isWord(t)) return undefined;
  // Unit designators and post boxes: "Suite 501", "Apt. 656", "P.O. Box 149", "PSC 0413", "Unit 4719 Box 7394".
  if (UNIT_RE.test(t.text)) {
    const k = nextIdx(tokens, i);
    const v = tokens[k];
    if ((isNum(v) || (v?.text === '#' && isNum(tokens[k + 1]))) && sameLine(v)) return [i, v.text === '#' ? k + 1 : k];
  }
  return findPostBoxAnchor(text, tokens, i) ?? findMilitaryAnchor(tokens, i);
}

/** Post boxes: "P.O. Box 149", "PO Box 12", "Postbox 7", and a bare "Box 7394" after a unit or PSC number. */
function findPostBoxAnchor(text: string, tokens: Token[], i: number): Anchor | undefined {
  const t = tokens[i];
  if (/^p$/i.test(t.text) && tokens[i + 1]?.text === '.' && /^o$/i.test(tokens[i + 2]?.text ?? '')) {
    let k = i + 3;
    if (tokens[k]?.text === '.') k++;
    if (/^box$/i.test(tokens[k]?.text ?? '') && isNum(tokens[k + 1])) return [i, k + 1];
  }
  if (/^(?:po|postbox|box)$/i.test(t.text)) {
    let k = i + 1;
    if (/^box$/i.test(tokens[k]?.text ?? '')) k++;
    if (
      isNum(tokens[k]) &&
      sameLine(tokens[k]) &&
      (t.lower !== 'box' || /\b(?:p\.?\s?o\.?|psc|unit)\s*\d*\s*,?\s*$/i.test(lineBefore(text, t.start, 20)))
    )
      return [i, k];
  }
  return undefined;
}

/** Military mail: "APO AA 42323", "USNV Botolen". */
function findMilitaryAnchor(tokens: Token[], i: number): Anchor | undefined {
  const t = tokens[i];
  if (/^(?:APO|FPO|DPO)$/.test(t.text) && /^(?:AA|AE|AP)$/.test(tokens[i + 1]?.text ?? '') && isNum(tokens[i + 2]))
    return [i, i + 2];
  if (/^(?:USNS|USNV|USS|USCGC)$/.test(t.text) && isWord(tokens[i + 1]) && tokens[i + 1].cap) return [i, i + 1];
  return undefined;
}

/**
 * A street address starting at token `i`, by the first rule of the cascade that matches: rules for a house number
 * first, then rules for a street or name word first.
 */
function findStreetAnchor(
  text: string,
  tokens: Token[],
  i: number,
  g: Gazetteers,
  mode: PiiMode,
  isSuffix: (t: Token) => boolean,
): Anchor | undefined {
  const t = tokens[i];
  if (isNum(t)) return numberFirstAnchor(tokens, i, g, isSuffix);
  if (isWord(t)) return wordFirstAnchor(text, tokens, i, g, mode);
  return undefined;
}

/** An address that starts with its house number (or a postcode then the number). */
function numberFirstAnchor(
  tokens: Token[],
  i: number,
  g: Gazetteers,
  isSuffix: (t: Token) => boolean,
): Anchor | undefined {
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
  const typed = numberNameTypeAnchor(tokens, i, g, isSuffix);
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
function numberNameTypeAnchor(
  tokens: Token[],
  i: number,
  g: Gazetteers,
  isSuffix: (t: Token) => boolean,
): Anchor | undefined {
  const t = tokens[i];
  let k = i + 1;
  if (isNum(tokens[k]) && sameLine(tokens[k])) k++; // "17151 2450 Crown St": postcode then number
  let words = 0;
  // The street name starts after a space: "14. Bird's Eye View" is a list item, "2D" a dimension.
  const firstName = tokens[k];
  const spaced = !!firstName && firstName.gapBefore !== '';
  for (; spaced && k < tokens.length && words <= MAX_STREET_NAME_WORDS; k++) {
    const w = tokens[k];
    if (!sameLine(w) || !(isWord(w) || (w.text === '.' && words > 0) || w.text === '-')) break;
    if (isWord(w)) {
      if (words > 0 && isSuffix(w) && (w.cap || w.allCaps || !tokens[i + 1]?.cap || hasIntro(t))) return [i, k];
      // Lowercase words may be foreign street names ("rue de la Hulotais", "trg revolucije"), not everyday English.
      // After an address introduction a lowercase street of everyday words is one too ("to 112 hawthorn close").
      if (
        !w.cap &&
        !w.allCaps &&
        !NAME_PARTICLES.has(w.lower) &&
        !isSuffix(w) &&
        !STREET_PREFIXES.has(w.lower) &&
        !STREET_NAME_WORDS.test(w.lower) &&
        tokenIsCommon(w, g) &&
        (FUNCTION_WORDS.has(w.lower) || words >= 2 || !hasIntro(t))
      )
        break;
      words++;
    }
  }
  return undefined;
}

/** Number, name words, number: "20789 Allika 46", "0605 πεντέλης 210", "4844 Søndergade 52". */
function numberNameNumberAnchor(tokens: Token[], i: number, g: Gazetteers): Anchor | undefined {
  const nameStart = isNum(tokens[i + 1]) && sameLine(tokens[i + 1]) ? i + 2 : i + 1;
  let k2 = nameStart;
  while (k2 < tokens.length && k2 - nameStart < MAX_STREET_NAME_WORDS && isWord(tokens[k2]) && sameLine(tokens[k2]))
    k2 = nextIdx(tokens, k2);
  if (
    k2 > nameStart &&
    tokens[nameStart].gapBefore !== '' &&
    isNum(tokens[k2]) &&
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
  let k = isNum(tokens[i + 1]) && sameLine(tokens[i + 1]) ? i + 2 : i + 1;
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
  if (nameWords.length >= 1 && nameWords.some((w) => !tokenIsCommon(w, g))) return [i, k - 1];
  return undefined;
}

/** An address that starts with a word: the street type, the street name, or a name after an introduction. */
function wordFirstAnchor(text: string, tokens: Token[], i: number, g: Gazetteers, mode: PiiMode): Anchor | undefined {
  const t = tokens[i];
  // A lowercase street type first is a street when a capitalised name and a house number follow ("via Roma 5").
  if (!t.cap && !t.allCaps && STREET_PREFIXES.has(t.lower) && t.lower !== 'ul' && t.lower !== 'u') {
    const found = lowercaseTypeFirstAnchor(tokens, i);
    if (found) return found;
  }
  if (t.cap || t.allCaps || t.lower === 'ul' || t.lower === 'u' || (!tokenIsCommon(t, g) && hasIntro(t))) {
    const found = nameWordFirstAnchor(text, tokens, i, g, mode);
    if (found) return found;
  }
  // Name words, then the street type, then the number: "Kálmán Imre u. 12.", "hegyalja út 98.", "Brisas 6802".
  if ((t.cap || t.allCaps || !tokenIsCommon(t, g)) && !t.sentenceStart) {
    const found = nameTypeNumberAnchor(tokens, i);
    if (found) return found;
  }
  // Lowercase glued street names after an address introduction: "midtvollen 130".
  if (!t.cap && !tokenIsCommon(t, g) && isNum(tokens[nextIdx(tokens, i)]) && sameLine(tokens[nextIdx(tokens, i)])) {
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
  if (last >= 0 && isNum(num) && sameLine(num) && num.text.length <= 4) return [i, last + 1];
  return undefined;
}

/** A capitalised word first (or one that is no everyday word after an introduction): three rules in turn. */
function nameWordFirstAnchor(
  text: string,
  tokens: Token[],
  i: number,
  g: Gazetteers,
  mode: PiiMode,
): Anchor | undefined {
  const t = tokens[i];
  // Street type first: "Rue Hsine Eloued", "Via dei Fiorentini 17", "ul. Chrzanowska 61", "Λεωφόρος Συγγρού 119".
  if (STREET_PREFIXES.has(t.lower)) {
    const found = typeFirstAnchor(tokens, i, mode);
    if (found) return found;
  }
  // Street-type glued on the name, then the house number: "Søndergade 52", "Kiannonkatu 98", "Bundesstrasse 31".
  if (GLUED_STREET.test(t.lower) && t.text.length > 5) {
    const k = nextIdx(tokens, i);
    if (isNum(tokens[k]) && sameLine(tokens[k])) return [i, k];
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
function typeFirstAnchor(tokens: Token[], i: number, mode: PiiMode): Anchor | undefined {
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
    if (isNum(tokens[last + 1]) && sameLine(tokens[last + 1])) last++;
    const hasNumber = isNum(tokens[last]) || isNum(tokens[i - 1]);
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
  if (
    words.length &&
    isNum(tokens[k]) &&
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

/** Up to three name words, then a street abbreviation, then the house number. */
function nameTypeNumberAnchor(tokens: Token[], i: number): Anchor | undefined {
  let k = i;
  for (let words = 0; words < 3 && isWord(tokens[k]) && (k === i || sameLine(tokens[k])); words++) {
    const w = tokens[k];
    if (words > 0 && STREET_ABBREVIATIONS.has(w.lower)) {
      const v = nextIdx(tokens, k);
      if (isNum(tokens[v]) && sameLine(tokens[v])) return [i, v];
      break;
    }
    k = nextIdx(tokens, k);
  }
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
function particleThenName(tokens: Token[], k: number): boolean {
  let j = k;
  for (let n = 0; n < 2 && isWord(tokens[j]) && sameLine(tokens[j]) && PARTICLES.has(tokens[j].text); n++) j++;
  const w = tokens[j];
  return j > k && isWord(w) && sameLine(w) && (w.cap || w.allCaps);
}
const PARTICLES = new Set(STREET_NAME_PARTICLES);

/** Whether a word between the street type at `k` and `j` is written with a capital. */
function capitalisedBefore(tokens: Token[], k: number, j: number): boolean {
  for (let m = k + 1; m < j; m++) if (tokens[m].cap || tokens[m].allCaps) return true;
  return false;
}
/** Street types that are everyday English words after a number: lowercase they open no street. */
const ENGLISH_PREFIXES = new Set(['via', 'place', 'plaza', 'al', 'cours', 'largo', 'bd', 'av', 'ronda', 'quadra']);
/** Words a lowercase street name never holds ("to 5 miles down the road" is no street). */
const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'on',
  'in',
  'to',
  'and',
  'or',
  'for',
  'with',
  'at',
  'by',
  'from',
  'my',
  'your',
  'our',
  'his',
  'her',
  'their',
  'its',
  'this',
  'that',
]);

function previousLineIsAddressLabel(text: string, start: number): boolean {
  const lineStartIdx = text.lastIndexOf('\n', start - 1);
  if (lineStartIdx < 0) return false;
  if (text.slice(lineStartIdx + 1, start).trim() !== '') return false;
  const prevStart = text.lastIndexOf('\n', lineStartIdx - 1) + 1;
  // Trimmed first: `\s*:?\s*$` let two blank runs share a long run of blanks at the line's end (quadratic).
  return /\baddress(?:es)?(?:\s*:)?$/i.test(text.slice(prevStart, lineStartIdx).trimEnd());
}

/** Takes in a house number or capitalised name words just before the anchor on the same line. */
function growLeft(tokens: Token[], s: number, g: Gazetteers, text: string): number {
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
      isNum(p) ||
      (isWord(p) && (p.cap || p.allCaps) && !tokenIsCommon(p, g) && !p.sentenceStart) ||
      (isWord(p) && STREET_PREFIXES.has(p.lower))
    ) {
      k--;
      taken++;
    } else break;
  }
  return k;
}

/**
 * Continues over the rest of the address: units, numbers, capitalised words, places and state codes on the same line,
 * then on following short lines (city / region / postcode / country), stopping at ordinary prose.
 */
function growRight(tokens: Token[], e: number, g: Gazetteers): number {
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
    if (endsAtPlace(tokens, end, k, g) || endsAfterCapitalisedName(tokens, end, k, g)) break;
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
  return !isNum(tokens[k + 1]);
}

/**
 * (round 18) The same once the address ends in a particle and a capitalised name ("31 chemin des Vignes pls"): a
 * lowercase word in no dictionary and no street, unit or place list after it is the writer's shorthand, since the
 * name's capital shows where it ends. Only after a particle: in all-lowercase text the case view gives listed words
 * their capital back ("858 begunje na gorenjskem"), a capital the writer never set. A short code or a word before a
 * number may still be a region and its postcode.
 */
function endsAfterCapitalisedName(tokens: Token[], end: number, k: number, g: Gazetteers): boolean {
  const last = tokens[end];
  const t = tokens[k];
  if (!isWord(last) || !(last.cap || last.allCaps) || !PARTICLES.has(tokens[end - 1]?.text ?? '')) return false;
  if (!isWord(t) || t.cap || t.allCaps || t.text.length <= 2) return false;
  if (g.places.has(t.lower) || ADDRESS_LOWER_OK.test(t.lower) || STREET_ABBREVIATIONS.has(t.lower)) return false;
  return !STREET_PREFIXES.has(t.lower) && !isNum(tokens[k + 1]);
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
