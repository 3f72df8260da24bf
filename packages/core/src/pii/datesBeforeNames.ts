// Dates written as a day and a month ("12 May", "3 Mar"): a number before a month name is a day, not a house
// number, so the capitalised words after it are no street ("On 12 May Amazon shipped the order").
import { MONTH_NAMES } from './personLabels.js';
import type { Token } from './tokenizeText.js';

/**
 * Full month names and their usual three- or four-letter abbreviations ("Sept"), lowercase. ("Jan" is left out: it is
 * a first name too, and "12 Jan Smuts Avenue" is a street.)
 */
const MONTH_WORDS = new Set([...MONTH_NAMES, ...MONTH_NAMES.map((m) => m.slice(0, 3)), 'sept']);
MONTH_WORDS.delete('jan');

/** The number at `i` is a day (1 to 31, digits only) and a month name follows it on the same line. */
export function dayThenMonth(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (t?.kind !== 'number' || !/^\d{1,2}$/.test(t.text)) return false;
  const day = Number(t.text);
  const next = tokens[i + 1];
  return day >= 1 && day <= 31 && next?.kind === 'word' && !next.lineStart && MONTH_WORDS.has(next.lower);
}
