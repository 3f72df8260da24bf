// Round 11 person cues (issue 26), each a token test: a name beside a first-person pronoun ("Lorcan and I"), a
// possessive before what only a person has ("Hope’s brother"), a verb group after a lone word opening a sentence
// ("Since Monday Ruaridh has been away"), and two vetoes: a thing named after "a café named", and a borrowed fixed
// phrase ("Per Diem").
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
export function possessedAsPerson(tokens: Token[], last: Token): boolean {
  const s = tokens[last.index + 1];
  if (s?.text !== "'s" && s?.text !== '’s') return false;
  for (let k = last.index + 2; k <= last.index + 3; k++) {
    const n = tokens[k];
    if (!isWord(n) || n.cap || n.gapBefore !== ' ') return false;
    if (POSSESSIONS.has(n.lower) || kinNoun(n.lower)) return true;
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
  for (let n = 0; n < 2 && (AUX_GAP.has(tokens[k]?.lower ?? '') || AUX.has(tokens[k]?.lower ?? '')); n++) k++;
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
