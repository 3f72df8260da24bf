// Word lists (data) for round 16's person cues (issue 26): words that open a sentence before its subject, as a date
// or a time adverb does ("Apparently Sumaq was upset", "This morning Iolo fixed the gate"), and a negated modal
// ("Anjana could not come").

/**
 * Sentence adverbs: a speaker's comment on the whole clause, or how often it holds. They stand before the subject
 * ("Luckily Tavita found the keys", "Obviously, Chanthy was tired") and say nothing of what the subject is.
 */
export const SENTENCE_ADVERB_OPENERS = [
  'apparently',
  'luckily',
  'fortunately',
  'unfortunately',
  'sadly',
  'happily',
  'honestly',
  'frankly',
  'obviously',
  'clearly',
  'evidently',
  'surprisingly',
  'unsurprisingly',
  'naturally',
  'hopefully',
  'thankfully',
  'admittedly',
  'presumably',
  'allegedly',
  'reportedly',
  'supposedly',
  'perhaps',
  'maybe',
  'probably',
  'certainly',
  'oddly',
  'strangely',
  'curiously',
  'interestingly',
  'ironically',
  'understandably',
  'predictably',
  'sometimes',
  'usually',
  'often',
];

/** Nouns of a part of the day or a period, the end of a time phrase ("This morning", "Last night", "Next week"). */
export const TIME_PERIOD_NOUNS = [
  'morning',
  'afternoon',
  'evening',
  'night',
  'week',
  'weekend',
  'month',
  'year',
  'spring',
  'summer',
  'autumn',
  'winter',
];

/** Modals (and the stems the tokenizer splits from "n't") that take a bare verb: "could not come", "won't join". */
export const MODALS = [
  'will',
  'would',
  'can',
  'could',
  'should',
  'shall',
  'might',
  'must',
  'may',
  'won',
  'wouldn',
  'couldn',
  'shouldn',
  'mustn',
];

/**
 * Modals that stand alone before a bare verb ("Tuyet will attend", "Kaveh might join"): MODALS less the stems the
 * tokenizer splits from "n't" ("won" is also a past tense, "Garegin won the race").
 */
export const PLAIN_MODALS = ['will', 'would', 'can', 'could', 'should', 'shall', 'might', 'must', 'may'];

/** Negations after a modal ("could not", "will never", "can't"); "cannot" is one word with its own negation. */
export const NEGATIONS = ['not', 'never', "n't", 'n’t', "'t", '’t'];

/**
 * Words that open a clause in which a pronoun can refer back to the subject before them ("Hohepa can fix the
 * fence if he has time", "Ruruhira will water the garden while she waits"): subordinators and clause-joining
 * conjunctions (round 20, `personPronounBack`).
 */
export const BACK_REFERENCE_LINKS = [
  'if',
  'when',
  'whenever',
  'while',
  'once',
  'because',
  'since',
  'after',
  'before',
  'until',
  'unless',
  'though',
  'although',
  'as',
  'and',
  'but',
  'so',
];

/** Subject pronouns said only of a person ("it", "they" are said of things and products too). */
export const PERSON_SUBJECT_PRONOUNS = ['he', 'she'];
