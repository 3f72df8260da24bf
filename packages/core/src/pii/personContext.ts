// PERSON context tests (issue 27; shared by the stages of detectPersons.ts): token tests of the words right around a
// run of capitalised words (a field label, a title, a greeting, a sign-off line, a verb people do after it, a
// question's auxiliary before it), the lazy cue helper and the word lists a run is judged with. No stage order here;
// each test reads only `tokens` (and `text`) and returns a boolean.
import type { Gazetteers } from './loadGazetteers.js';
import { TITLES } from './nameSignals.js';
import { SUBJECT_VERB_ADVERBS } from './personClauseWords.js';
import { ADDRESS_TERM_WORDS, GREETING_WORDS, PERSON_FIELD_LABELS, SIGN_OFF_LINES } from './personLabels.js';
import { COPULAS, thingPredicateAfter } from './personObjects.js';
import { MODIFIER_DETERMINERS } from './personRunWords.js';
import { AUXILIARIES, AUXILIARY_GAP_WORDS, personVerbForms, QUESTION_AUXILIARIES, WH_WORDS } from './personVerbs.js';
import type { Token } from './tokenizeText.js';
import { trimTrailing } from '../text/trailingRun.js';

export const FIELD_LABELS = new Set(PERSON_FIELD_LABELS);
const VERB_FORMS = personVerbForms();
const PERSON_VERBS_FINITE = new Set(VERB_FORMS.finite);
const PERSON_VERBS_ANY = new Set([...VERB_FORMS.finite, ...VERB_FORMS.base]);
export const AUX = new Set(AUXILIARIES);
const AUX_GAP = new Set(AUXILIARY_GAP_WORDS);
const SUBJECT_ADVERBS = new Set(SUBJECT_VERB_ADVERBS);

/**
 * "Adaeze missed the train", "Wiremu believes", "Ailbhe hasn't answered": the run is the subject of a verb that
 * people do (a finite form right after it, or an auxiliary and then any form). A token test, no regex.
 */
export function personVerbAfter(tokens: Token[], last: Token): boolean {
  let k = last.index + 1;
  const next = tokens[k];
  if (next?.kind !== 'word' || next.cap || next.lineStart || (next.gapBefore !== ' ' && next.gapBefore !== ''))
    return false;
  if (next.gapBefore === ' ' && PERSON_VERBS_FINITE.has(next.lower)) return true;
  // ("Tewodros usually drives", "Meseret never cooks": an adverb between the subject and its verb)
  if (next.gapBefore === ' ' && SUBJECT_ADVERBS.has(next.lower)) {
    const verb = tokens[k + 1];
    if (verb?.kind === 'word' && !verb.cap && verb.gapBefore === ' ' && PERSON_VERBS_FINITE.has(verb.lower))
      return true;
  }
  if (!AUX.has(next.lower)) return false;
  k++;
  for (let n = 0; n < 2 && AUX_GAP.has(tokens[k]?.lower ?? ''); n++) k++;
  const verb = tokens[k];
  return verb?.kind === 'word' && !verb.cap && PERSON_VERBS_ANY.has(verb.lower);
}

/** Auxiliaries that open a question ("Did X call?", "Why is X so quiet?"): the run after one is its subject. */
const QUESTION_AUX = new Set(QUESTION_AUXILIARIES);
const QUESTION_WORDS = new Set(WH_WORDS);
/**
 * "Did Folasade get the message?", "Why is Oyelaran so quiet?": the run sits between a question's opening
 * auxiliary (at the sentence start or after a wh-word) and a lowercase word, and the sentence ends in "?".
 * After a copula a predicate said of things vetoes it: "so slow" is said of Docker (THING_PREDICATES).
 */
export function questionSubject(text: string, tokens: Token[], first: Token, last: Token): boolean {
  const aux = tokens[first.index - 1];
  if (aux?.kind !== 'word' || first.lineStart || !QUESTION_AUX.has(aux.lower)) return false;
  const wh = tokens[aux.index - 1];
  if (!aux.sentenceStart && !(wh?.sentenceStart && QUESTION_WORDS.has(wh.lower))) return false;
  const next = tokens[last.index + 1];
  if (next?.kind !== 'word' || next.cap || next.gapBefore !== ' ') return false;
  if (COPULAS.has(aux.lower) && thingPredicateAfter(tokens, last)) return false;
  return /^[^.!?\n]{0,80}\?/.test(text.slice(last.end, last.end + 82));
}
/** A determiner right before `first`, or one lowercase word (an adjective) before it. */
export function afterDeterminer(tokens: Token[], first: Token): boolean {
  const a = tokens[first.index - 1];
  if (a?.kind !== 'word' || first.lineStart) return false;
  if (MODIFIER_DETERMINERS.has(a.lower)) return true;
  const b = tokens[first.index - 2];
  return !a.cap && b?.kind === 'word' && MODIFIER_DETERMINERS.has(b.lower) && !a.lineStart;
}
export const SIGN_OFFS = new Set(SIGN_OFF_LINES);
export const GREETINGS = new Set(GREETING_WORDS);
export const ADDRESS_TERMS = new Set(ADDRESS_TERM_WORDS);

/** "Patient: Grace Park", "cc: X": a person field label and its colon right before the run (token test, cheap). */
export function afterFieldLabel(tokens: Token[], first: Token): boolean {
  const colon = tokens[first.index - 1];
  const label = tokens[first.index - 2];
  return colon?.text === ':' && label?.kind === 'word' && FIELD_LABELS.has(label.lower) && !colon.lineStart;
}

const CLOSING_QUOTES = new Set(['"', '”', '»']);
/** The run ends a quotation: a comma, "!" or "?" right after it and then a closing quotation mark. */
export function quotationEnd(tokens: Token[], last: Token): boolean {
  const mark = tokens[last.index + 1];
  const quote = tokens[last.index + 2];
  return (
    (mark?.text === ',' || mark?.text === '!' || mark?.text === '?') &&
    mark.gapBefore === '' &&
    quote?.gapBefore === '' &&
    CLOSING_QUOTES.has(quote.text)
  );
}

/** "Good morning Eunji, ...", "Evening Tomasz!": a greeting word right before the run and a comma or "!" after it. */
export function afterGreeting(tokens: Token[], first: Token, last: Token): boolean {
  const prev = tokens[first.index - 1];
  if (prev?.kind !== 'word' || first.lineStart || !GREETINGS.has(prev.lower)) return false;
  return /^[,!]$/.test(tokens[last.index + 1]?.text ?? '');
}

/** "Judge Okwuosa", "Captain Mbeki", "Dr. Halloran": a capitalised title (TITLES) right before the run on its line. */
export function afterTitleWord(tokens: Token[], first: Token): boolean {
  let p = first.index - 1;
  if (tokens[p]?.text === '.' && tokens[p].gapBefore === '') p--;
  const title = tokens[p];
  return title?.kind === 'word' && title.cap && !title.allCaps && TITLES.has(title.lower) && !first.lineStart;
}

/** The previous non-blank line closes a letter ("Best,", "Kind regards") and this run starts its own line. */
export function afterSignOff(text: string, first: Token): boolean {
  if (!first.lineStart) return false;
  let end = text.lastIndexOf('\n', first.start - 1);
  // Skip at most two blank lines between the closing and the name.
  for (let k = 0; k < 2 && end > 0 && /^\s*$/.test(text.slice(text.lastIndexOf('\n', end - 1) + 1, end)); k++)
    end = text.lastIndexOf('\n', end - 1);
  if (end <= 0) return false;
  const prev = text.slice(text.lastIndexOf('\n', end - 1) + 1, end).trim();
  return prev.length <= 24 && SIGN_OFFS.has(trimTrailing(prev, ',.!-').trim().toLowerCase());
}

/**
 * (round 23) "Cheers, Losana", "Kind regards, Sione Tupou": a letter's closing and a comma open the line and the
 * run ends it; the same sign-off as on a line of its own, written on one line.
 */
export function signOffSameLine(text: string, first: Token, last: Token): boolean {
  if (first.lineStart || !/^[.!]?[ \t]*(?:\n|$)/.test(text.slice(last.end, last.end + 8))) return false;
  const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
  if (first.start - lineStart > 26) return false;
  const lead = text.slice(lineStart, first.start);
  return lead.trimEnd().endsWith(',') && SIGN_OFFS.has(trimTrailing(lead.trim(), ',').trim().toLowerCase());
}

/** A boolean test run at most once, only when a rule asks for it. */
export type Cue = () => boolean;
export function lazy(f: () => boolean): Cue {
  let v: boolean | undefined;
  return () => (v ??= f());
}

/** The name lists and the words this text shows as organisations (`organizationsInText`). */
export interface WordLists {
  g: Gazetteers;
  orgs: ReadonlySet<string>;
}
