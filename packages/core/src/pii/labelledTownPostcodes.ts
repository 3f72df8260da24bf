// Round 23 address rule (issue 26): a place label, a town no list holds and a four- or five-digit postcode on one
// line: "Depot: Kaitaia 0410", "Pickup point: Opononi 0473", "Branch - Dargaville 0310". Round 22 took a town
// and its postcode after a place preposition ("from Opononi 0473"); a label ending in a word for a place does the
// preposition's work in lists and cards. A product's label ("Model: Falcon 9000", "Release: Jammy 2204") takes a
// capitalised word and digits too, so only a label naming a place counts.
import type { Gazetteers } from './loadGazetteers.js';
import type { PiiCandidate } from './piiTypes.js';
import { postcodeAfterTown, unlistedTown } from './standalonePostcodes.js';

/** The last word of a label that names a place where someone or something is ("Depot:", "Pickup point:"). */
export const PLACE_LABEL_WORDS = [
  'depot',
  'store',
  'branch',
  'office',
  'location',
  'site',
  'warehouse',
  'point',
  'shop',
  'outlet',
  'showroom',
  'clinic',
  'campus',
  'venue',
  'yard',
  'base',
  'town',
  'suburb',
  'city',
  'hometown',
  'residence',
  'pickup',
  'dropoff',
  'collection',
  'delivery',
];
const PLACE_LABELS = new Set(PLACE_LABEL_WORDS);

// (the digits are matched first and the line read back from there: most lines hold no such number)
const POSTCODE_DIGITS = / \d{4,5}(?![\p{L}\p{N}])/gu;
/** A line opening with a label of one to three words, a colon or a dash, then the town right before the digits. */
const LABEL_TOWN = /^[ \t]*(?:\p{L}+ ){0,2}(\p{L}+)[ \t]*(?::|[ \t][-–])[ \t]*(\p{Lu}[\p{Ll}-]+),?$/u;

/** Town and postcode after a place label, when the town is in no list and the digits are no year. */
export function detectLabelledTownPostcodes(text: string, g: Gazetteers): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (const m of text.matchAll(POSTCODE_DIGITS)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (m.index - lineStart > 60) continue;
    const label = LABEL_TOWN.exec(text.slice(lineStart, m.index));
    if (!label || !PLACE_LABELS.has(label[1].toLowerCase()) || !unlistedTown(label[2], g)) continue;
    const townEnd = m.index - (label[0].endsWith(',') ? 1 : 0);
    const code = postcodeAfterTown(text, townEnd);
    if (code) out.push({ type: 'ADDRESS', start: townEnd - label[2].length, end: code[1], score: 0.7 });
  }
  return out;
}
