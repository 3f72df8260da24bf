// Words before a year that make it a date, not a house number (issue 26, round 17; read by numberFirstAnchors.ts).

/**
 * Prepositions that only ever take a time: "since 2012", "until 2018", "after 2010". A year after one of them is a
 * date even when a street-type word follows ("Since 2012 Blue Ridge Dairy has grown", "After 2010 Granite Bank
 * closed"): no one writes "after 2010 Granite Bank" for a place.
 */
export const TIME_ONLY_PREPOSITIONS = ['since', 'until', 'till', 'during', 'after', 'before', 'circa'];

/** Prepositions that put a year before a name ("in 2019 Berlin …"); with no street type it is no house number. */
export const YEAR_PREPOSITIONS = [
  'in',
  'by',
  'since',
  'from',
  'during',
  'until',
  'till',
  'after',
  'before',
  'around',
  'circa',
  'of',
];
