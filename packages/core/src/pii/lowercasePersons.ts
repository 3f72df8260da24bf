// PERSON stage 3 (issue 27; run by detectPersons.ts after the capitalised runs): names written in lowercase, a first
// name and a surname-like word ("patricia desrosiers"), a word after a title, a name label, a greeting or a closing
// ("mr. hargreaves", "hey ciarán,"), or after a name introduction ("my name is rubija"). Pushes into `out`.
import type { Gazetteers } from './loadGazetteers.js';
import {
  endsWithKinship,
  hasForeignLetters,
  isNameWord,
  lineBefore,
  NAME_SHAPE,
  TITLES,
  tokenIsCommon,
} from './nameSignals.js';
import { ADDRESS_TERMS, GREETINGS, SIGN_OFFS } from './personContext.js';
import type { PiiCandidate } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

const LOWER_INTRO_LAST = new Set(['is', 'me', 'named', 'called', 'am', "'m", '’m']);

/** Lowercase names: a first name and a surname-like word, a word after a title, label, greeting or closing. */
export function detectLowercaseNames(text: string, tokens: Token[], g: Gazetteers, out: PiiCandidate[]): void {
  for (let k = 0; k + 1 < tokens.length; k++) lowercaseNamePair(tokens, k, g, out);
  for (const t of tokens) lowercaseAfterCue(text, tokens, t, g, out);
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
function lowercaseAfterCue(text: string, tokens: Token[], t: Token, g: Gazetteers, out: PiiCandidate[]): void {
  // (a clitic is no name: "the captain's armband")
  if (t.kind !== 'word' || t.cap || t.text.length < 2 || t.text[0] === "'" || t.text[0] === '’') return;
  const prev = tokens[t.index - 1];
  const common = tokenIsCommon(t, g);
  // (most lowercase words are everyday words: only a greeting before one makes it worth a look)
  if (common && !GREETINGS.has(prev?.lower ?? '')) return;
  const cued =
    titledOrLabelled(tokens, t, common) ||
    greetedOrSigned(tokens, t, g, common) ||
    afterKinship(text, tokens, t, common);
  if (!cued) return;
  const next = tokens[t.index + 1];
  const end =
    next &&
    next.kind === 'word' &&
    !next.cap &&
    next.gapBefore === ' ' &&
    !tokenIsCommon(next, g) &&
    !negatedStem(tokens, next) &&
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

/** A verb's stem before its split-off negation is no name: "your partner didn't", "mr. tane hasn't". */
function negatedStem(tokens: Token[], t: Token): boolean {
  const next = tokens[t.index + 1];
  return next !== undefined && next.gapBefore === '' && (next.text === "'t" || next.text === '’t');
}

/**
 * "my friend wiremu called", "our nephew tamatea plays" (round 20): a word of three letters or more that no
 * dictionary lists, right after a kinship phrase (`endsWithKinship`, "my son", "her late grandmother") on its line.
 * The capitalised runs have had this cue since round 1; text written in lowercase lost it.
 */
function afterKinship(text: string, tokens: Token[], t: Token, common: boolean): boolean {
  const prev = tokens[t.index - 1];
  if (common || t.text.length < 3 || t.gapBefore !== ' ' || prev?.kind !== 'word' || t.lineStart) return false;
  if (negatedStem(tokens, t)) return false;
  return endsWithKinship(lineBefore(text, t.start, 60));
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
