// German-style street names put the street type first and have no suffix the suffix rules could see: "Am Markt 7",
// "An der Kirche 3", "Zum Hafen 9". A lead (a fused preposition+article, or a preposition + article), one
// capitalised noun and a house number make the street; what follows the number tells it from prose that counts
// ("Am Ende 2 Fragen", "In den Kapiteln 4 bis 6", "Im Jahr 2020").
import type { PiiCandidate } from './piiTypes.js';
import { FUSED_STREET_LEADS, STREET_LEAD_ARTICLES, STREET_LEAD_PREPOSITIONS } from './typeFirstStreetLeads.js';

const FUSED = FUSED_STREET_LEADS.join('|');
const LEAD = `(?:(?:${FUSED})|(?:${STREET_LEAD_PREPOSITIONS.join('|')}) (?:${STREET_LEAD_ARTICLES.join('|')}))`;
// Bounded pieces only (user text is hostile): one noun of up to 30 letters, a number of up to 3 digits with an
// optional letter or range ("5a", "2-4").
const TYPE_FIRST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LEAD} \p{Lu}[\p{Ll}ß-]{1,30} ` +
    String.raw`[1-9]\d{0,2}(?:[a-z](?![\p{L}\p{N}])|-[1-9]\d{0,2})?(?![\p{L}\p{N}])`,
  'gu',
);
/**
 * After the house number an address ends: line end, punctuation, or a lowercase word not followed by a number ("in
 * der Altstadt"; "bis 6" is a range of numbers, and so, a known miss, reads "ab 9 Uhr"). A capitalised word after the
 * number is a counted noun in German ("2 Fragen", "3 Termine"), so no address.
 */
const AFTER_NUMBER = /^(?:[ \t]*(?:$|[\n,.;:)!?])|[ \t]+\p{Ll}+(?![\p{L}\p{N}])(?![ \t]+\d))/u;

export function detectTypeFirstStreets(text: string): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(TYPE_FIRST)) {
    const end = m.index + m[0].length;
    if (!AFTER_NUMBER.test(text.slice(end, end + 40))) continue;
    out.push({ type: 'ADDRESS', start: m.index, end, score: 0.8 });
  }
  return out;
}
