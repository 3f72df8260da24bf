// PERSON stage 4 (issue 27; the last, run by detectPersons.ts on everything stages 1-3 found): names repeat, so a
// later or earlier occurrence of a found word is the same person; and a list ("Kónya, Becker and Vasquez") with a
// person in it, or a pair before a plural verb, is a list of people. Returns the new candidates only.
import type { Gazetteers } from './loadGazetteers.js';
import {
  hasForeignLetters,
  isCommonWord,
  isCoreNameWord,
  isNameWord,
  NAME_SHAPE,
  NOT_NAME_WORDS,
  TITLES,
  tokenIsCommon,
} from './nameSignals.js';
import { lazy, personVerbAfter, SIGN_OFFS, type WordLists } from './personContext.js';
import { organizationWord } from './personOrganizations.js';
import { mixedNamePair, pluralVerbAfter } from './personPairs.js';
import { coinedWord } from './personWordShapes.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/**
 * Names repeat: once "Bonifacy Kaczmarek" is found, a later or earlier "Kaczmarek" is the same person; and a list
 * "Kónya, Becker and Vasquez" with one person in it is a list of people.
 */
export function propagate(tokens: Token[], lists: WordLists, found: PiiCandidate[]): PiiCandidate[] {
  const marked = markFound(tokens, found);
  const extra = repeatedNames(tokens, lists.g, marked);
  // Lists: capitalised words separated by ", " and a final "and"/"&"/"or".
  for (let i = 0; i < tokens.length; i++) {
    const { members, end } = gatherList(tokens, i);
    if (members.length < 2) continue;
    listPersons(tokens, members, lists, marked, extra);
    i = end;
  }
  return extra;
}

/** Which tokens the first pass found, marked on a per-token array (a binary search finds each span's first token). */
function markFound(tokens: Token[], found: PiiCandidate[]): Uint8Array {
  const marked = new Uint8Array(tokens.length);
  for (const c of found) {
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens[mid].start < c.start) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < tokens.length && tokens[k].end <= c.end; k++) marked[k] = 1;
  }
  return marked;
}

/** Every other capitalised occurrence of a found word that is no everyday word ("Kaczmarek" after "B. Kaczmarek"). */
function repeatedNames(tokens: Token[], g: Gazetteers, marked: Uint8Array): PiiCandidate[] {
  const known = new Set<string>();
  for (const t of tokens) {
    const found = marked[t.index] && t.kind === 'word' && t.cap;
    if (found && t.text.length >= 3 && !tokenIsCommon(t, g)) known.add(t.lower);
  }
  const extra: PiiCandidate[] = [];
  for (const t of tokens) {
    if (t.kind === 'word' && t.cap && !t.allCaps && known.has(t.lower) && marked[t.index] !== 1)
      extra.push({ type: 'PERSON', start: t.start, end: t.end, score: 0.7 });
  }
  return extra;
}

/** The capitalised words of a list opening at `i`, and the index of its last member's token (the next start). */
function gatherList(tokens: Token[], i: number): { members: Token[]; end: number } {
  const members: Token[] = [];
  let j = i;
  while (j < tokens.length) {
    const t = tokens[j];
    if (t.kind !== 'word' || !t.cap) break;
    members.push(t);
    const sep = tokens[j + 1];
    if (!sep || sep.lineStart) break;
    // (round 23: so is "Best, Aoife" on one line: a list opening its line with a closing word is none)
    if (j === i && t.lineStart && SIGN_OFFS.has(t.lower)) break;
    // (a list stays on its line: "Best,\nAoife" is a closing and a signature)
    if (sep.text === ',' && tokens[j + 2]?.kind === 'word' && !tokens[j + 2].lineStart) j += 2;
    else if ((sep.lower === 'and' || sep.text === '&' || sep.lower === 'or') && tokens[j + 2]?.cap) j += 2;
    else break;
    if (tokens[j]?.lower === 'and' && tokens[j + 1]?.cap) j++;
  }
  return { members, end: j };
}

/** The members of a list of people not found yet, when the list is one: a person in it, and no company or place. */
function listPersons(
  tokens: Token[],
  members: Token[],
  lists: WordLists,
  marked: Uint8Array,
  extra: PiiCandidate[],
): void {
  const { g, orgs } = lists;
  const inFound = (t: Token) => marked[t.index] === 1;
  // "Slack, Asana and Jira": a list with a company in it and no person found in it is a list of companies
  const orgMember = (m: Token) => organizationWord(tokens, m, g, orgs);
  if (members.some(orgMember) && !members.some(inFound)) return;
  // (round 19: "Tane and Mereana will lead", "Wiremu and Jamaica will judge": a pair subject with one half in no
  // list, or with a place a name list holds as well, is a pair of people whichever half comes first)
  const last = members[members.length - 1];
  if (pluralVerbAfter(tokens, last) && mixedNamePair(members, g, (m) => orgMember(m) || coinedWord(m, g))) {
    for (const m of members) if (!inFound(m)) extra.push({ type: 'PERSON', start: m.start, end: m.end, score: 0.65 });
    return;
  }
  const placeList = members.some(
    (m) => g.countries.has(m.lower) || (g.places.has(m.lower) && !isNameWord(m.lower, g) && !tokenIsCommon(m, g)),
  );
  if (placeList) return;
  // (the pair test is asked at most once: it looks at every member)
  const pairSubject = lazy(() => pairSubjectList(tokens, members, g));
  const seed = (m: Token) =>
    inFound(m) ||
    pairSubject() ||
    (isNameWord(m.lower, g) && (members.length >= 3 || (isCoreNameWord(m.lower, g) && !tokenIsCommon(m, g))));
  if (!members.some(seed)) return;
  const oneOdd = oneOddMember(members, g, inFound);
  for (const m of members) {
    if (inFound(m) || orgMember(m) || !listMemberNamed(tokens, m, g, oneOdd)) continue;
    extra.push({ type: 'PERSON', start: m.start, end: m.end, score: 0.65 });
  }
}

/** Whether one member of a list of people, not found yet and no company, is a name to redact. */
function listMemberNamed(tokens: Token[], m: Token, g: Gazetteers, oneOdd: boolean): boolean {
  if (m.allCaps || m.text.length < 2 || /\p{Ll}\p{Lu}/u.test(m.text.slice(1))) return false;
  // ("Mr Dinh and Ms Tran": a title in the list opens the next name; the first pass judged it)
  if (TITLES.has(m.lower)) return false;
  // "Gunnhild Vestergaard, Room 4": an everyday word before a number is a label (room, gate, floor).
  if (tokenIsCommon(m, g) && tokens[m.index + 1]?.kind === 'number') return false;
  return listNameLike(m, g) || (oneOdd && oddSurname(tokens, m, g));
}

/**
 * "Wei and Hope will ...", "Bo and Jun were ...": name words as the plural subject of a verb are people.
 * "Rose and Ivy will bake": first names that are all everyday words need a verb people do after them ("Salt and
 * Pepper were", "Summer and Autumn are" stay).
 */
function pairSubjectList(tokens: Token[], members: Token[], g: Gazetteers): boolean {
  const last = members[members.length - 1];
  return (
    pluralVerbAfter(tokens, last) &&
    members.every((m) => isNameWord(m.lower, g)) &&
    (members.some((m) => !tokenIsCommon(m, g)) ||
      (members.every((m) => g.firstNames.has(m.lower) && !NOT_NAME_WORDS.has(m.lower)) &&
        personVerbAfter(tokens, last)))
  );
}

/** A list member that looks like a name: no everyday word or a listed name, and no place unless a first name. */
function listNameLike(m: Token, g: Gazetteers): boolean {
  const word = !isCommonWord(m.lower, g) || isNameWord(m.lower, g);
  return word && (!g.places.has(m.lower) || g.firstNames.has(m.lower));
}

/**
 * "Monjeau, Graves and Reed": in a list of three or more where every other member is a person already found, a
 * listed name or a word with a surname's ending, the one everyday word is a surname too ("graves", "marsh"). (A
 * word no list knows and with no such ending does not count: brand lists, "Nikon, Panasonic, Sony, and Canon", are
 * full of them.) And one member at least is no everyday word: "Red, Green and Blue" are colours, though Green is a
 * surname.
 */
function oneOddMember(members: Token[], g: Gazetteers, inFound: (t: Token) => boolean): boolean {
  const personMember = (m: Token) =>
    inFound(m) ||
    isCoreNameWord(m.lower, g) ||
    (!tokenIsCommon(m, g) && !m.allCaps && (NAME_SHAPE.test(m.lower) || hasForeignLetters(m.text)));
  return (
    members.length >= 3 &&
    members.filter(personMember).length === members.length - 1 &&
    members.some((m) => !tokenIsCommon(m, g))
  );
}

/** The odd member itself: one word ("Chocolate Chai", "Power BI" are items of two words), no place or short word. */
function oddSurname(tokens: Token[], m: Token, g: Gazetteers): boolean {
  return (
    !NOT_NAME_WORDS.has(m.lower) &&
    !g.places.has(m.lower) &&
    m.text.length >= 3 &&
    !(tokens[m.index + 1]?.cap && tokens[m.index + 1].gapBefore === ' ')
  );
}
