// PERSON stage 2 (issue 27; run by detectPersons.ts on each piece that stage 1, personRunClasses.ts, split off): the
// run's facts, its lazy cues (personRunCues.ts), its score (personRunScores.ts), then the vetoes no score outweighs
// (a venue, a closing word, a field label, a thing's name, a fixed phrase, a company). Pushes a PERSON candidate.
import { endsWithKinship, FACILITY_WORDS, isNameWord, lineBefore } from './nameSignals.js';
import { firstPersonPartner, personApposition, possessedAsPerson, thingNamed } from './personClauses.js';
import { afterFieldLabel, afterTitleWord, FIELD_LABELS, SIGN_OFFS, type WordLists } from './personContext.js';
import { afterBirthNameWord, pronounSetAfter } from './personMarkers.js';
import { organizationRun } from './personOrganizations.js';
import { afterRoleNoun } from './personRoles.js';
import type { RunWord, WordClass } from './personRunClasses.js';
import { type RunCues, runCues, type RunFacts } from './personRunCues.js';
import { runScore } from './personRunScores.js';
import { fixedPhraseOrIts } from './personSources.js';
import { germanLabelNoun } from './personWordShapes.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/**
 * Judges one run of capitalised words split by `splitRun`: facts, lazy cues, a score by the run's shape, then the
 * vetoes that no score outweighs. Stages are separate so that each rule family reads as one list.
 */
export function judgeRun(
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
