// The languages every boilerplate concept lists its cues in. A concept file holds one list per language, so a reader
// sees at a glance which languages a concept covers and a new language is one more key in each file.

/** ISO 639-1 codes of the languages the vocabulary covers (the CJK languages included). */
export type VocabularyLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'pl' | 'ru' | 'zh' | 'ja' | 'ko';

/** A concept's cues, per language: lower case, as a reader would type them (accents and full-width colons are
 *  normalised by the matcher, so "à lire aussi" also matches "A LIRE AUSSI" and "关键词：" matches "关键词:"). */
export type CuesByLanguage = Readonly<Record<VocabularyLanguage, readonly string[]>>;
