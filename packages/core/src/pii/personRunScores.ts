// PERSON stage 2c (issue 27; run by judgePersonRun.ts after the cues are built): the score of a run by its shape
// (camel-cased, several words, one word) and the name lists' classes of its words, with the cues that a shape needs.
// 0 means no person; the vetoes (judgePersonRun.ts) run after a positive score.
import { hasForeignLetters, isCoreNameWord, NAME_SHAPE, PLACE_INTRO } from './nameSignals.js';
import { possessedAsPerson } from './personClauses.js';
import { afterTitleWord, AUX, personVerbAfter } from './personContext.js';
import { secondObjectAfter } from './personObjects.js';
import { hyphenatedGivenName, type RunWord } from './personRunClasses.js';
import type { RunCues, RunFacts } from './personRunCues.js';
import { calledByName } from './personCalledOn.js';
import { namedOnce } from './loneModalSubject.js';
import { modalAfterOpening } from './personMarkers.js';
import { ownerOrAsSpeaker } from './personSources.js';
import { brandFromWord, coinedWord } from './personWordShapes.js';

/** The run's score before the vetoes: by its shape (camel-cased, several words, one word) and its cues. */
export function runScore(f: RunFacts, cues: RunCues): number {
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
    (cues.objectOfPersonVerb() && (g.firstNames.has(phrase) || secondObjectAfter(tokens, last))) ||
    // (round 22: "Call Maria on 021 ...")
    (cues.calledOrAskedFor() && g.firstNames.has(phrase)) ||
    rareWordNameSlot(f);
  if (person) return 0.75;
  return f.aggressive && cues.weak() && !first.sentenceStart ? 0.6 : 0;
}

// (round 23) "Maria will pick you up", "call Maria": a first name that is an everyday word only in SCOWL's size 35
// ("maria", "martin", "holly"), never in its basic sizes, opening a sentence before a modal and a bare verb or
// called by name, and named only there (a past verb is no evidence: "Frost blackened the leaves"). "Hope will",
// "call Will" stay: basic words need more. (On real pages such words that come back were brands, "Victor came out
// with their version", "Ford", "Aura": a page's topic.)
function rareWordNameSlot(f: RunFacts): boolean {
  const { g, phrase, tokens, first, last } = f;
  if (!g.rareWordFirstNames.has(phrase) || !namedOnce(tokens, first)) return false;
  return calledByName(tokens, first) || modalAfterOpening(tokens, first, last);
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
  // (round 22: a service is called at a number too; its name is mostly a brand made from a word, "Ticketek")
  if (cues.calledOrAskedFor() && !brandFromWord(first, g)) return 0.75;
  const followed = cues.follow() || cues.weak();
  // (round 22: a brand made from a word has a name's ending by chance, "call Ticketek on ...")
  if (followed && foreignRun(f.words) && !brandFromWord(first, g)) return 0.6;
  if (f.aggressive && followed) return 0.55;
  return 0;
}
