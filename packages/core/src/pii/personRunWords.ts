// Word lists of the PERSON stages (data only, issue 27): endings of derived English words and abstract nouns, and
// the determiners before a surname used as a modifier. Read by personWordShapes.ts and personContext.ts.

/** Endings of derived English words ("Certification", "Mindfulness", "Rowers"): no name ends so. */
export const ENGLISH_SUFFIXES = [
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
/** Endings of abstract nouns no surname has ("Development", "Registration", "Happiness", "Leadership"). */
export const ABSTRACT_NOUN_SUFFIXES = ['tion', 'sion', 'ness', 'ment', 'ity', 'ism', 'ship', 'ance', 'ence', 'ology'];

/** Determiners before a surname used as a modifier: "the Okonkwo novel", "her second Vasconcelos album". */
export const MODIFIER_DETERMINERS = new Set([
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
