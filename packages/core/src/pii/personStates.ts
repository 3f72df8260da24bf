// Round 15 person cues (issue 26), each a token test: a linking verb and an adjective said of people after a run
// ("Itziar was late", "Wubet seems happy"), and a function word after it that no adjective takes ("tell Giorgi to").
import { DEGREE_WORDS, LINKING_VERBS, NOT_AFTER_ADJECTIVE, PERSON_STATE_ADJECTIVES } from './personStateWords.js';
import { MODALS, NEGATIONS, PLAIN_MODALS } from './personOpenerWords.js';
import { AUXILIARIES, AUXILIARY_GAP_WORDS } from './personVerbs.js';
import type { Token } from './tokenizeText.js';

const STATES = new Set(PERSON_STATE_ADJECTIVES);
const LINKING = new Set([...LINKING_VERBS, ...AUXILIARIES]);
const FILLERS = new Set([...DEGREE_WORDS, ...AUXILIARY_GAP_WORDS]);
const NOT_AFTER_ADJ = new Set(NOT_AFTER_ADJECTIVE);
const MODAL = new Set(MODALS);
const NEGATION = new Set(NEGATIONS);
const PLAIN_MODAL = new Set(PLAIN_MODALS);
// (a bare verb has none of a participle's, a finite form's or an adverb's endings; "be", "have" and "get" take a
// state after them, which `stateGroupAfter` judges)
const NOT_BARE = /(?:ed|ing|ly|[^s]s)$|^(?:be|have|get|go)$/;

/**
 * "Itziar was late", "Tamar is not sure", "Zerihun was very kind", "Nuutti has been ill": an auxiliary or a linking
 * verb after `last`, at most three gap, degree or "be" words, and an adjective said of people. An auxiliary and an
 * adjective are a verb group as much as "has left" is; a subject test (`pastVerbAfterOpening`) reads them as one.
 * Returns the adjective's index, or -1.
 */
export function stateGroupAfter(tokens: Token[], last: Token): number {
  let k = last.index + 1;
  const v = tokens[k];
  if (v?.kind !== 'word' || v.cap || v.gapBefore !== ' ' || !LINKING.has(v.lower)) return -1;
  k++;
  for (let n = 0; n < 3 && FILLERS.has(tokens[k]?.lower ?? ''); n++) k++;
  const a = tokens[k];
  return a?.kind === 'word' && !a.cap && a.gapBefore === ' ' && STATES.has(a.lower) ? k : -1;
}

/** The word after `last` is one no attributive adjective is followed by ("Giorgi to", "Kalaivani about"). */
export function functionWordAfter(tokens: Token[], last: Token): boolean {
  const a = tokens[last.index + 1];
  return a?.kind === 'word' && a.gapBefore === ' ' && NOT_AFTER_ADJ.has(a.lower);
}

/**
 * "Anjana could not come", "Ieva will never forgive them", "Sreymom cannot come": a modal, a negation and a bare verb
 * after `last`. A negated modal is a verb group as much as "has left" is, whatever its verb; the base forms of the
 * verbs people do are too open a class to list. Returns the verb's index, or -1. (The caller's guards keep dictionary
 * words, coined words, places and companies out: "Breakfast could not start", "Docker will not start".)
 */
export function negatedModalAfter(tokens: Token[], last: Token): number {
  let k = last.index + 1;
  const m = tokens[k];
  if (m?.kind !== 'word' || m.cap || m.gapBefore !== ' ') return -1;
  if (m.lower === 'cannot') k++;
  else if (MODAL.has(m.lower) && NEGATION.has(tokens[k + 1]?.lower ?? '')) k += 2;
  else return -1;
  const v = tokens[k];
  return v?.kind === 'word' && !v.cap && v.gapBefore === ' ' && !NOT_BARE.test(v.lower) ? k : -1;
}

/**
 * "Tuyet will attend the hearing", "Kaveh might join us": a modal with no negation and a bare verb after `last`
 * (round 17). A modal group is a verb group as much as a negated one (`negatedModalAfter`); the same caller guards
 * keep dictionary words, coined words, places and companies out ("Breakfast will start", "Grafana will load").
 * Returns the verb's index, or -1.
 */
export function plainModalAfter(tokens: Token[], last: Token): number {
  const m = tokens[last.index + 1];
  if (m?.kind !== 'word' || m.cap || m.gapBefore !== ' ' || !PLAIN_MODAL.has(m.lower)) return -1;
  const v = tokens[last.index + 2];
  return v?.kind === 'word' && !v.cap && v.gapBefore === ' ' && !NOT_BARE.test(v.lower) ? v.index : -1;
}
