// PERSON stage 1 (issue 27; run by detectPersons.ts on each capitalised token): gathers the run of capitalised words
// from it (`gatherRun`), takes a greeted month or an introduced run ("Mrs. Baker", "my name is Will") as a name at
// once, and otherwise classes each word (name, ambiguous, unknown, initial, particle, common) and splits the run at
// the common words (`splitRun`). Each piece goes to stage 2, judgePersonRun.ts.
import { FOREIGN_FUNCTION_WORDS } from './foreignFunctionWords.js';
import type { Gazetteers } from './loadGazetteers.js';
import { prefixedSurnameTail } from './namePrefixes.js';
import {
  CAPITAL_PARTICLES,
  hasForeignLetters,
  isCommonWord,
  isInitial,
  isNameWord,
  lineBefore,
  NAME_PARTICLES,
  NAME_SHAPE,
  NOT_NAME_WORDS,
  TITLES,
  tokenIsCommon,
} from './nameSignals.js';
import { afterThingName } from './personAttributions.js';
import { afterFieldLabel, GREETINGS } from './personContext.js';
import { DATE_PREPOSITION_WORDS, MONTH_NAMES } from './personLabels.js';
import { perPreposition } from './personMarkers.js';
import { abstractNoun } from './personWordShapes.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/** Longest run of words taken as one name ("Maria del Carmen Ortega Ruiz"). */
const MAX_NAME_WORDS = 5;
/** Introductions after which the capitalised words are the name itself. */
const NAME_INTRO = new RegExp(
  String.raw`(?:\bname is|\bname's|\bname\s*:|\bnamed(?: (?:him|her|them|it))?` +
    String.raw`|\bcalled(?: (?:him|her|them|it))?|\bcalls me|\bcall me)\s*$`,
  'i',
);
const FOREIGN_FUNCTION = new Set(FOREIGN_FUNCTION_WORDS);

export type WordClass = 'name' | 'ambiguous' | 'unknown' | 'initial' | 'particle' | 'common';

/**
 * Gathers a run of capitalised words from `tokens[i]`, joined by single spaces; initials may carry a period;
 * particles may sit inside. `end` is the index after the run.
 */
export function gatherRun(tokens: Token[], i: number): { run: Token[]; end: number } {
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
export function greetedMonth(tokens: Token[], run: Token[], g: Gazetteers, out: PiiCandidate[]): void {
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
export function introducedRun(text: string, tokens: Token[], run: Token[], g: Gazetteers): Introduced | undefined {
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
export function hyphenatedGivenName(t: Token, g: Gazetteers): 'first' | 'syllables' | undefined {
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
export function splitRun(run: Token[], tokens: Token[], g: Gazetteers): RunWord[][] {
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

export type RunWord = { t: Token; c: WordClass };
