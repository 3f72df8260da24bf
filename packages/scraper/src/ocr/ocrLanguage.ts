// Which tesseract model should re-read a page: the language of a first reading, told from its letters' trigrams.
// A page read with the wrong model keeps most letters (the accents go, a few letters turn), so the trigram profile
// of the first reading still names its language.
import { francAll } from 'franc-min';

/** Below this many letters a trigram profile names no language reliably (franc's own default is 10). */
const MIN_LETTERS = 60;
/** Words read this unsurely are mostly speckles and broken glyphs: their trigrams would blur the profile. */
const MIN_WORD_CONFIDENCE = 0.5;

export interface ReadWord {
  text: string;
  /** 0..1. */
  confidence: number;
}

/**
 * Runners-up scoring at least this share of the best language's trigram score are as likely: on lists of nouns
 * without function words (inventories, indexes) read by the English and French models, Spanish, Italian and
 * Portuguese came within 0.97–1.0 of each other (and Spanish lists were named Italian), while on letters of our own in
 * those languages the runner-up never scored above 0.976.
 */
const CLOSE_SCORE = 0.99;
/** At most this many languages are named: each costs the page one more reading. */
const MAX_LANGUAGES = 2;

/**
 * The ISO 639-3 codes (tesseract's model names: eng, fra, deu, spa...) of the language the words are written in,
 * best first, among `candidates` (default: any franc knows): the best one, and the next one too when its letters
 * fit as well (a list of nouns can be Spanish or Italian). Empty when there are too few letters to tell. Pass the
 * models at hand as candidates: over all languages, accent-less readings of lists without function words go to
 * distant languages (Spanish nouns were named Malagasy or Italian), while the nearest model we have is what a
 * re-read needs.
 */
export function detectOcrLanguages(words: ReadWord[], candidates?: string[]): string[] {
  const text = words
    .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE)
    .map((w) => w.text)
    .join(' ');
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return [];
  const ranked = francAll(text, { minLength: MIN_LETTERS, only: candidates }).filter(([code]) => code !== 'und');
  if (ranked.length === 0) return [];
  const best = ranked[0][1];
  return ranked
    .filter(([, score]) => score >= best * CLOSE_SCORE)
    .slice(0, MAX_LANGUAGES)
    .map(([code]) => code);
}
