// Round 12 person and place vetoes (issue 26), each a token test: the "to" of "according to", "thanks to" that
// leads to no place, an agent after a passive "by" (a word in no name list there is an organisation, as after
// "according to"), a run referred back to by "its" (only a thing is), and a speaker cue: "As X put it".
import { AS_SPEAKER_VERBS, NON_SPATIAL_TO_HEADS, PASSIVE_PARTICIPLES } from './personSourceWords.js';
import { inFixedPhrase, possessedAsPerson } from './personClauses.js';
import { afterSourceWord } from './personMarkers.js';
import type { Token } from './tokenizeText.js';

const NON_SPATIAL = new Set(NON_SPATIAL_TO_HEADS);
const PARTICIPLES = new Set(PASSIVE_PARTICIPLES);
const AS_VERBS = new Set(AS_SPEAKER_VERBS);

/**
 * "according to Netflix", "thanks to Duolingo", "due to Brexit": the "to" of a fixed phrase that names a source or
 * a cause, not a direction; an unknown word after it is no place by that context.
 */
export function nonSpatialTo(tokens: Token[], at: number): boolean {
  return tokens[at - 1]?.lower === 'to' && NON_SPATIAL.has(tokens[at - 2]?.lower ?? '');
}

/**
 * "was published by Nintendo", "were provided by Eurostat": the agent of a passive (a participle, "-ed"/"-en" or
 * irregular, right before "by"). A person's name there is as likely as a company's, so the caller asks for a name's
 * evidence; a word no list holds is the organisation.
 */
export function passiveAgent(tokens: Token[], first: Token): boolean {
  const by = tokens[first.index - 1];
  const verb = tokens[first.index - 2];
  if (first.lineStart || by?.lower !== 'by' || verb?.kind !== 'word' || verb.cap) return false;
  return /[a-z]{2}(?:ed|en)$/.test(verb.lower) || PARTICIPLES.has(verb.lower);
}

const PERSONAL = new Set(['he', 'she', 'him', 'his', 'her', 'hers', 'they', 'their', 'them']);
/**
 * "Did Spotify change its prices?", "Nintendo raised its prices": "its" within the three words after the run, its
 * verb's object, refers back to the run; people are never "its". (A personal pronoun first leaves the run alone.)
 */
export function itsAfter(tokens: Token[], last: Token): boolean {
  for (let k = last.index + 1; k <= last.index + 3 && k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== 'word' || t.cap) return false;
    if (PERSONAL.has(t.lower)) return false;
    if (t.lower === 'its' || t.lower === 'itself') return true;
  }
  return false;
}

/**
 * "As Ulrike put it, nobody asked", "As Dana noted,": "as" opening a clause, the run, then a verb of saying. The
 * caller asks for a listed name as well: "As Reuters reported" names a source of the same shape.
 */
export function asSpeaker(tokens: Token[], first: Token, last: Token): boolean {
  const as = tokens[first.index - 1];
  if (as?.lower !== 'as' || !(as.sentenceStart || tokens[as.index - 1]?.text === ',')) return false;
  const verb = tokens[last.index + 1];
  return verb?.kind === 'word' && !verb.cap && AS_VERBS.has(verb.lower);
}

/** A source ("according to Eurostat", "per Reuters") or a passive's agent ("was run by Ipsos"). */
export function sourceOrAgent(tokens: Token[], first: Token): boolean {
  return afterSourceWord(tokens, first) || passiveAgent(tokens, first);
}

/** A borrowed fixed phrase ("Per Diem"), or a run referred back to by "its" and not introduced as a person. */
export function fixedPhraseOrIts(tokens: Token[], first: Token, last: Token, introduced: () => boolean): boolean {
  return inFixedPhrase(tokens, first, last) || (itsAfter(tokens, last) && !introduced());
}

/** A possessive before what only a person has ("Hope’s brother"), or the speaker of an "as" clause. */
export function ownerOrAsSpeaker(tokens: Token[], first: Token, last: Token): boolean {
  return possessedAsPerson(tokens, last) || asSpeaker(tokens, first, last);
}
