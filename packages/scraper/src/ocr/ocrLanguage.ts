// Which tesseract model should re-read a page: the language of a first reading, told from its letters' trigrams.
// A page read with the wrong model keeps most letters (the accents go, a few letters turn), so the trigram profile
// of the first reading still names its language.
import { franc } from 'franc-min';

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
 * The ISO 639-3 code (tesseract's model names: eng, fra, deu, spa...) of the language the words are written in,
 * among `candidates` (default: any franc knows), or null when there are too few letters to tell. Pass the models at
 * hand as candidates: over all languages, accent-less readings of lists (inventories, indexes) without function
 * words go to distant languages (Spanish nouns were named Malagasy or Italian), while the nearest model we have is
 * what a re-read needs.
 */
export function detectOcrLanguage(words: ReadWord[], candidates?: string[]): string | null {
  const text = words
    .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE)
    .map((w) => w.text)
    .join(' ');
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null;
  const code = franc(text, { minLength: MIN_LETTERS, only: candidates });
  return code === 'und' ? null : code;
}
