import { describe, expect, it } from 'vitest';
import { CueMatcher, normaliseCueText } from './cueMatcher.js';

const cues = (list: readonly string[]) => ({
  en: list,
  de: [],
  fr: [],
  es: [],
  it: [],
  pt: [],
  nl: [],
  pl: [],
  ru: [],
  zh: [],
  ja: [],
  ko: [],
});

describe('normaliseCueText', () => {
  it('folds case, Latin accents, full-width forms, apostrophes, spaces and leading marks', () => {
    expect(normaliseCueText('» À LIRE  AUSSI : Le titre')).toBe('a lire aussi: le titre');
    expect(normaliseCueText('【相关阅读】标题')).toBe('相关阅读】标题');
    expect(normaliseCueText('关键词：经济')).toBe('关键词:经济');
    expect(normaliseCueText('Téléchargez l’application')).toBe("telechargez l'application");
    expect(normaliseCueText('© Reuters')).toBe('© reuters');
  });

  it('reads ASCII text (its own fast path) as the general path reads it', () => {
    expect(normaliseCueText('  >> Read\tMORE :  `Now`\n ')).toBe("read more: 'now'");
    expect(normaliseCueText('(( \x1c x')).toBe('x');
    expect(normaliseCueText('\x1cA  \x1cb')).toBe('a \x1cb');
    // a trailing no-break space sends the same text down the general path, and is dropped there as white space
    const pieces = [' ', '\t', '\n', '\x0b', '\x0c', '\r', '\x1c', ':', 'a', 'Z', '9', '`', "'", '-', '(', '.'];
    let seed = 7;
    for (let k = 0; k < 1000; k++) {
      let text = '';
      for (let i = 0; i < k % 11; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += pieces[seed % pieces.length];
      }
      expect(normaliseCueText(text)).toBe(normaliseCueText(`${text}\u00a0`));
    }
  });

  it('keeps the marks of Cyrillic, kana and hangul', () => {
    expect(normaliseCueText('Читайте также')).toBe('читайте также');
    expect(normaliseCueText('Скачайте')).toBe('скачайте');
    expect(normaliseCueText('ダウンロード')).toBe('ダウンロード');
    expect(normaliseCueText('관련기사')).toBe('관련기사');
  });
});

describe('CueMatcher', () => {
  const m = new CueMatcher(cues(['read also', 'read', 'donate', 'photo:', '関連記事']));

  it('finds the longest cue at the start, ending at a word boundary', () => {
    expect(m.matchAt('read also: the other story')?.cue).toBe('read also');
    expect(m.matchAt('read this first')?.cue).toBe('read');
    expect(m.matchAt('donated books')).toBeNull();
    expect(m.matchAt('photo:ap')?.cue).toBe('photo:');
    expect(m.matchAt('関連記事東京の話')?.cue).toBe('関連記事');
    expect(m.matchAt('readers')).toBeNull();
  });

  it('finds a cue at a word start inside the first characters only', () => {
    expect(m.findWithin('the other story (read also)', 40)?.cue).toBe('read also');
    expect(m.findWithin('unread also', 40)).toBeNull();
    expect(m.findWithin('a long title and then read also', 10)).toBeNull();
  });

  it('reports the languages a cue belongs to', () => {
    const both = new CueMatcher({ ...cues(['foto:']), de: ['foto:'], it: ['foto:'] });
    expect(both.matchAt('foto: ansa')?.languages).toEqual(['en', 'de', 'it']);
  });
});
