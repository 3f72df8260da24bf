// Token tests (and their word lists, kept as data) for a name in object position and for the predicate of a
// question: "We owe Rukmini an apology", "had given Angel his address", "Why is Ottoline so upset?" against
// "Why is Docker so slow?". Issue 26, round 7.
import type { Token } from './tokenizeText.js';

/**
 * Verb forms whose object (direct, or the first of two) is nearly always a person: giving to someone, talking to
 * someone, greeting or thanking someone. Generic verbs that take things as often ("sold", "used", "sent", "paid",
 * "moved") are left out on purpose.
 */
const PERSON_OBJECT_VERB_FORMS = [
  'owe owes owed',
  'lend lends lent',
  'hand handed',
  'give gives gave given giving',
  'tell tells told telling',
  'teach teaches taught',
  'promise promised',
  'wish wished',
  'text texted texting',
  'message messaged',
  // (mail verbs: "emailed Oisín", "Please cc Dariusz"; "cc'd" splits into "cc" and a clitic)
  'email emails emailed emailing',
  'cc bcc',
  'ping pinged',
  'phone phoned',
  'ring rang',
  'thank thanks thanked thanking',
  'congratulate congratulates congratulated',
  'introduce introduced',
  'greet greets greeted',
  'hug hugged',
  'kiss kissed',
  'remind reminds reminded',
  'warn warned',
  'persuade persuaded',
  'convince convinced',
  'interview interviewed',
  'befriend befriended',
  'console consoled',
  'comfort comforted',
  'reassure reassured',
  'forgive forgave forgiven',
  'nominate nominated',
  'marry married',
  // (only "met": "Meet Gemini", "Audio meets Vocab" introduce products; "ask Google" asks a service)
  'met',
  'invite invited',
  'hire hired',
];
const PERSON_OBJECT_VERBS = new Set(PERSON_OBJECT_VERB_FORMS.flatMap((line) => line.split(' ')));

/** Words that open a second object after the first ("gave Angel his address", "owe Rukmini an apology"). */
const SECOND_OBJECT_OPENERS = new Set([
  'a',
  'an',
  'the',
  'his',
  'her',
  'their',
  'my',
  'your',
  'our',
  'some',
  'this',
  'that',
]);

/**
 * The word right before `first`, on its line and after one space, is a verb whose object is a person (lowercase,
 * or capitalised as the imperative opening a sentence: "Thank Oyelowo for the flowers").
 */
export function afterPersonObjectVerb(tokens: Token[], first: Token): boolean {
  const prev = tokens[first.index - 1];
  if (first.lineStart || first.gapBefore !== ' ' || prev?.kind !== 'word') return false;
  if (prev.cap && (!prev.sentenceStart || prev.allCaps)) return false;
  return PERSON_OBJECT_VERBS.has(prev.lower);
}

/** The word right after `last` is an article or a possessive ("told Femi the news", "owe Ana an apology"). */
export function secondObjectOpenerAfter(tokens: Token[], last: Token): boolean {
  const a = tokens[last.index + 1];
  return a?.kind === 'word' && a.gapBefore === ' ' && SECOND_OBJECT_OPENERS.has(a.text);
}

/** A second object follows `last`: an opener and then a lowercase word ("... Angel his address"). */
export function secondObjectAfter(tokens: Token[], last: Token): boolean {
  const a = tokens[last.index + 1];
  const b = tokens[last.index + 2];
  return (
    a?.kind === 'word' &&
    a.gapBefore === ' ' &&
    SECOND_OBJECT_OPENERS.has(a.text) &&
    b?.kind === 'word' &&
    !b.cap &&
    b.gapBefore === ' '
  );
}

/**
 * What a copula question says of its subject when the subject is a product, a tool or a service ("Why is Docker so
 * slow?", "Is Postgres faster?", "Why is Jenkins failing?"). People are impulsive, upset or late in the same place;
 * those words (an open class) are not listed, so a person stays the default there and only these words veto it.
 */
const THING_PREDICATES = [
  'slow',
  'fast',
  'quick',
  'laggy',
  'hard',
  'easy',
  'difficult',
  'complicated',
  'complex',
  'confusing',
  'expensive',
  'cheap',
  'popular',
  'buggy',
  'flaky',
  'unstable',
  'stable',
  'reliable',
  'unreliable',
  'secure',
  'insecure',
  'outdated',
  'deprecated',
  'bloated',
  'heavy',
  'big',
  'large',
  'small',
  'down',
  'offline',
  'online',
  'broken',
  'installed',
  'needed',
  'required',
  'supported',
  'used',
  'crashing',
  'failing',
  'loading',
  'leaking',
  'hanging',
  'freezing',
  'lagging',
  'timing',
  'compiling',
  'using',
  // (round 12: "Is Netflix worth it?")
  'worth',
];
const THING_PREDICATE_SET = new Set(THING_PREDICATES);
/** Degree words between the subject and the predicate ("so slow", "really that hard", "still this slow"). */
const DEGREE_WORDS = new Set(['so', 'very', 'really', 'too', 'always', 'ever', 'still', 'this', 'that', 'even', 'not']);
/** Copulas among the question auxiliaries: only after these does the predicate decide. */
export const COPULAS = new Set(['is', 'was', 'are', 'were', 'isn', 'wasn', 'aren', 'weren']);

/**
 * After `last`, skipping up to two degree words, a predicate said of things, or its comparative ("faster",
 * "slower", "more expensive").
 */
export function thingPredicateAfter(tokens: Token[], last: Token): boolean {
  let k = last.index + 1;
  for (let n = 0; n < 2 && DEGREE_WORDS.has(tokens[k]?.lower ?? '') && tokens[k + 1]?.kind === 'word'; n++) k++;
  if ((tokens[k]?.lower === 'more' || tokens[k]?.lower === 'less') && tokens[k + 1]?.kind === 'word') k++;
  const w = tokens[k];
  if (w?.kind !== 'word' || w.cap) return false;
  if (THING_PREDICATE_SET.has(w.lower)) return true;
  // ("faster", "bigger", "easier": the comparative of a listed word)
  if (!w.lower.endsWith('er')) return false;
  const stem = w.lower.slice(0, -2);
  return (
    THING_PREDICATE_SET.has(stem) ||
    THING_PREDICATE_SET.has(`${stem}e`) ||
    THING_PREDICATE_SET.has(stem.slice(0, -1)) ||
    (stem.endsWith('i') && THING_PREDICATE_SET.has(`${stem.slice(0, -1)}y`))
  );
}
