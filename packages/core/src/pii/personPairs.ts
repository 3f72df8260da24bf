// Round 19 person cue (issue 26), a token test: two or more single words joined by "and" as the subject of a plural
// verb, where one half is in no list or is also a place ("Tane and Mereana will lead", "Wiremu and Jamaica will
// judge", "Israel and Ngaio are getting married"). Until now such a pair was judged word by word, so the outcome
// depended on which half came first, and a list with a country in it was never a list of people.
// The same pairs in a text written all in lowercase ("tane and mereana are coming") are read by
// `lowercaseNamePairs`.
import type { Gazetteers } from './loadGazetteers.js';
import { isNameWord, tokenIsCommon } from './nameSignals.js';
import { PLAIN_MODALS } from './personOpenerWords.js';
import { personVerbForms } from './personVerbs.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/**
 * Verbs and adverbs right after "X and Y" that make the pair a plural subject ("were", "will", "both").
 * (round 19: every plain modal, "Georgia and Hemi may arrive late"; until then "should", "might", "must", "may" and
 * "shall" were missing)
 */
const PLURAL_SUBJECT_NEXT = new Set([
  'are',
  'were',
  'have',
  'had',
  'did',
  'both',
  'also',
  'each',
  'all',
  ...PLAIN_MODALS,
]);
const PERSON_VERBS_FINITE = new Set(personVerbForms().finite);

/** The word after `last` makes the words up to it a plural subject ("X and Y were", "X and Y met"). */
export function pluralVerbAfter(tokens: Token[], last: Token): boolean {
  const next = tokens[last.index + 1];
  if (next?.kind !== 'word' || next.cap || next.gapBefore !== ' ') return false;
  return PLURAL_SUBJECT_NEXT.has(next.lower) || PERSON_VERBS_FINITE.has(next.lower);
}

/** How a member of a pair reads by the lists alone. */
type PairWord = 'given' | 'unlisted' | 'place' | 'other';

/**
 * A given name a list holds ("Tane", "Sierra", "Georgia"), a word in no list at all ("Mereana", "Wiremu"), a place
 * or country (which a name list may hold too: "Jamaica", "Chile"), or anything else (an everyday word, a surname
 * only, a company, a coined word: "Sales", "Jenkins", "Docker", "Airtable").
 */
function pairWord(t: Token, g: Gazetteers, thing: (t: Token) => boolean): PairWord {
  // (a capital inside the word is a brand's: "LilHTML", "SoCalGas", "SunEdison")
  if (t.allCaps || t.text.length < 3 || /\p{Ll}\p{Lu}/u.test(t.text.slice(1)) || thing(t)) return 'other';
  const place = g.places.has(t.lower) || g.countries.has(t.lower);
  const given = g.firstNames.has(t.lower) || g.extraNames.has(t.lower);
  if (place) return isNameWord(t.lower, g) ? 'place' : 'other';
  if (given) return 'given';
  if (tokenIsCommon(t, g) || isNameWord(t.lower, g)) return 'other';
  return 'unlisted';
}

/**
 * The members of a list that is the subject of a plural verb (the caller tests the verb) are people when every
 * member is a given name, a word in no list or a place a name list holds as well, one at least is a given name a
 * list holds (a place only in the curated first-name list), one at least is no place and one at least no everyday word: "Tane and Mereana will lead", "Mali and
 * Tarni are best friends", "Sierra and Kobina were married". Two places ("Chile and Peru have agreed"), two words in
 * no list ("Grafana and Kibana will read"), an everyday word no name list holds ("Sales and Marketing will"), only
 * names that are everyday words too ("Summer and Autumn are") or a place no name list holds ("Florence and Pisa
 * are") keep the old word-by-word judgement. `thing`: the member is a company or a coined word ("Docker", "Webpack").
 */
export function mixedNamePair(members: readonly Token[], g: Gazetteers, thing: (t: Token) => boolean): boolean {
  let given = false;
  let notPlace = false;
  let unusual = false;
  for (const m of members) {
    const c = pairWord(m, g, thing);
    if (c === 'other') return false;
    // (a place the curated first-name list holds is a given name as well: "Israel", "Chad", "Georgia"; one only
    // the big humannames list holds is not, "Mali", "Jamaica": "Mali and Kumasi" may be two places)
    if (c === 'given' || (c === 'place' && g.firstNames.has(m.lower))) given = true;
    if (c !== 'place') notPlace = true;
    if (!tokenIsCommon(m, g)) unusual = true;
  }
  return given && notPlace && unusual;
}

/**
 * "tane and mereana are coming", "sorry, kobina and sierra were stuck": in a text written all in lowercase (the
 * caller asks only then; the case view restores capitals to listed names only, so an unlisted half stays lowercase
 * and no capitalised list forms), two lowercase words joined by "and" before a plural verb,
 * judged as `mixedNamePair` judges capitalised ones; and a word joined to the writer ("me and moana are",
 * `writerPartner`). `thing`: the word is a known company ("docker and kubernetes are").
 */
export function lowercaseNamePairs(tokens: Token[], g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  const thing = (t: Token) => g.organizations.has(t.lower);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].lower !== 'and') continue;
    const partner = writerPartner(tokens, i, g, thing);
    if (partner) out.push({ type: 'PERSON', start: partner.start, end: partner.end, score: 0.65 });
    const members = lowercaseListAround(tokens, i);
    if (members.length < 2 || !pluralVerbAfter(tokens, members[members.length - 1])) continue;
    if (!mixedNamePair(members, g, thing)) continue;
    for (const m of members) out.push({ type: 'PERSON', start: m.start, end: m.end, score: 0.65 });
  }
  return out;
}

/**
 * "me and moana are going", "kwesi and i went", "between aroha and me" (round 20): in a text written all in
 * lowercase, the word joined to the writer by the "and" at `tokens[i]`, when the curated first-name list holds it
 * or it is in no list at all. Only a person is paired with the writer (`firstPersonPartner` says so of
 * capitalised words); an everyday word or a company stays ("me and coffee are", "me and docker are").
 */
function writerPartner(tokens: Token[], i: number, g: Gazetteers, thing: (t: Token) => boolean): Token | undefined {
  const word = (t: Token | undefined): t is Token =>
    t?.kind === 'word' && !t.cap && t.gapBefore === ' ' && !t.lineStart;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (!word(after) || tokens[i].lineStart || before?.kind !== 'word' || before.cap) return undefined;
  // ("i" is the writer only before its verb: "kwesi and i went", not "x and i.e.")
  const iVerb = after.lower === 'i' && word(tokens[i + 2]);
  const x = before.lower === 'me' ? after : after.lower === 'me' || iVerb ? before : undefined;
  if (!x) return undefined;
  // (a given name only the big humannames list holds is as often a product: "me and docker are not friends")
  const c = pairWord(x, g, thing);
  return c === 'unlisted' || (c !== 'other' && g.firstNames.has(x.lower)) ? x : undefined;
}

/**
 * The two lowercase words around the "and" at `tokens[i]`. (A pair only: a comma before the first word opens a
 * list as often as it closes an interjection, "sorry, kobina and sierra were".)
 */
function lowercaseListAround(tokens: Token[], i: number): Token[] {
  const word = (t: Token | undefined): t is Token =>
    t?.kind === 'word' && !t.cap && t.gapBefore === ' ' && !t.lineStart;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (!word(after) || tokens[i].lineStart || before?.kind !== 'word' || before.cap) return [];
  return [before, after];
}
