// Reading-time stamps a template sets by the byline or under the headline: "5 min read", "Lesezeit: 4 Minuten",
// "8 min de lectura", "Время чтения: 3 минуты", "阅读时间：5分钟", "約3分で読めます". The cue may stand anywhere in the
// line ("Oct 11, 2023 · 2 min read"), so it is looked for in the whole of a very short block that holds a digit
// (dropVocabularyBoilerplate); words that also name a lecture or a reading of a text ("lecture", "lectura" alone)
// are left out, since they head sections of course and docs pages.
import type { CuesByLanguage } from './languages.js';

export const READING_TIME_CUES: CuesByLanguage = {
  en: [
    'min read',
    'mins read',
    'min. read',
    'minute read',
    'minutes read',
    'minute reading',
    'reading time',
    'read time',
  ],
  de: ['min. lesezeit', 'min lesezeit', 'minuten lesezeit', 'lesezeit', 'lesedauer'],
  fr: ['min de lecture', 'minutes de lecture', 'temps de lecture'],
  es: ['min de lectura', 'minutos de lectura', 'tiempo de lectura', 'tiempo estimado de lectura'],
  it: ['min di lettura', 'minuti di lettura', 'tempo di lettura', 'tempo di lettura stimato'],
  pt: ['min de leitura', 'minutos de leitura', 'tempo de leitura'],
  nl: ['min leestijd', 'minuten leestijd', 'leestijd'],
  pl: ['min czytania', 'minut czytania', 'minuty czytania', 'czas czytania'],
  ru: [
    'мин чтения',
    'мин. чтения',
    'минут чтения',
    'минуты чтения',
    'минута чтения',
    'время чтения',
    'время прочтения',
  ],
  zh: ['阅读时间', '閱讀時間', '分钟阅读', '分鐘閱讀', '阅读约', '閱讀約'],
  ja: ['分で読めます', '分で読める', '読了時間', '読了目安'],
  ko: ['분 읽기', '읽는 시간', '읽는데'],
};
