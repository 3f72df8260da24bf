// Round 10 person cues (issue 26), each a token test: marks written beside a name that only people carry (a pronoun
// set, a birth name), a past-tense verb right after a lone word at a sentence start, and "per" as a preposition.
import { verbGroupAfter } from './personClauses.js';
import { loneModalSubject } from './loneModalSubject.js';
import { personPronounBack } from './personPronounBack.js';
import { negatedModalAfter, plainModalAfter, stateGroupAfter } from './personStates.js';
import { TIME_ADVERB_OPENERS } from './personClauseWords.js';
import { SENTENCE_ADVERB_OPENERS, TIME_PERIOD_NOUNS } from './personOpenerWords.js';
import { BIRTH_NAME_WORDS, MONTH_NAMES, PRONOUN_SET_WORDS, WEEKDAY_NAMES } from './personLabels.js';
import type { Token } from './tokenizeText.js';

const PRONOUNS = new Set(PRONOUN_SET_WORDS);
const BIRTH_NAME = new Set(BIRTH_NAME_WORDS);
// (round 11: a time adverb opens a sentence as a date does, "Yesterday Anneliese vacuumed the car")
// (round 16: so do a sentence adverb and a time phrase, "Apparently Sumaq was upset", "This morning Iolo fixed")
const DATE_WORDS = new Set([
  ...MONTH_NAMES,
  ...WEEKDAY_NAMES,
  ...TIME_ADVERB_OPENERS,
  ...SENTENCE_ADVERB_OPENERS,
  ...TIME_PERIOD_NOUNS,
]);

/**
 * The run opens its sentence, or follows a short date or time that does ("On 12 May Oluwadamilare signed",
 * "At 9:30 Thuy called", "Tuesday Bjørn fixed"): a month or weekday name or a number right before it, and a sentence
 * start at most four tokens back.
 */
function opensClause(tokens: Token[], first: Token): boolean {
  if (first.sentenceStart) return true;
  let p = first.index - 1;
  // (round 16: a comma after an opening word, "Obviously, Chanthy was tired", "Yesterday, Naja called")
  if (tokens[p]?.text === ',' && tokens[p - 1]?.kind === 'word') p--;
  const prev = tokens[p];
  if (!(prev?.kind === 'number' || (prev?.kind === 'word' && DATE_WORDS.has(prev.lower)))) return false;
  for (let k = p; k >= 0 && k >= p - 3; k--) {
    if (tokens[k].lineStart && k < p) return true;
    if (tokens[k].sentenceStart) return true;
  }
  return false;
}

/** "Aoife (she/her)", "Sam (they/them/theirs)": the run is followed by a pronoun set in parentheses. */
export function pronounSetAfter(tokens: Token[], last: Token): boolean {
  let k = last.index + 1;
  if (tokens[k]?.text !== '(') return false;
  k++;
  let pronouns = 0;
  while (tokens[k]?.kind === 'word' && PRONOUNS.has(tokens[k].lower)) {
    pronouns++;
    k++;
    if (tokens[k]?.text !== '/') break;
    k++;
  }
  return pronouns >= 2 && tokens[k]?.text === ')';
}

/** "(née Gallagher)", "Anna Weber, geb. Roth": a birth-name word right before the run, on its line. */
export function afterBirthNameWord(tokens: Token[], first: Token): boolean {
  let p = first.index - 1;
  if (tokens[p]?.text === '.') p--;
  const w = tokens[p];
  return !first.lineStart && w?.kind === 'word' && BIRTH_NAME.has(w.lower);
}

/**
 * "Thandeka repainted the fence", "Oyelaran kayaked across the lake": one word opening a sentence (or right after a
 * date or time adverb that opens it), then a past-tense verb group (`verbGroupAfter`) and a lowercase word or the
 * end of the sentence. The verb
 * lists (personVerbs.ts) hold the frequent verbs people do; this shape catches the rest. The caller asks it only
 * of a word in a name list or in none (dictionary words, "Compost enriched the soil", never reach it) and not
 * coined ("Shopify", "Facebook"). `listed`: the word is in a name list (a plain modal needs it).
 */
export function pastVerbAfterOpening(tokens: Token[], first: Token, last: Token, listed = false): boolean {
  if (first !== last || !opensClause(tokens, first)) return false;
  // (round 11: also an irregular past, "Torvald overslept", or an auxiliary group, "Ruaridh has been away")
  // (round 15: or a linking verb and an adjective said of people, "Itziar was late", "Wubet seems happy")
  let v = verbGroupAfter(tokens, last);
  if (v < 0) v = stateGroupAfter(tokens, last);
  // (round 16: or a modal, a negation and a bare verb, "Anjana could not come")
  if (v < 0) v = negatedModalAfter(tokens, last);
  // (round 17: or a modal and a bare verb with no negation, "Tuyet will attend", only for a word a name list holds:
  // on 1,470 real pages the words in no list before "will"/"can"/"must" were products, plurals and typos —
  // "Clonezilla will let you", "Entrepreneurs can invest", "VASPs must collect")
  // (round 20: a word in no list too, when "he" or "she" refers back to it: "Hohepa can fix it if he has time")
  // (round 22: or one the text names only there, "Ngaio should sign here": products come back on their page)
  if (v < 0) {
    const m = plainModalAfter(tokens, last);
    if (m >= 0 && (listed || personPronounBack(tokens, m) || loneModalSubject(tokens, first, m))) v = m;
  }
  if (v < 0) return false;
  const after = tokens[v + 1];
  if (!after) return true;
  if (after.kind === 'punct') return after.text === '.' || after.text === '!';
  return after.kind === 'word' && !after.cap && after.gapBefore === ' ';
}

/**
 * (round 23) A lone word opening a clause before a plain modal and a bare verb, named only there ("Maria will pick
 * you up"); asked of first names that are rarer everyday words, where a past verb is no evidence ("Frost blackened
 * the leaves").
 */
export function modalAfterOpening(tokens: Token[], first: Token, last: Token): boolean {
  if (first !== last || !opensClause(tokens, first)) return false;
  const m = plainModalAfter(tokens, last);
  return m >= 0 && loneModalSubject(tokens, first, m);
}

/**
 * "Per Reuters, the talks stalled", "Per Olamide, the shipment left": "Per" opening a sentence before one
 * capitalised word and a comma or a possessive is the preposition, not the Scandinavian first name ("Per Olof
 * Svensson", "Per Eriksson said" keep the name: two words, or no comma).
 */
export function perPreposition(tokens: Token[], run: Token[]): boolean {
  if (run.length !== 2 || run[0].lower !== 'per' || !run[0].sentenceStart) return false;
  const next = tokens[run[1].index + 1];
  return next?.text === ',' || next?.text === "'s" || next?.text === '’s';
}

/** "according to Henrietta Vasquez's notes", "per Dr Nwosu's advice", "Per Olamide,": the run names a source. */
export function afterSourceWord(tokens: Token[], first: Token): boolean {
  let p = first.index - 1;
  if (tokens[p]?.text === '.') p--;
  const prev = tokens[p];
  if (first.lineStart || prev?.kind !== 'word') return false;
  return prev.lower === 'per' || (prev.lower === 'to' && tokens[p - 1]?.lower === 'according');
}
