// PERSON: runs of capitalised words scored by name lists, initials, surname shapes and the words around them.
import type { Gazetteers } from './loadGazetteers.js';
import {
  DEMONYM_SHAPE,
  FACILITY_WORDS,
  endsWithKinship,
  afterReportingWord,
  SURNAME_MODIFIED,
  CAPITAL_PARTICLES,
  NAME_PARTICLES,
  NAME_SHAPE,
  NOT_NAME_WORDS,
  PERSON_FOLLOW,
  PLACE_INTRO,
  TITLES,
  hasForeignLetters,
  isCommonWord,
  isCoreNameWord,
  tokenIsCommon,
  isInitial,
  isNameWord,
  lineBefore,
} from './nameSignals.js';
import { FOREIGN_FUNCTION_WORDS, GERMAN_NOUN_ENDINGS } from './foreignFunctionWords.js';
import {
  ADDRESS_TERM_WORDS,
  DATE_PREPOSITION_WORDS,
  GREETING_WORDS,
  MONTH_NAMES,
  PERSON_FIELD_LABELS,
  SIGN_OFF_LINES,
} from './personLabels.js';
import { AUXILIARIES, AUXILIARY_GAP_WORDS, QUESTION_AUXILIARIES, WH_WORDS, personVerbForms } from './personVerbs.js';
import {
  COPULAS,
  afterPersonObjectVerb,
  secondObjectAfter,
  secondObjectOpenerAfter,
  thingPredicateAfter,
} from './personObjects.js';
import { prefixedSurnameTail } from './namePrefixes.js';
import { mixedNamePair, pluralVerbAfter } from './personPairs.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import {
  ageStatedAfter,
  firstPersonPartner,
  inFixedPhrase,
  kinOfBefore,
  personApposition,
  possessedAsPerson,
  relativeWhoAfter,
  thingNamed,
} from './personClauses.js';
import { SUBJECT_VERB_ADVERBS } from './personClauseWords.js';
import { afterRoleNoun } from './personRoles.js';
import { functionWordAfter } from './personStates.js';
import { fixedPhraseOrIts, ownerOrAsSpeaker, sourceOrAgent } from './personSources.js';
import { organizationRun, organizationWord, organizationsInText } from './personOrganizations.js';
import { afterThingName, ageBeside, quotationSpeaker } from './personAttributions.js';
import {
  afterBirthNameWord,
  afterSourceWord,
  pastVerbAfterOpening,
  perPreposition,
  pronounSetAfter,
} from './personMarkers.js';
import type { Token } from './tokenizeText.js';
import { trimTrailing } from '../text/trailingRun.js';

/** Longest run of words taken as one name ("Maria del Carmen Ortega Ruiz"). */
const MAX_NAME_WORDS = 5;

/** Context that makes the next capitalised word a person by itself. */
const STRONG_INTRO = new RegExp(
  String.raw`(?:\bmy name is|\bname is|\bname's|\bname\s*:|\bnamed(?: him| her| them)?` +
    String.raw`|\bcalled(?: him| her| them)?|\bcalls me|\bknown as|\baka` +
    String.raw`|\b(?:maiden|first|last|middle|full|given|family|partner's|child's) name(?: is)?:?` +
    String.raw`|\b(?:mr|mrs|ms|mx|miss|dr|prof|sir|madam|dame|mister|herr|frau|monsieur|mme|señor|señora|sra` +
    String.raw`|sr)\.?|\bname\?|\b(?:i'm|i am|this is)|\b(?:dear|hi|hello|hey|thanks|thank you),?` +
    String.raw`|\b(?:written|posted|directed|photographed|signed|performed|sung|arranged|produced|reported` +
    String.raw`|painted|composed|narrated|hosted|authored|illustrated) by|\bstarring|\battn:?)\s*$`,
  'i',
);
/** Introductions after which the capitalised words are the name itself. */
const NAME_INTRO = new RegExp(
  String.raw`(?:\bname is|\bname's|\bname\s*:|\bnamed(?: (?:him|her|them|it))?` +
    String.raw`|\bcalled(?: (?:him|her|them|it))?|\bcalls me|\bcall me)\s*$`,
  'i',
);
/** Context that supports a word already in a name list but ambiguous ("with Rose", "told Will"). */
const WEAK_INTRO = new RegExp(
  String.raw`\b(?:with|to|and|or|for|from|under|about|meet|met|ask|asked|tell|told|call|called|email|text` +
    String.raw`|thank|love|loves|like|likes|married|marry|joined|invite|invited|hired|fired|visit|visited` +
    String.raw`|follow up with|speak to|talk to|said|says|,)\s*$`,
  'i',
);

/** Verbs right after a lone capitalised word that make it a person's name ("Tomomi is from", "Trivo lives on"). */
const SUBJECT_VERBS = new RegExp(
  String.raw`^ (?:is from|was from|comes from|came from|lives|lived|grew up|was born|is married|got married` +
    String.raw`|works (?:at|for|as)|worked (?:at|for|as)|had given|has given|gave|spent|is so|was so|just has` +
    String.raw`|has to|told|says|said|asked|replied|wrote|smiled|laughed|and (?:his|her) )`,
  'i',
);

const FIELD_LABELS = new Set(PERSON_FIELD_LABELS);
const VERB_FORMS = personVerbForms();
const PERSON_VERBS_FINITE = new Set(VERB_FORMS.finite);
const PERSON_VERBS_ANY = new Set([...VERB_FORMS.finite, ...VERB_FORMS.base]);
const AUX = new Set(AUXILIARIES);
const AUX_GAP = new Set(AUXILIARY_GAP_WORDS);
const SUBJECT_ADVERBS = new Set(SUBJECT_VERB_ADVERBS);

/**
 * "Adaeze missed the train", "Wiremu believes", "Ailbhe hasn't answered": the run is the subject of a verb that
 * people do (a finite form right after it, or an auxiliary and then any form). A token test, no regex.
 */
function personVerbAfter(tokens: Token[], last: Token): boolean {
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

/** Endings of derived English words ("Certification", "Mindfulness", "Rowers"): no name ends so. */
const ENGLISH_SUFFIXES = [
  'tion',
  'sion',
  'ness',
  'ment',
  'ity',
  'ism',
  'ship',
  'ance',
  'ence',
  'ing',
  'ers',
  'able',
  'ible',
  'ology',
  'ful',
  'less',
  'ous',
  'ive',
  'ize',
  'ise',
  'ics',
];
/** A derived English word's ending ("Boeing", "Certification"). */
function derivedEnding(lower: string): boolean {
  return ENGLISH_SUFFIXES.some((x) => lower.length > x.length + 2 && lower.endsWith(x));
}
/** Endings of abstract nouns no surname has ("Development", "Registration", "Happiness", "Leadership"). */
const ABSTRACT_NOUN_SUFFIXES = ['tion', 'sion', 'ness', 'ment', 'ity', 'ism', 'ship', 'ance', 'ence', 'ology'];
function abstractNoun(lower: string): boolean {
  return ABSTRACT_NOUN_SUFFIXES.some((x) => lower.length > x.length + 2 && lower.endsWith(x));
}

/**
 * A word no dictionary lists that is still English: a derived word, or two everyday words run together (brand
 * names: "Facebook", "Coinbound"). Such a subject of "took", "asks", "gives" is a thing or a company.
 */
function coinedWord(t: Token, g: Gazetteers): boolean {
  if (tokenIsCommon(t, g) || isNameWord(t.lower, g)) return false;
  const w = t.lower;
  // "AI-generated", "Eco-friendly": a compound with an everyday part
  if (w.includes('-')) return w.split('-').some((p) => isCommonWord(p, g));
  if (ENGLISH_SUFFIXES.some((x) => w.length > x.length + 2 && w.endsWith(x))) return true;
  // (round 16: or its plural, "Embeddings should not leak data": a derived word's "-s" hides its ending)
  if (w.endsWith('s') && derivedEnding(w.slice(0, -1))) return true;
  for (let k = 3; k <= w.length - 3; k++)
    if (g.commonWords.has(w.slice(0, k)) && g.commonWords.has(w.slice(k))) return true;
  return false;
}

/** Auxiliaries that open a question ("Did X call?", "Why is X so quiet?"): the run after one is its subject. */
const QUESTION_AUX = new Set(QUESTION_AUXILIARIES);
const QUESTION_WORDS = new Set(WH_WORDS);
/**
 * "Did Folasade get the message?", "Why is Oyelaran so quiet?": the run sits between a question's opening
 * auxiliary (at the sentence start or after a wh-word) and a lowercase word, and the sentence ends in "?".
 * After a copula a predicate said of things vetoes it: "so slow" is said of Docker (THING_PREDICATES).
 */
function questionSubject(text: string, tokens: Token[], first: Token, last: Token): boolean {
  const aux = tokens[first.index - 1];
  if (aux?.kind !== 'word' || first.lineStart || !QUESTION_AUX.has(aux.lower)) return false;
  const wh = tokens[aux.index - 1];
  if (!aux.sentenceStart && !(wh?.sentenceStart && QUESTION_WORDS.has(wh.lower))) return false;
  const next = tokens[last.index + 1];
  if (next?.kind !== 'word' || next.cap || next.gapBefore !== ' ') return false;
  if (COPULAS.has(aux.lower) && thingPredicateAfter(tokens, last)) return false;
  return /^[^.!?\n]{0,80}\?/.test(text.slice(last.end, last.end + 82));
}

/** Determiners before a surname used as a modifier: "the Okonkwo novel", "her second Vasconcelos album". */
const MODIFIER_DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'every',
  'each',
  'this',
  'that',
  'his',
  'her',
  'their',
  'our',
  'my',
  'your',
  'its',
]);
/** A determiner right before `first`, or one lowercase word (an adjective) before it. */
function afterDeterminer(tokens: Token[], first: Token): boolean {
  const a = tokens[first.index - 1];
  if (a?.kind !== 'word' || first.lineStart) return false;
  if (MODIFIER_DETERMINERS.has(a.lower)) return true;
  const b = tokens[first.index - 2];
  return !a.cap && b?.kind === 'word' && MODIFIER_DETERMINERS.has(b.lower) && !a.lineStart;
}
const SIGN_OFFS = new Set(SIGN_OFF_LINES);
const GREETINGS = new Set(GREETING_WORDS);
const ADDRESS_TERMS = new Set(ADDRESS_TERM_WORDS);
const FOREIGN_FUNCTION = new Set(FOREIGN_FUNCTION_WORDS);

/** Endings of Polish and Italian surnames ("-ski", "-cki", a doubled consonant and "i") that no demonym has. */
const SURNAME_NOT_DEMONYM = /(?:[csz]ki|([bcdfglmnprstvz])\1i)$/;
/** A German noun by its ending (-ung, -heit, -keit, -schaft, ... or a field label's compound head, "-zeit"). */
function germanLabelNoun(lower: string): boolean {
  return lower.length >= 7 && GERMAN_NOUN_ENDINGS.some((e) => lower.endsWith(e));
}

/** "Patient: Grace Park", "cc: X": a person field label and its colon right before the run (token test, cheap). */
function afterFieldLabel(tokens: Token[], first: Token): boolean {
  const colon = tokens[first.index - 1];
  const label = tokens[first.index - 2];
  return colon?.text === ':' && label?.kind === 'word' && FIELD_LABELS.has(label.lower) && !colon.lineStart;
}

const CLOSING_QUOTES = new Set(['"', '”', '»']);
/** The run ends a quotation: a comma, "!" or "?" right after it and then a closing quotation mark. */
function quotationEnd(tokens: Token[], last: Token): boolean {
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
function afterGreeting(tokens: Token[], first: Token, last: Token): boolean {
  const prev = tokens[first.index - 1];
  if (prev?.kind !== 'word' || first.lineStart || !GREETINGS.has(prev.lower)) return false;
  return /^[,!]$/.test(tokens[last.index + 1]?.text ?? '');
}

/** "Judge Okwuosa", "Captain Mbeki", "Dr. Halloran": a capitalised title (TITLES) right before the run on its line. */
function afterTitleWord(tokens: Token[], first: Token): boolean {
  let p = first.index - 1;
  if (tokens[p]?.text === '.' && tokens[p].gapBefore === '') p--;
  const title = tokens[p];
  return title?.kind === 'word' && title.cap && !title.allCaps && TITLES.has(title.lower) && !first.lineStart;
}

/** The previous non-blank line closes a letter ("Best,", "Kind regards") and this run starts its own line. */
function afterSignOff(text: string, first: Token): boolean {
  if (!first.lineStart) return false;
  let end = text.lastIndexOf('\n', first.start - 1);
  // Skip at most two blank lines between the closing and the name.
  for (let k = 0; k < 2 && end > 0 && /^\s*$/.test(text.slice(text.lastIndexOf('\n', end - 1) + 1, end)); k++)
    end = text.lastIndexOf('\n', end - 1);
  if (end <= 0) return false;
  const prev = text.slice(text.lastIndexOf('\n', end - 1) + 1, end).trim();
  return prev.length <= 24 && SIGN_OFFS.has(trimTrailing(prev, ',.!-').trim().toLowerCase());
}

type WordClass = 'name' | 'ambiguous' | 'unknown' | 'initial' | 'particle' | 'common';

export function detectPersons(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  const aggressive = mode === 'aggressive';
  // (words this text shows as companies: "Quillon Ltd" anywhere makes "Quillon said" a company's statement)
  const lists: WordLists = { g, orgs: organizationsInText(tokens) };
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (!(t.kind === 'word' && t.cap)) {
      i++;
      continue;
    }
    const { run, end } = gatherRun(tokens, i);
    greetedMonth(tokens, run, g, out);
    const introduced = introducedRun(text, tokens, run, g);
    if (introduced) {
      const last = run[run.length - 1];
      // ("a café named Brew Lab", "Pro Bono": a thing's name, a borrowed phrase; see judgeRun)
      const thing =
        (introduced === 'name intro' && thingNamed(tokens, t) && !run.some((w) => isNameWord(w.lower, g))) ||
        inFixedPhrase(tokens, t, last);
      if (!thing) out.push({ type: 'PERSON', start: t.start, end: last.end, score: 0.85 });
    } else {
      for (const sub of splitRun(run, tokens, g)) judgeRun(text, tokens, sub, lists, aggressive, out);
    }
    i = end;
  }
  detectLowercaseNames(text, tokens, g, out);
  out.push(...propagate(tokens, lists, out));
  return out;
}

/**
 * Gathers a run of capitalised words from `tokens[i]`, joined by single spaces; initials may carry a period;
 * particles may sit inside. `end` is the index after the run.
 */
function gatherRun(tokens: Token[], i: number): { run: Token[]; end: number } {
  const run: Token[] = [tokens[i]];
  let j = i + 1;
  while (j < tokens.length && run.length < MAX_NAME_WORDS + 2) {
    const n = tokens[j];
    if (n.kind === 'punct' && n.text === '.' && isInitial(tokens[j - 1]) && n.gapBefore === '') {
      j++;
      continue;
    }
    // ("A.K. Ramanujan": initials written together, each with its period)
    const compactInitial = n.gapBefore === '' && tokens[j - 1].text === '.' && isInitial(n) && run.length > 0;
    if (n.kind !== 'word' || !(compactInitial || /^ {1,2}$/.test(n.gapBefore))) break;
    if (!runContinues(tokens, j)) break;
    run.push(n);
    j++;
  }
  return { run, end: j };
}

/** The word `tokens[j]` continues a run: capitalised, a prefixed surname, or a particle before a capitalised word. */
function runContinues(tokens: Token[], j: number): boolean {
  const n = tokens[j];
  // ("Yasmin al-Rashid": a surname behind a lowercase prefix belongs to the run)
  if (n.cap || prefixedSurnameTail(n)) return true;
  return (
    NAME_PARTICLES.has(n.lower) &&
    (tokens[j + 1]?.cap || (NAME_PARTICLES.has(tokens[j + 1]?.lower ?? '') && tokens[j + 2]?.cap))
  );
}

/** "Dear June,", "Hi April!": a month that is also a first name, greeted and set off, is the person greeted. */
function greetedMonth(tokens: Token[], run: Token[], g: Gazetteers, out: PiiCandidate[]): void {
  const lastOfRun = run[run.length - 1];
  if (
    MONTHS.has(lastOfRun.lower) &&
    g.firstNames.has(lastOfRun.lower) &&
    GREETINGS.has(tokens[lastOfRun.index - 1]?.lower ?? '') &&
    /^[,!]/.test(tokens[lastOfRun.index + 1]?.text ?? '')
  )
    out.push({ type: 'PERSON', start: lastOfRun.start, end: lastOfRun.end, score: 0.75 });
}

/**
 * A run whose every word is the name because of what comes before it: a title ("Mrs. Baker", "Dr. Justin Beet")
 * or a name introduction ("My name is Will", "her maiden name is Key", "named him Frank"), everyday word or not.
 */
type Introduced = 'title' | 'name intro';
function introducedRun(text: string, tokens: Token[], run: Token[], g: Gazetteers): Introduced | undefined {
  const t = run[0];
  let p = t.index - 1;
  if (tokens[p]?.text === '.') p--;
  // ("Prof. Development Day": an abstract noun no name list holds is no name, where "Mrs. Baker" and "Dr. Wells"
  // are surnames although everyday words)
  const afterTitle =
    p >= 0 &&
    tokens[p].kind === 'word' &&
    tokens[p].cap &&
    TITLES.has(tokens[p].lower) &&
    run.length <= 4 &&
    !(abstractNoun(t.lower) && tokenIsCommon(t, g) && !isNameWord(t.lower, g));
  if (afterTitle) return 'title';
  const afterNameIntro =
    run.length <= 3 &&
    (NAME_INTRO.test(lineBefore(text, t.start, 40)) ||
      // "Patient: Grace Park": after a person field label the whole run is the name once one word is a name
      (afterFieldLabel(tokens, t) && run.some((w) => !tokenIsCommon(w, g) || isNameWord(w.lower, g)))) &&
    // ("Product name: Galaxy Note" names a thing; "Name: Premium Plan", everyday words and no first name, too)
    !afterThingName(tokens, t) &&
    !(tokens[t.index - 1]?.text === ':' && run.every((w) => tokenIsCommon(w, g) && !g.firstNames.has(w.lower)));
  return afterNameIntro ? 'name intro' : undefined;
}

/**
 * "Lise-Lotte", "Per-Olof", "Min-seo": a hyphenated given name. `first` when all parts are first names (one at
 * least no everyday word): as strong as a listed first name. `syllables` when name-list syllables are joined to a
 * lowercase second part (romanised Korean and Chinese names): a name word that needs a cue. Name lists hold few
 * such compounds whole; "Mercedes-Benz" and "Anglo-Saxon" fail both tests.
 */
function hyphenatedGivenName(t: Token, g: Gazetteers): 'first' | 'syllables' | undefined {
  if (!t.text.includes('-')) return undefined;
  const parts = t.lower.split('-');
  if (parts.some((p) => p.length < 2)) return undefined;
  if (parts.every((p) => g.firstNames.has(p)) && parts.some((p) => !isCommonWord(p, g))) return 'first';
  const second = t.text.slice(t.text.indexOf('-') + 1);
  const lowerSecond = second[0] === second[0].toLowerCase();
  return lowerSecond && parts.every((p) => isNameWord(p, g) && !isCommonWord(p, g)) ? 'syllables' : undefined;
}

function classify(t: Token, g: Gazetteers, next: Token | undefined, inside: boolean): WordClass {
  // "Ó Súilleabháin", "Nic Giolla": an Irish particle, capitalised, inside a name before its surname.
  if (CAPITAL_PARTICLES.has(t.lower) && next?.cap && next.gapBefore === ' ' && !next.allCaps) return 'particle';
  // "J." or a lone capital inside a run ("Szabina J Gelencsér") is an initial; the pronoun "I" is not.
  if (isInitial(t))
    return next?.text === '.' && next.gapBefore === '' ? 'initial' : inside && t.text !== 'I' ? 'initial' : 'common';
  if (!t.cap) return lowercaseRunWordClass(t, g);
  const l = t.lower;
  if (NOT_NAME_WORDS.has(l) || TITLES.has(l) || (t.allCaps && t.text.length <= 4)) return 'common';
  const named = isNameWord(l, g);
  const common = isCommonWord(l, g);
  if (named && common) return 'ambiguous';
  if (named || hyphenatedGivenName(t, g)) return 'name';
  if (common) return 'common';
  return 'unknown';
}

/** A lowercase word inside a run: a particle ("de", "van"), or a surname behind a prefix ("al-Rashid"). */
function lowercaseRunWordClass(t: Token, g: Gazetteers): WordClass {
  const tail = prefixedSurnameTail(t)?.toLowerCase();
  if (tail === undefined) return 'particle';
  if (isNameWord(tail, g)) return 'name';
  return isCommonWord(tail, g) ? 'ambiguous' : 'unknown';
}

const MONTHS = new Set(MONTH_NAMES);
const DATE_PREPOSITIONS = new Set(DATE_PREPOSITION_WORDS);
function monthFirstName(t: Token, next: Token, tokens: Token[], g: Gazetteers): boolean {
  if (!MONTHS.has(t.lower) || !g.firstNames.has(t.lower) || tokenIsCommon(next, g) || next.text.length < 2)
    return false;
  const prev = tokens[t.index - 1];
  if (DATE_PREPOSITIONS.has(prev?.lower ?? '')) return false;
  // ("the 5th of May", "1 of June": "of" after a number is a date; "in memory of May Okonkwo-Hale" is not)
  if (prev?.lower === 'of' && /^\d|^(?:first|second|third|\d*(?:st|nd|rd|th))$/.test(tokens[t.index - 2]?.lower ?? ''))
    return false;
  const surname =
    g.lastNames.has(next.lower) ||
    // (a two-letter word only as a listed surname: "May Li")
    (next.text.length >= 3 && NAME_SHAPE.test(next.lower)) ||
    hasForeignLetters(next.text) ||
    (next.text.includes('-') && next.lower.split('-').some((p) => p.length >= 3 && !isCommonWord(p, g)));
  return surname;
}

/** Splits a run at ordinary words ("Entertainment Weekly", "The"), which are never part of a name. */
function splitRun(run: Token[], tokens: Token[], g: Gazetteers): RunWord[][] {
  const subs: RunWord[][] = [];
  let cur: RunWord[] = [];
  let prevClass: WordClass | undefined;
  run.forEach((t, k) => {
    const c = classInRun(run, k, tokens, g, { prevClass, opener: cur[0]?.c });
    prevClass = c;
    if (c === 'common') {
      if (cur.length) subs.push(cur);
      cur = [];
    } else cur.push({ t, c });
  });
  if (cur.length) subs.push(cur);
  return subs
    .map((sub) => {
      // (a capitalised particle opens the name it belongs to: "Ó Súilleabháin")
      while (sub.length && sub[0].c === 'particle' && !sub[0].t.cap) sub.shift();
      while (sub.length && sub[sub.length - 1].c === 'particle') sub.pop();
      return sub;
    })
    .filter((sub) => sub.some((w) => w.c !== 'particle'));
}

/**
 * The class of the run's word `k` in its place: `classify` alone, then the run's opening word (a foreign article,
 * "Per", a month as a first name) and the word after an initial, a particle or a first name, which is a surname.
 */
function classInRun(
  run: Token[],
  k: number,
  tokens: Token[],
  g: Gazetteers,
  left: { prevClass: WordClass | undefined; opener: WordClass | undefined },
): WordClass {
  const t = run[k];
  const c = classify(t, g, tokens[t.index + 1], k > 0 && k < run.length - 1);
  if (k === 0) return openingClass(run, tokens, g, c);
  if (c !== 'common' || NOT_NAME_WORDS.has(t.lower)) return c;
  const { prevClass, opener } = left;
  // The word after an initial is a surname even when it is an everyday word ("Brad L Key", "Jildau S Bouts").
  // (not after initials written together: "U.S. Army", "D.C. Comics" are abbreviations)
  if (prevClass === 'initial' && k >= 2 && !run.some((w, m) => m > 0 && m < k && w.gapBefore === ''))
    return 'ambiguous';
  // After a particle that follows a name ("Pieter de Wit", "Jan van Dam"): the surname, everyday word or not.
  if (prevClass === 'particle' && k >= 2 && (opener === 'name' || opener === 'unknown') && t.text.length >= 3)
    return 'ambiguous';
  // Likewise right after a known first name ("Jane Doe", "Tom Baker"): a surname that is also a dictionary word.
  if (
    prevClass === 'name' &&
    (g.firstNames.has(run[k - 1].lower) || hyphenatedGivenName(run[k - 1], g)) &&
    t.text.length >= 3
  )
    return 'ambiguous';
  return c;
}

/** The class of a run's first word, which may open a noun or a date rather than a name. */
function openingClass(run: Token[], tokens: Token[], g: Gazetteers, c: WordClass): WordClass {
  const t = run[0];
  // "Der Termin", "Ihre Bestellung": an article or possessive of another language opens a noun, not a name.
  // ("Per Reuters, the talks stalled": "per" opening a sentence is the preposition, not the name Per)
  const opened = FOREIGN_FUNCTION.has(t.lower) || perPreposition(tokens, run) ? 'common' : c;
  // "May Okonkwo-Hale", "June Abara-Steele": a month that is also a first name opens the name when a surname no
  // dictionary lists follows and no date preposition comes before ("in May Kowalski ...").
  if (opened === 'common' && run.length >= 2 && monthFirstName(t, run[1], tokens, g)) return 'name';
  return opened;
}

/** A boolean test run at most once, only when a rule asks for it. */
type Cue = () => boolean;
function lazy(f: () => boolean): Cue {
  let v: boolean | undefined;
  return () => (v ??= f());
}

type RunWord = { t: Token; c: WordClass };

/** What a judged run is: its words, their classes counted, and the text right around it. */
interface RunFacts {
  text: string;
  tokens: Token[];
  g: Gazetteers;
  orgs: ReadonlySet<string>;
  aggressive: boolean;
  words: RunWord[];
  first: Token;
  last: Token;
  names: number;
  amb: number;
  unknown: number;
  initials: number;
  /** The line before the run (48 characters) and the 24 characters after it: the regex cues read these. */
  before: string;
  after: string;
  phrase: string;
  isPlace: boolean;
}

/** The context cues of a run, each evaluated lazily (most are regexes or token scans a run may never need). */
interface RunCues {
  brandSource: Cue;
  attributed: Cue;
  strong: Cue;
  reported: Cue;
  weak: Cue;
  objectOfPersonVerb: Cue;
  follow: Cue;
  aloneOnLine: Cue;
  speaker: Cue;
  vocative: Cue;
  subject: Cue;
  demonym: Cue;
}

/**
 * Judges one run of capitalised words split by `splitRun`: facts, lazy cues, a score by the run's shape, then the
 * vetoes that no score outweighs. Stages are separate so that each rule family reads as one list.
 */
function judgeRun(
  text: string,
  tokens: Token[],
  sub: RunWord[],
  lists: WordLists,
  aggressive: boolean,
  out: PiiCandidate[],
): void {
  const words = sub.filter((w) => w.c !== 'particle');
  const count = (c: WordClass) => words.filter((w) => w.c === c).length;
  const initials = count('initial');
  // ("U.S. Army", "P.S.", "D.C. Comics": initials written together with no other word are an abbreviation)
  if (initials === words.length && words.some((w, k) => k > 0 && w.t.gapBefore === '')) return;
  const first = sub[0].t;
  const last = sub[sub.length - 1].t;
  const phrase = words.map((w) => w.t.lower).join(' ');
  const f: RunFacts = {
    text,
    tokens,
    g: lists.g,
    orgs: lists.orgs,
    aggressive,
    words,
    first,
    last,
    names: count('name'),
    amb: count('ambiguous'),
    unknown: count('unknown'),
    initials,
    before: lineBefore(text, first.start, 48),
    after: text.slice(last.end, last.end + 24),
    phrase,
    isPlace: lists.g.places.has(phrase),
  };
  const cues = runCues(f);
  const score = runScore(f, cues);
  if (score > 0 && !vetoed(f, cues)) out.push({ type: 'PERSON', start: first.start, end: last.end, score });
}

/** Builds the lazy cues of a run; a cue that needs another reads it through the same object. */
function runCues(f: RunFacts): RunCues {
  const cues = {} as RunCues;
  cues.brandSource = lazy(() => brandSourceCue(f));
  cues.attributed = lazy(() => attributedCue(f, cues));
  cues.strong = lazy(() => strongCue(f, cues));
  // "says Thandeka", "by Pastorelli", "the Okonkwo novel": a reporting word before, or a work or estate after.
  // (token tests before the regex: most runs have no determiner before them)
  cues.reported = lazy(
    () =>
      !cues.brandSource() &&
      (afterReportingWord(f.tokens, f.first) ||
        afterSourceWord(f.tokens, f.first) ||
        (afterDeterminer(f.tokens, f.first) && SURNAME_MODIFIED.test(f.after))),
  );
  cues.weak = lazy(() => WEAK_INTRO.test(f.before));
  // "We owe Rukmini an apology", "texted Ravindra twice": the object of a verb whose object is a person.
  cues.objectOfPersonVerb = lazy(() => afterPersonObjectVerb(f.tokens, f.first));
  cues.follow = lazy(() => PERSON_FOLLOW.test(f.after));
  // A line that is only this run ("Julcsa Kárpáthy" above a contact card), or a speaker label ("Ubul: ...").
  cues.aloneOnLine = lazy(() => f.first.lineStart && /^[ \t]*(?:\n|$)/.test(f.after));
  cues.speaker = lazy(() => speakerCue(f));
  cues.vocative = lazy(() => vocativeCue(f));
  cues.subject = lazy(() => subjectCue(f));
  cues.demonym = lazy(() => demonymCue(f));
  return cues;
}

// '"Go on," urged Priyamvada.', "Brooks, 52, coaches ...": the speaker's slot after a quotation, or an age beside
// the run. A coined English word there is a company; in the direct order ('"Update now," Microsoft added.') the
// run must look like a name as well: a core-list name, a name's ending or foreign letters. (A hyphenated word of
// capitalised parts, "Ferreira-Lopes", is a double surname, not a coined word.)
// "according to Eurostat", "Per Reuters,": a source named by one word in no name list, with no name's ending or
// foreign letters, is an organisation; so is, as a source or an inverted speaker ('"It is safe," maintained
// Boeing.'), one only the big humannames list holds that ends like a derived English word. ("according to
// Olamide", "countered Ndlovu" stay persons; an inverted speaker in no list, "urged Priyamvada", too: a test of
// that slot alone lost such names.)
function brandSourceCue(f: RunFacts): boolean {
  const { words, first, last, tokens, g } = f;
  if (words.length !== 1 || NAME_SHAPE.test(first.lower) || hasForeignLetters(first.text)) return false;
  const c = words[0].c;
  if (c === 'unknown') return sourceOrAgent(tokens, first); // (or a passive's agent: "published by Nintendo")
  const derived = c === 'name' && !isCoreNameWord(first.lower, g) && derivedEnding(first.lower);
  return derived && (afterSourceWord(tokens, first) || quotationSpeaker(tokens, first, last) === 'inverted');
}

/** The quotation speaker's slot or an age beside the run (see `brandSourceCue` for the company vetoes). */
function attributedCue(f: RunFacts, cues: RunCues): boolean {
  const { words, first, last, tokens, g } = f;
  const slot = quotationSpeaker(tokens, first, last);
  if (!slot && !ageBeside(tokens, first, last)) return false;
  if (cues.brandSource()) return false;
  if (words.some((w) => coinedWord(w.t, g) && !/-\p{Lu}/u.test(w.t.text))) return false;
  return (
    slot !== 'direct' ||
    words.some((w) => isCoreNameWord(w.t.lower, g) || NAME_SHAPE.test(w.t.lower) || hasForeignLetters(w.t.text))
  );
}

/** Context that makes the run a person by itself: an introduction, kin, a label, a title, a greeting, a role. */
function strongCue(f: RunFacts, cues: RunCues): boolean {
  const { tokens, first, last } = f;
  return (
    STRONG_INTRO.test(f.before) ||
    endsWithKinship(f.before) ||
    afterFieldLabel(tokens, first) ||
    afterSignOff(f.text, first) ||
    afterTitleWord(tokens, first) ||
    afterGreeting(tokens, first, last) ||
    afterRoleNoun(tokens, first) ||
    // "Aoife (she/her)", "the bride (née Gallagher)": marks only a person carries
    pronounSetAfter(tokens, last) ||
    afterBirthNameWord(tokens, first) ||
    // "Lorcan and I went fishing": only a person is paired with the writer
    firstPersonPartner(tokens, first, last) ||
    // "Bjarke, the new intern, starts Monday": an apposition naming a person's role
    personApposition(tokens, last) ||
    // "It was Meseret who called", "Tewodros is 34 years old", "the wife of Tewodros": said only of people
    relativeWhoAfter(tokens, last) ||
    ageStatedAfter(tokens, last) ||
    kinOfBefore(tokens, first) ||
    cues.attributed()
  );
}

// (an everyday word, no first name, whose value opens with a digit or a currency sign is a field: "Price: 12
// EUR"; "Taylor: 5 minutes left", "Rose: 5 more minutes!" are still speakers)
function speakerCue(f: RunFacts): boolean {
  const { first, after, words, g } = f;
  return (
    first.lineStart &&
    /^:[ \t]?\S/.test(after) &&
    !(words.length === 1 && tokenIsCommon(first, g) && !g.firstNames.has(first.lower) && /^:[ \t]?[\d$€£]/.test(after))
  );
}

/** Vocative: "Remember me, Mary?", "Don't go to town, Mark!", "Warrane, can I ...". */
function vocativeCue(f: RunFacts): boolean {
  const { before, after, first, last, tokens, words, g } = f;
  return (
    (/,\s*$/.test(before) && /^\s*[!?]/.test(after)) ||
    // (also a second-person word or a courtesy after the comma: "Ji-woo, your parcel arrived", "Eunji, thanks")
    (first.sentenceStart &&
      /^, (?:can|could|would|will|please|i|you|we|do|did|are|is|your|thanks|thank|sorry|welcome)\b/i.test(after)) ||
    // (or a listed name as the last word of a quotation: "You forgot your scarf again Philomena," he said; no
    // place, none after a preposition: "Welcome to Lisbon,", "pizza on Fridays!")
    (!f.isPlace &&
      quotationEnd(tokens, last) &&
      words.every((w) => isNameWord(w.t.lower, g)) &&
      !PLACE_INTRO.test(before))
  );
}

/** The run is the subject of a verb people do, or of a question's auxiliary; no coined word in it. */
function subjectCue(f: RunFacts): boolean {
  const { tokens, first, last, words, g } = f;
  if (SUBJECT_VERBS.test(f.after)) return true;
  const verb =
    personVerbAfter(tokens, last) ||
    (questionSubject(f.text, tokens, first, last) && !f.isPlace) ||
    openingSubjectOfPast(f);
  return verb && !words.some((w) => coinedWord(w.t, g));
}

// ("Oyelaran kayaked across the lake": a past-tense verb after a lone word opening the sentence)
// (a word in no list counts as well, "Oyelaran fixed the gate", "Eskil sold his boat" — issue 26's rule of a
// non-dictionary word before a verb. Until round 13 it needed a name's ending or foreign letters, against
// "Amazon shipped", "Spotify raised"; known companies, the text's own company evidence and coined words now
// veto those, and round 14 measured no real-page word newly redacted without the ending test)
function openingSubjectOfPast(f: RunFacts): boolean {
  const { tokens, first, last, words, g } = f;
  return (
    pastVerbAfterOpening(tokens, first, last, words[0].c === 'name') &&
    !f.isPlace &&
    !g.countries.has(f.phrase) &&
    // (a word only the big humannames list holds that ends like an English agent noun is a brand: "Uber has
    // raised fares")
    !(words[0].c === 'name' && !isCoreNameWord(first.lower, g) && first.lower.endsWith('er')) &&
    (words[0].c === 'name' || words[0].c === 'unknown')
  );
}

// Nationality adjectives ("I am Polish", "the Spanish government", "a Russian place") are not people.
// (a Polish or Italian surname ending, "Szczepański", "Pastorelli", is no nationality: no demonym ends so;
// nor is a two- or three-letter word, "Ask Li about it")
function demonymCue(f: RunFacts): boolean {
  const { phrase, before, after, g } = f;
  return (
    f.words.length === 1 &&
    phrase.length >= 4 &&
    !SURNAME_NOT_DEMONYM.test(phrase) &&
    DEMONYM_SHAPE.test(phrase) &&
    !g.firstNames.has(phrase) &&
    ((/\b(?:i'm|i am|(?:he|she|they|we|you|who) (?:is|are|was|were))\s*$/i.test(before) && !isNameWord(phrase, g)) ||
      // (an adjective comes before its noun, never before an article or a possessive: "told Femi the news")
      (/^ (?!(?:is|was|has|had|and|or|just|lives|lived|spent|said|says|who|so)\b)[a-z]/.test(after) &&
        !secondObjectOpenerAfter(f.tokens, f.last) &&
        // (round 15: nor before a preposition, a clause opener or a time adverb: "remind Kalaivani about")
        !functionWordAfter(f.tokens, f.last)) ||
      /\b(?:the|a|an)\s*$/i.test(before))
  );
}

/** The run's score before the vetoes: by its shape (camel-cased, several words, one word) and its cues. */
function runScore(f: RunFacts, cues: RunCues): number {
  const camel = f.words.some(
    (w) => /\p{Ll}\p{Lu}/u.test(w.t.text.slice(1)) && !/^(?:Mc|Mac|O'|D'|De|Di|La|Le|Van)/.test(w.t.text),
  );
  if (camel) return cues.strong() ? 0.7 : 0;
  if (f.words.length >= 2) return multiWordScore(f, cues);
  return oneWordScore(f, cues);
}

/** A word in no list with a name's ending or foreign letters ("Kaczmarek", "Ngữ"). */
function shapedUnknown(w: RunWord): boolean {
  return w.c === 'unknown' && (NAME_SHAPE.test(w.t.lower) || hasForeignLetters(w.t.text));
}
/** Some word of four letters or more of the run is `shapedUnknown`. */
function foreignRun(words: RunWord[]): boolean {
  return words.some((w) => w.t.text.length >= 4 && shapedUnknown(w));
}

function multiWordScore(f: RunFacts, cues: RunCues): number {
  const score = listedMultiWordScore(f, cues) ?? cuedMultiWordScore(f, cues);
  // ("said Rose Park, who chairs ...": a relative "who" after the run outweighs a place of that name)
  if (f.isPlace && f.names < 2 && !cues.strong() && !/^,? (?:who|whose)\b/.test(f.after)) return 0;
  return score;
}

/** Several words of which the name lists know some: scored by how many, or undefined when the lists say nothing. */
function listedMultiWordScore(f: RunFacts, cues: RunCues): number | undefined {
  const { names, amb, unknown, initials, words } = f;
  const nameLike = names + amb + unknown + initials === words.length;
  // "Carry Me Back To Canada": mostly everyday words; unless introduced or reported ("said Grace Fisher").
  if (amb > names + unknown + initials) return cues.strong() || cues.reported() ? 0.7 : 0;
  if (names >= 1 && nameLike) return names >= 2 || initials ? 0.95 : 0.85;
  if (initials >= 1) return 0.85;
  if (amb >= 1 && names + amb === words.length)
    return cues.strong() || cues.weak() || cues.follow() || cues.aloneOnLine() ? 0.8 : 0.7;
  // "Hope Nakashima", "Ivy Oyelaran": a first name that is also an everyday word, then a surname no list knows.
  // (introduced or followed like a person: "Winter Olympics", "an Art Deco hotel", "Can Tastewise ..." are none)
  if (
    words.length === 2 &&
    words[0].c === 'ambiguous' &&
    words[1].c === 'unknown' &&
    f.g.firstNames.has(f.first.lower) &&
    !AUX.has(f.first.lower) &&
    (cues.strong() || cues.weak() || cues.follow() || cues.aloneOnLine())
  )
    return 0.75;
  return undefined;
}

/** Several words mostly in no list: a person only with a cue, a name's shape, or its line to itself. */
function cuedMultiWordScore(f: RunFacts, cues: RunCues): number {
  const { unknown, words, first } = f;
  if (cues.strong() || cues.follow() || cues.speaker()) return 0.8;
  if (
    unknown === words.length &&
    (foreignRun(words) || f.aggressive) &&
    (!first.sentenceStart || cues.weak() || cues.aloneOnLine() || words.every(shapedUnknown))
  )
    return 0.65;
  if (unknown === words.length && words.length <= 3 && (cues.aloneOnLine() || cues.subject() || cues.vocative()))
    return 0.6;
  if (f.aggressive && cues.weak()) return 0.6;
  return 0;
}

function oneWordScore(f: RunFacts, cues: RunCues): number {
  const c = f.words[0].c;
  // An ALL-CAPS word is a person when introduced, or as a speaker label that is no everyday word ("BRANKO:").
  if (f.words[0].t.allCaps) return cues.strong() || (cues.speaker() && c !== 'common' && c !== 'ambiguous') ? 0.7 : 0;
  if (c === 'name') return oneNameScore(f, cues);
  if (c === 'ambiguous') return oneAmbiguousScore(f, cues);
  if (c === 'unknown') return oneUnknownScore(f, cues);
  return 0;
}

/** One listed name word: "Mary", "Victoria", "Florence" are places too, so a person when the sentence says so. */
function oneNameScore(f: RunFacts, cues: RunCues): number {
  const { phrase, g, isPlace, first, after } = f;
  // ("Germany's" is as common as "Anna's": a possessive is no cue for a place name.)
  const firstName = g.firstNames.has(phrase) && !g.countries.has(phrase);
  const personCue =
    cues.strong() ||
    cues.speaker() ||
    cues.vocative() ||
    cues.subject() ||
    cues.reported() ||
    cues.objectOfPersonVerb() ||
    ownerOrAsSpeaker(f.tokens, first, f.last) || // ("Hope’s brother", round 12: "As Ulrike put it,")
    ((!isPlace || firstName) && cues.follow() && !/^['’]s/.test(after)) ||
    (!isPlace && cues.follow()) ||
    (firstName && cues.weak() && !PLACE_INTRO.test(f.before));
  // A lone word only the big humannames list knows ("Google" is in it) needs a cue as well.
  const lone =
    !isCoreNameWord(phrase, g) &&
    hyphenatedGivenName(first, g) !== 'first' &&
    !(personCue || cues.weak() || (!first.sentenceStart && /^ [A-Z]/.test(after)));
  // (a verb people do outweighs a demonym-like ending: "Nkechi will bring")
  // (and so does a title: "Ms Tran", "Dr Milan" are no adjectives)
  if (isPlace) return personCue ? 0.8 : 0;
  const adjective = cues.demonym() && !cues.subject() && !cues.attributed() && !afterTitleWord(f.tokens, first);
  return adjective || lone ? 0 : 0.8;
}

/** One word that is both a listed name and an everyday word ("Hope", "Will", "Grace"): a cue must say person. */
function oneAmbiguousScore(f: RunFacts, cues: RunCues): number {
  const { g, phrase, tokens, last, first } = f;
  const person =
    cues.strong() ||
    cues.speaker() ||
    cues.vocative() ||
    (cues.follow() && !first.sentenceStart) ||
    // "Hope left early", "Li called twice": a first name that is also a word, then a verb people do
    (g.firstNames.has(phrase) && personVerbAfter(tokens, last)) ||
    // "Hope’s brother called", "Grace's car broke down": a possessive before what only a person has
    (g.firstNames.has(phrase) && possessedAsPerson(tokens, last)) ||
    // "had given Angel his address", "thanked Grace": a person's verb before, and a second object after or a
    // first name
    (cues.objectOfPersonVerb() && (g.firstNames.has(phrase) || secondObjectAfter(tokens, last)));
  if (person) return 0.75;
  return f.aggressive && cues.weak() && !first.sentenceStart ? 0.6 : 0;
}

/** One word in no list: a person with a cue; a demonym-like ending needs a strong one. */
function oneUnknownScore(f: RunFacts, cues: RunCues): number {
  const { tokens, first, last, g } = f;
  // (a kinship noun or a title outweighs a demonym-like ending: "my neighbour Zawadi")
  // ("owe Rukmini an apology": a second object after a person's verb outweighs a demonym-like ending)
  if (f.isPlace) return 0;
  if (
    !(
      cues.strong() ||
      cues.subject() ||
      !cues.demonym() ||
      (cues.objectOfPersonVerb() && secondObjectAfter(tokens, last))
    )
  )
    return 0;
  if (cues.strong() || cues.speaker() || cues.vocative() || cues.subject() || cues.reported()) return 0.75;
  // ("Is this Meseret's car?": a possessive before what only a person has, the noun ending its phrase)
  if (possessedAsPerson(tokens, last, true) && !coinedWord(first, g)) return 0.75;
  // (a coined English word is a brand even there: "introduced Webpack")
  if (cues.objectOfPersonVerb() && !coinedWord(first, g)) return 0.75;
  const followed = cues.follow() || cues.weak();
  if (followed && foreignRun(f.words)) return 0.6;
  if (f.aggressive && followed) return 0.55;
  return 0;
}

/** Vetoes no score outweighs: a venue, a closing word, a field label, a thing's name, a fixed phrase, a company. */
function vetoed(f: RunFacts, cues: RunCues): boolean {
  const { words, first, last, after, tokens, g } = f;
  // "the Ritz Hotel", "Kensington Library": a venue or organisation named after someone is not that person.
  const facility = /^ (\p{Lu}[\p{L}]*)/u.exec(after);
  if (facility && FACILITY_WORDS.has(facility[1].toLowerCase()) && !cues.strong()) return true;
  // "Best,\nAoife": the closing word of a letter is no name.
  if (words.length === 1 && first.lineStart && SIGN_OFFS.has(first.lower) && /^[,!.]?[ \t]*(?:\n|$)/.test(after))
    return true;
  if (words.length === 1 && cues.speaker() && labelNotSpeaker(f)) return true;
  // "Parker Industries", "Hudson Group": a run ending in such a word is the organisation itself.
  if (words.length >= 2 && FACILITY_WORDS.has(last.lower) && !cues.strong()) return true;
  // "a café named Brew Lab", "an app called Notion": a thing's name (unless a name list holds one of its words)
  if (thingNamed(tokens, first) && !words.some((w) => isNameWord(w.t.lower, g))) return true;
  // "The Per Diem allowance", "Did Spotify change its prices?": a fixed phrase, a run "its" refers to, is no one
  if (fixedPhraseOrIts(tokens, first, last, cues.strong)) return true;
  // "Good morning Spotify,", "Airbnb is 17 years old", "says Deloitte", "Quillon said" beside "Quillon Ltd": a known
  // company, or one this text shows as a company, in a slot people fill too; only a cue no company takes (a title,
  // kin, a field label, a pronoun set, "X and I", a person's role or possession) keeps it a person.
  const runWords = words.map((w) => w.t);
  return organizationRun(tokens, runWords, g, f.orgs) && !personOnlyCue(tokens, f.before, first, last);
}

/** A one-word speaker label that is a field's name ("Attendees:", "ATTN:", "Zusammenfassung:"). */
function labelNotSpeaker(f: RunFacts): boolean {
  // "Attendees:", "ATTN:", "Patient:": a field label before a colon is no speaker's name.
  if (FIELD_LABELS.has(f.first.lower)) return true;
  // "Zusammenfassung:", "Lieferzeit:": a German noun with a derivational ending or a label's compound head, in no
  // name list, before a colon is a field label too (German capitalises every noun).
  return f.words[0].c === 'unknown' && germanLabelNoun(f.first.lower);
}

/** Cues said of people only, never of a company ("my cousin X", "Dr X", "Patient: X", "X (she/her)", "X and I"). */
function personOnlyCue(tokens: Token[], before: string, first: Token, last: Token): boolean {
  return (
    endsWithKinship(before) ||
    afterTitleWord(tokens, first) ||
    afterFieldLabel(tokens, first) ||
    pronounSetAfter(tokens, last) ||
    afterBirthNameWord(tokens, first) ||
    firstPersonPartner(tokens, first, last) ||
    afterRoleNoun(tokens, first) ||
    personApposition(tokens, last) ||
    possessedAsPerson(tokens, last)
  );
}

/** The name lists and the words this text shows as organisations (`organizationsInText`). */
interface WordLists {
  g: Gazetteers;
  orgs: ReadonlySet<string>;
}

/**
 * Names repeat: once "Bonifacy Kaczmarek" is found, a later or earlier "Kaczmarek" is the same person; and a list
 * "Kónya, Becker and Vasquez" with one person in it is a list of people.
 */
function propagate(tokens: Token[], lists: WordLists, found: PiiCandidate[]): PiiCandidate[] {
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
    if (m.allCaps || m.text.length < 2 || /\p{Ll}\p{Lu}/u.test(m.text.slice(1))) continue;
    // ("Mr Dinh and Ms Tran": a title in the list opens the next name; the first pass judged it)
    if (TITLES.has(m.lower) || orgMember(m)) continue;
    // "Gunnhild Vestergaard, Room 4": an everyday word before a number is a label (room, gate, floor).
    if (tokenIsCommon(m, g) && tokens[m.index + 1]?.kind === 'number') continue;
    if (!inFound(m) && (listNameLike(m, g) || (oneOdd && oddSurname(tokens, m, g))))
      extra.push({ type: 'PERSON', start: m.start, end: m.end, score: 0.65 });
  }
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

const LOWER_INTRO_LAST = new Set(['is', 'me', 'named', 'called', 'am', "'m", '’m']);

/** Lowercase names: a first name and a surname-like word, a word after a title, label, greeting or closing. */
function detectLowercaseNames(text: string, tokens: Token[], g: Gazetteers, out: PiiCandidate[]): void {
  for (let k = 0; k + 1 < tokens.length; k++) lowercaseNamePair(tokens, k, g, out);
  for (const t of tokens) lowercaseAfterCue(tokens, t, g, out);
  // "my name is rubija": a lowercase non-word right after a name introduction.
  for (const t of tokens) {
    if (t.kind !== 'word' || t.cap || !LOWER_INTRO_LAST.has(tokens[t.index - 1]?.lower ?? '') || tokenIsCommon(t, g))
      continue;
    if (
      /\b(?:my name is|name is|i'm|i am|calls? me|named|called)\s*$/i.test(lineBefore(text, t.start, 24)) &&
      (isNameWord(t.lower, g) || hasForeignLetters(t.text))
    ) {
      out.push({ type: 'PERSON', start: t.start, end: t.end, score: 0.7 });
    }
  }
}

/** A lowercase word no dictionary lists with a name list's word, a name's ending or foreign letters. */
function lowercaseSurnameLike(t: Token, g: Gazetteers): boolean {
  return (
    !tokenIsCommon(t, g) &&
    t.text.length >= 3 &&
    (isNameWord(t.lower, g) || NAME_SHAPE.test(t.lower) || hasForeignLetters(t.text))
  );
}

/**
 * "patricia desrosiers", "benjamin a seiler", "guðgeir bergsveinsson": lowercase first name (+ initial) + surname-like
 * word, from `tokens[k]`.
 */
function lowercaseNamePair(tokens: Token[], k: number, g: Gazetteers, out: PiiCandidate[]): void {
  const a = tokens[k];
  if (a.kind !== 'word' || a.cap || a.text.length < 3) return;
  let j = k + 1;
  // A middle initial is itself a sign of a name ("leidy t muris", "temperance r whitlock"); "a" and "i" are words.
  const single = tokens[j]?.kind === 'word' && tokens[j].text.length === 1 && tokens[j].gapBefore === ' ';
  const initial = single && tokens[j].lower !== 'a' && tokens[j].lower !== 'i';
  if (single) {
    j++;
    if (tokens[j]?.text === '.' && tokens[j].gapBefore === '') j++;
  }
  // (an everyday word opens the name only as a listed first name with an initial after it)
  if (tokenIsCommon(a, g) && !(initial && g.firstNames.has(a.lower))) return;
  const b = tokens[j];
  if (b?.kind !== 'word' || b.cap || b.gapBefore !== ' ') return;
  if (!(lowercaseSurnameLike(b, g) || (initial && !tokenIsCommon(b, g) && b.text.length >= 3))) return;
  const firstLike = g.firstNames.has(a.lower) || (hasForeignLetters(a.text) && lowercaseSurnameLike(a, g)) || initial;
  if (firstLike) out.push({ type: 'PERSON', start: a.start, end: b.end, score: 0.7 });
}

/**
 * "mr. hargreaves", "name: dagny lindqvist", "hey ciarán,", "cheers, hamza": a lowercase word after a title, a name
 * label, a greeting or a closing, with the surname after it.
 */
function lowercaseAfterCue(tokens: Token[], t: Token, g: Gazetteers, out: PiiCandidate[]): void {
  // (a clitic is no name: "the captain's armband")
  if (t.kind !== 'word' || t.cap || t.text.length < 2 || t.text[0] === "'" || t.text[0] === '’') return;
  const prev = tokens[t.index - 1];
  const common = tokenIsCommon(t, g);
  // (most lowercase words are everyday words: only a greeting before one makes it worth a look)
  if (common && !GREETINGS.has(prev?.lower ?? '')) return;
  if (!(titledOrLabelled(tokens, t, common) || greetedOrSigned(tokens, t, g, common))) return;
  const next = tokens[t.index + 1];
  const end =
    next &&
    next.kind === 'word' &&
    !next.cap &&
    next.gapBefore === ' ' &&
    !tokenIsCommon(next, g) &&
    next.lineStart === false
      ? next.end
      : t.end;
  out.push({ type: 'PERSON', start: t.start, end, score: 0.7 });
}

/** "mr. hargreaves", "name: dagny": a word no dictionary lists after a title (and its period) or "name:". */
function titledOrLabelled(tokens: Token[], t: Token, common: boolean): boolean {
  if (common) return false;
  const prev = tokens[t.index - 1];
  const label = prev?.text === '.' || prev?.text === ':' ? tokens[t.index - 2] : prev;
  const title = label?.kind === 'word' && TITLES.has(label.lower) && label.end <= t.start;
  const afterTitle = title && (prev?.text === '.' || prev === label);
  return afterTitle || (prev?.text === ':' && label?.lower === 'name');
}

/**
 * "hey ciarán, are you ...": a greeting, the lowercase name, then a comma; an everyday word only when it is a first
 * name and no term of address ("hey ivy," but not "hey buddy,", "cheers mate,"). "cheers, hamza" closing a message:
 * a closing word, a comma, then a listed name that ends the line.
 */
function greetedOrSigned(tokens: Token[], t: Token, g: Gazetteers, common: boolean): boolean {
  const prev = tokens[t.index - 1];
  const next = tokens[t.index + 1];
  const greeted =
    prev?.kind === 'word' &&
    GREETINGS.has(prev.lower) &&
    next?.text === ',' &&
    t.text.length >= 3 &&
    (!common || (g.firstNames.has(t.lower) && !ADDRESS_TERMS.has(t.lower)));
  if (greeted) return true;
  return (
    !common &&
    prev?.text === ',' &&
    SIGN_OFFS.has(tokens[t.index - 2]?.lower ?? '') &&
    (!next || next.lineStart || next.text === '.' || next.text === '!') &&
    isNameWord(t.lower, g)
  );
}
