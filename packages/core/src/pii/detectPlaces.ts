// LOCATION: cities, regions and countries from the gazetteers, and unknown capitalised names right after a place
// preposition ("from Riisa", "in TROMSØ").
import type { Gazetteers } from './loadGazetteers.js';
import {
  FACILITY_WORDS,
  NAME_PARTICLES,
  PLACE_INTRO,
  hasForeignLetters,
  isFirstName,
  lineBefore,
  tokenIsCommon,
} from './nameSignals.js';
import { followsModelCode } from './modelCodes.js';
import { nonSpatialTo } from './personSources.js';
import { organizationRun, organizationsInText } from './personOrganizations.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import { postcodeAfterTown } from './standalonePostcodes.js';
import type { Token } from './tokenizeText.js';

/**
 * Verb + preposition pairs that make an unknown capitalised word a place in `accurate` mode ("moved here from X");
 * (round 20) also the nouns a place name completes ("the University of X", "the town of X").
 */
const STRONG_PLACE_INTRO = new RegExp(
  String.raw`\b(?:(?:travel(?:l?ing|led|s)?|trip|flew|fly|flying|moved?|moving|drove|driving|returned|return` +
    String.raw`|back|go|going|went|arrive[sd]?|arriving|relocated|emigrated|headed|heading)` +
    String.raw`(?: here| there| back| home)? (?:to|from|in|at)` +
    String.raw`|(?:originally|come|comes|came|am|is|are|i'm) from|visit(?:ing|ed)?` +
    String.raw`|(?:born|based|live|lives|living|lived|located|headquartered|stay(?:ing)?|am|i'm|we're) in` +
    String.raw`|capital of|(?:university|college|city|town|village|province|county) of)\s*$`,
  'i',
);
/** Bare prepositions: an unknown word after them is a place only if it looks foreign ("in TROMSØ", "from Łódź"). */
// (round 17: "outside" as well, "just outside Tuxtepec.", "lives just outside Juchitán": a place preposition as much
// as "near", under the same foreign-or-clause-end test)
const BARE_PLACE_INTRO = /\b(?:in|from|to|near|at|outside)\s*$/i;
const PLACE_OPENERS = new RegExp(
  String.raw`^(?:north|south|east|west|upper|lower|new|old|port|fort|mount|lake|san|santa|santo|saint|st` +
    String.raw`|great|little|long|big|sankt|bad)$`,
);
/** Labels whose value is a place ("City: Køge"). */
const PLACE_LABEL = new RegExp(
  String.raw`\b(?:city|town|village|country|state|province|region|county|municipality|place of birth` +
    String.raw`|birthplace|hometown|location)\s*:\s*$`,
  'i',
);
/** Last words of the place introductions: the regexes run only after one of them. */
const PLACE_PREPOSITIONS = new Set([
  'from',
  'in',
  'to',
  'at',
  'near',
  'outside',
  'into',
  'visit',
  'visiting',
  'visited',
  'towards',
  'toward',
  'via',
  'of',
]);

/** Most words an unknown place name may have ("Soto del Barco" has three). */
const MAX_UNKNOWN_PLACE_WORDS = 3;

export function detectPlaces(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  const covered = new Set<number>();
  gazetteerPlaces(text, tokens, g, covered, out);
  unknownPlaces(text, tokens, g, mode, covered, out);
  labelledPlaces(text, tokens, out);
  return out;
}

/** Places of the gazetteers, the longest phrase first; the tokens taken are marked in `covered`. */
function gazetteerPlaces(
  text: string,
  tokens: Token[],
  g: Gazetteers,
  covered: Set<number>,
  out: PiiCandidate[],
): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' || !t.cap) continue;
    const { best, phrase } = longestPlacePhrase(tokens, i, g);
    if (best < 0) continue;
    if (FACILITY_WORDS.has(tokens[best].lower) || namesFacility(tokens, best)) {
      i = best;
      continue;
    }
    const end = tokens[best].end;
    const single = best === i;
    const before = lineBefore(text, t.start, 40);
    const placeCtx = PLACE_INTRO.test(before);
    // One-word places that are also everyday words ("Mobile", "Reading", "Split") or first names need a preposition.
    if (single && (tokenIsCommon(t, g) || (isFirstName(t.lower, g) && !g.countries.has(t.lower))) && !placeCtx)
      continue;
    if (single && t.allCaps && t.text.length <= 3) continue;
    // "Model 4000 XL Turbo": a town-named word in a product name is no place (see modelCodes.ts).
    if (single && !placeCtx && followsModelCode(tokens, i, g)) continue;
    out.push({ type: 'LOCATION', start: t.start, end, score: g.countries.has(phrase) ? 0.9 : 0.75 });
    for (let k = i; k <= best; k++) covered.add(k);
    i = best;
  }
}

/**
 * The longest gazetteer phrase starting at token `i`, across single spaces and inner particles ("Bosnia and
 * Herzegovina"): its last token (-1 when none), and the lowercase text read until the scan stopped (which may run past
 * that last token; the country score reads it as it always has).
 */
function longestPlacePhrase(tokens: Token[], i: number, g: Gazetteers): { best: number; phrase: string } {
  const t = tokens[i];
  let best = -1;
  let phrase = '';
  const maxWords = g.placeFirstWords.has(t.lower) ? g.maxPlaceWords : 1;
  for (let j = i; j < tokens.length && j - i < maxWords; j++) {
    const n = tokens[j];
    if (j > i && n.gapBefore !== ' ' && !(n.gapBefore === '' && n.kind === 'punct' && n.text === '-')) break;
    if (n.kind === 'punct' && n.text !== '-' && n.text !== '.') break;
    phrase += j === i ? n.lower : (n.gapBefore || '') + n.lower;
    if (g.places.has(phrase)) best = j;
  }
  return { best, phrase };
}

/**
 * Whether the word at `i`, after a place preposition, may open an unknown place: after a strong intro always; after a
 * bare preposition when it looks foreign or closes the clause ("in Camuns, which"). ("according to Netflix,",
 * "thanks to Duolingo,": that "to" leads to a source or a cause, no place.)
 */
function opensUnknownPlace(text: string, tokens: Token[], i: number, intro: RegExp): boolean {
  const t = tokens[i];
  const before = lineBefore(text, t.start, 40);
  if (intro.test(before)) return true;
  const closes = (k: number) =>
    /^(?:[.,;!?]|$| this| that| which| by| for| last| next)/.test(
      text.slice(tokens[k].end, tokens[k].end + 6).replace(/^ ?\n/, ''),
    );
  return (
    BARE_PLACE_INTRO.test(before) &&
    !nonSpatialTo(tokens, i) &&
    (hasForeignLetters(t.text) ||
      (t.allCaps && t.text.length >= 4) ||
      closes(i) ||
      // (round 20) "grew up in Kellerby 48213 with ...": a postcode after the word shows it is a town
      postcodeAfterTown(text, t.end) !== undefined ||
      (tokens[i + 1]?.cap === true && closes(i + 1)))
  );
}

/** The capitalised words (and inner particles) from token `i`, trailing particles dropped; `j` is past the run. */
function capitalisedRun(tokens: Token[], i: number): { words: Token[]; j: number } {
  let j = i;
  const words: Token[] = [];
  while (j < tokens.length && words.length < MAX_UNKNOWN_PLACE_WORDS) {
    const n = tokens[j];
    if (j > i && n.gapBefore !== ' ') break;
    if (n.kind !== 'word') break;
    if (!n.cap && !NAME_PARTICLES.has(n.lower)) break;
    words.push(n);
    j++;
  }
  while (words.length && !words[words.length - 1].cap) words.pop();
  return { words, j };
}

/** Unknown capitalised names after a place preposition: small towns the lists do not have. */
function unknownPlaces(
  text: string,
  tokens: Token[],
  g: Gazetteers,
  mode: PiiMode,
  covered: ReadonlySet<number>,
  out: PiiCandidate[],
): void {
  const intro = mode === 'aggressive' ? PLACE_INTRO : STRONG_PLACE_INTRO;
  let orgs: Set<string> | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (covered.has(i) || t.kind !== 'word' || !(t.cap || t.allCaps) || t.sentenceStart) continue;
    if (!PLACE_PREPOSITIONS.has(tokens[i - 1]?.lower ?? '')) continue;
    if (!opensUnknownPlace(text, tokens, i, intro)) continue;
    const { words, j } = capitalisedRun(tokens, i);
    if (!words.length) continue;
    // "East Santina", "Upper Koch", "Port Moresby": a compass or place word may open a place name.
    const opener = words.length >= 2 && PLACE_OPENERS.test(words[0].lower);
    const usable = words.every(
      (w, k) => !w.cap || isPlaceLikeWord(w, g) || (k === 0 && opener) || (k > 0 && opener && !tokenIsCommon(w, g)),
    );
    if (!usable) continue;
    // ("outside Big Tech.", on a real page: "outside" also takes industries and groups, so after it only a one-word
    // name or one with foreign letters is a place)
    if (tokens[i - 1].lower === 'outside' && words.length > 1 && !words.some((w) => hasForeignLetters(w.text)))
      continue;
    // ("works at Vodafone", "moved from Trello", "at Quillon Ltd": a known company, or one the text shows as a
    // company, is where people work or what they use, no place; found once per text, when first needed)
    orgs ??= organizationsInText(tokens, g);
    if (organizationRun(tokens, words, g, orgs)) continue;
    out.push({ type: 'LOCATION', start: words[0].start, end: words[words.length - 1].end, score: 0.6 });
    i = j - 1;
  }
}

/** Labelled places: the capitalised words after "City:", "Country:", "Place of birth:" on the same line. */
function labelledPlaces(text: string, tokens: Token[], out: PiiCandidate[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (
      t.kind !== 'word' ||
      !(t.cap || t.allCaps) ||
      tokens[i - 1]?.text !== ':' ||
      !PLACE_LABEL.test(lineBefore(text, t.start, 24))
    )
      continue;
    let j = i;
    while (
      j + 1 < tokens.length &&
      !tokens[j + 1].lineStart &&
      (tokens[j + 1].kind === 'word' || tokens[j + 1].text === '-') &&
      tokens[j + 1].gapBefore.length <= 1
    )
      j++;
    out.push({ type: 'LOCATION', start: t.start, end: tokens[j].end, score: 0.8 });
    i = j;
  }
}

/** Whether the capitalised words right after token `k` end in a venue or organisation word ("… Country Club"). */
function namesFacility(tokens: Token[], k: number): boolean {
  for (let j = k + 1; j < tokens.length && j <= k + 3; j++) {
    const n = tokens[j];
    if (n.kind !== 'word' || n.gapBefore !== ' ' || !(n.cap || n.allCaps)) return false;
    if (FACILITY_WORDS.has(n.lower)) return true;
  }
  return false;
}

/** A word that could be an unlisted place name: not an everyday word, not a first name, not CamelCase product-speak. */
function isPlaceLikeWord(w: Token, g: Gazetteers): boolean {
  if (tokenIsCommon(w, g) || g.firstNames.has(w.lower)) return false;
  if (/\p{Ll}\p{Lu}/u.test(w.text)) return false; // GitHub, iPhone, JavaScript
  if (w.allCaps && w.text.length < 4) return false; // API, CSS, USA
  return w.text.length >= 3;
}
