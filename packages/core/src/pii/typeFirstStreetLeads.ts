// Word lists for typeFirstStreets.ts (data, not code).
/** Fused preposition + article: enough on their own before the street noun. */
export const FUSED_STREET_LEADS = ['Am', 'Im', 'Zum', 'Zur', 'Beim', 'Vom', 'Hinterm', 'Unterm', 'Überm'];
/** Prepositions that lead a street only with an article after them ("An der", "Auf dem", "Unter den"). */
export const STREET_LEAD_PREPOSITIONS = [
  'An',
  'Auf',
  'In',
  'Unter',
  'Hinter',
  'Vor',
  'Neben',
  'Über',
  'Bei',
  'Zwischen',
];
export const STREET_LEAD_ARTICLES = ['der', 'den', 'dem', 'die', 'das'];
