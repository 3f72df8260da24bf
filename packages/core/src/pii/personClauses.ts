// Round 11 person cues (issue 26), each a token test: a name beside a first-person pronoun ("Lorcan and I"), an
// apposition naming a person's role ("Bjarke, the new intern,"), a possessive before what only a person has ("Hope’s
// brother"), a verb group after a lone word opening a sentence ("Since Monday Ruaridh has been away"), and two
// vetoes: a thing named after "a café named", and a borrowed fixed phrase ("Per Diem").
import { KINSHIP_NOUNS } from './nameSignals.js';
import {
  FIXED_FOREIGN_PHRASES,
  IRREGULAR_PAST_FORMS,
  PERSON_NOUNS,
  PERSONAL_POSSESSIONS,
} from './personClauseWords.js';
import { PERSON_ROLE_NOUNS } from './personRoles.js';
import { AUXILIARIES, AUXILIARY_GAP_WORDS } from './personVerbs.js';
import type { Token } from './tokenizeText.js';

const KIN = new Set(KINSHIP_NOUNS);
const POSSESSIONS = new Set(PERSONAL_POSSESSIONS);
const PERSON_NOUN_SET = new Set(PERSON_NOUNS);
const IRREGULAR = new Set(IRREGULAR_PAST_FORMS);
const AUX = new Set(AUXILIARIES);
const AUX_GAP = new Set(AUXILIARY_GAP_WORDS);
const BE = new Set(['be', 'been', 'being']);
const CONJUNCTIONS = new Set(['and', 'or', 'but']);
const LIFE_EVENTS = new Set(['birthday', 'wedding', 'funeral', 'retirement', 'death', 'birth']);
const FIXED = new Map<string, string[][]>();
for (const p of FIXED_FOREIGN_PHRASES) {
  const words = p.split(' ');
  FIXED.set(words[0], [...(FIXED.get(words[0]) ?? []), words]);
}

const isWord = (t: Token | undefined): t is Token => t?.kind === 'word';
const kinNoun = (lower: string) => KIN.has(lower) || (lower.endsWith('s') && KIN.has(lower.slice(0, -1)));

/**
 * "Lorcan and I went fishing", "Me and Lorcan", "between Lorcan and me": only a person is paired with the writer.
 * ("I" must be followed by a lowercase word, its verb.)
 */
export function firstPersonPartner(tokens: Token[], first: Token, last: Token): boolean {
  const and = tokens[last.index + 1];
  const pronoun = tokens[last.index + 2];
  if ((and?.lower === 'and' || and?.text === '&') && isWord(pronoun) && !pronoun.lineStart) {
    if (pronoun.text === 'I') {
      const verb = tokens[last.index + 3];
      return isWord(verb) && !verb.cap && verb.gapBefore === ' ';
    }
    if (pronoun.text === 'me') return true;
  }
  const before = tokens[first.index - 1];
  const me = tokens[first.index - 2];
  return before?.lower === 'and' && isWord(me) && me.lower === 'me' && me.sentenceStart && !first.lineStart;
}

/**
 * "Hope’s brother called", "Grace's car broke down", "Olive's new bag": a possessive before a noun only a person has
 * (kin, body, life events, belongings), with at most one lowercase word between. "Apple's stock", "Today’s menu" are
 * none of these.
 */
export function possessedAsPerson(tokens: Token[], last: Token, strict = false): boolean {
  const s = tokens[last.index + 1];
  // ("Tewodros' bag": a name ending in "s" takes a bare apostrophe)
  const bare = (s?.text === "'" || s?.text === '’') && s.gapBefore === '' && last.lower.endsWith('s');
  if (s?.text !== "'s" && s?.text !== '’s' && !bare) return false;
  for (let k = last.index + 2; k <= last.index + 3; k++) {
    const n = tokens[k];
    if (!isWord(n) || n.cap || n.gapBefore !== ' ') return false;
    if (!POSSESSIONS.has(n.lower) && !kinNoun(n.lower)) continue;
    if (!strict) return true;
    // (strict, for a word in no name list: the noun ends its phrase, "Tesco's car park" is a thing's)
    const after = tokens[k + 1];
    const be = after?.lower === 'are' || after?.lower === 'were';
    return (
      !isWord(after) || after.cap || be || AUX.has(after.lower) || verbForm(after) || CONJUNCTIONS.has(after.lower)
    );
  }
  return false;
}

/**
 * "It was Meseret who called", "Florence, who lives next door": a relative "who" (or "whose") after the run, then a
 * lowercase word. "Who" is said of people; things take "which".
 */
export function relativeWhoAfter(tokens: Token[], last: Token): boolean {
  let k = last.index + 1;
  if (tokens[k]?.text === ',') k++;
  const who = tokens[k];
  const next = tokens[k + 1];
  return isWord(who) && (who.text === 'who' || who.text === 'whose') && isWord(next) && !next.cap;
}

/** "Tewodros is 34 years old", "Meseret was 27 years of age": an age said of the run. */
export function ageStatedAfter(tokens: Token[], last: Token): boolean {
  const v = tokens[last.index + 1];
  if (!isWord(v) || (v.lower !== 'is' && v.lower !== 'was' && v.lower !== 'turned' && v.lower !== 'turns'))
    return false;
  const n = tokens[last.index + 2];
  const years = tokens[last.index + 3];
  if (
    n?.kind !== 'number' ||
    n.text.length > 3 ||
    !isWord(years) ||
    (years.lower !== 'years' && years.lower !== 'year')
  )
    return false;
  const old = tokens[last.index + 4];
  return old?.lower === 'old' || (old?.lower === 'of' && tokens[last.index + 5]?.lower === 'age');
}

/** "the wife of Tewodros", "the funeral of Meseret Alemu": kin or a life event of the run. */
export function kinOfBefore(tokens: Token[], first: Token): boolean {
  const of = tokens[first.index - 1];
  const noun = tokens[first.index - 2];
  if (of?.lower !== 'of' || first.lineStart || !isWord(noun) || noun.cap) return false;
  return kinNoun(noun.lower) || LIFE_EVENTS.has(noun.lower);
}

/** Nouns of a role companies fill as often ("Klarna, our partner,", "Bosch, a client,"): no cue in an apposition. */
const COMPANY_ROLES = new Set(['customer', 'client', 'user', 'member', 'partner', 'partners', 'player', 'sponsor']);
const APPOSITION_DETERMINERS = new Set(['the', 'a', 'an', 'our', 'my', 'your', 'his', 'her', 'their']);

/**
 * "Bjarke, the new intern, starts Monday", "N'Golo, a retired teacher.", "Eskil (our accountant)": an apposition
 * after the run, a determiner, at most two lowercase words and a noun for a person (a role, kin, "friend",
 * "teacher"), then the apposition ends (a comma, a parenthesis, the sentence's end, or "at"/"from"/"of").
 */
export function personApposition(tokens: Token[], last: Token): boolean {
  const mark = tokens[last.index + 1];
  if (mark?.text !== ',' && mark?.text !== '(') return false;
  const det = tokens[last.index + 2];
  if (!isWord(det) || det.lineStart || !APPOSITION_DETERMINERS.has(det.lower)) return false;
  for (let k = det.index + 1; k <= det.index + 3; k++) {
    const n = tokens[k];
    if (!isWord(n) || n.cap) return false;
    const person =
      !COMPANY_ROLES.has(n.lower) &&
      (PERSON_ROLE_NOUNS.has(n.lower) || PERSON_NOUN_SET.has(n.lower) || kinNoun(n.lower));
    if (!person) continue;
    const end = tokens[k + 1];
    return !end || [',', ')', '.', '!', ';'].includes(end.text) || ['at', 'from', 'of', 'in'].includes(end.lower);
  }
  return false;
}

/** A verb form that ends a verb group: a regular past or participle, an irregular one, or an "-ing" form. */
function verbForm(t: Token | undefined): boolean {
  if (!isWord(t) || t.cap || t.text.length < 3) return false;
  const l = t.lower;
  return IRREGULAR.has(l) || (l.length >= 5 && (l.endsWith('ing') || (l.endsWith('ed') && !l.endsWith('eed'))));
}

/**
 * The token after `last` opens a verb group: a regular "-ed" form, an irregular past ("overslept", "undertook"), or
 * an auxiliary, at most two gap words or auxiliaries, and a past, participle or "-ing" form ("has been", "will have
 * left", "is staying"). Returns the index of the group's last verb, or -1.
 */
export function verbGroupAfter(tokens: Token[], last: Token): number {
  let k = last.index + 1;
  const v = tokens[k];
  if (!isWord(v) || v.cap || v.gapBefore !== ' ') return -1;
  if (verbForm(v) && !v.lower.endsWith('ing')) return k;
  if (!AUX.has(v.lower)) return -1;
  k++;
  // (gap words, more auxiliaries and a passive "be"/"been" before a participle: "can be reached", "has been seen";
  // "been" ends the group when no participle follows, "has been away")
  for (let n = 0; n < 3; n++) {
    const w = tokens[k]?.lower ?? '';
    if (BE.has(w) && verbForm(tokens[k + 1])) k++;
    else if (AUX_GAP.has(w) || AUX.has(w)) k++;
    else break;
  }
  return verbForm(tokens[k]) ? k : -1;
}

/**
 * "A café named Brew Lab", "an app called Notion": after "a/an" (or "the", with "named"), at most one word, and a
 * noun that is no person's, the name is a thing's. ("a boy named Chidera", "a friend of mine called Jo" stay.)
 */
export function thingNamed(tokens: Token[], first: Token): boolean {
  const v = tokens[first.index - 1];
  if (!isWord(v) || (v.lower !== 'named' && v.lower !== 'called') || first.lineStart) return false;
  const noun = tokens[first.index - 2];
  if (!isWord(noun) || noun.cap || PERSON_NOUN_SET.has(noun.lower) || kinNoun(noun.lower)) return false;
  if (PERSON_ROLE_NOUNS.has(noun.lower)) return false;
  for (let k = noun.index - 1; k >= noun.index - 2; k--) {
    const d = tokens[k];
    if (!isWord(d)) return false;
    if (d.lower === 'a' || d.lower === 'an' || (d.lower === 'the' && v.lower === 'named')) return true;
  }
  return false;
}

/** The run lies in a borrowed fixed phrase ("The Per Diem allowance", "Pro Bono work", "Status Quo"). */
export function inFixedPhrase(tokens: Token[], first: Token, last: Token): boolean {
  for (let k = Math.max(0, first.index - 3); k <= last.index; k++) {
    const phrases = isWord(tokens[k]) ? FIXED.get(tokens[k].lower) : undefined;
    for (const words of phrases ?? []) {
      const end = k + words.length - 1;
      if (end < first.index) continue;
      if (words.every((w, n) => tokens[k + n]?.lower === w && (n === 0 || tokens[k + n].gapBefore === ' ')))
        return true;
    }
  }
  return false;
}
