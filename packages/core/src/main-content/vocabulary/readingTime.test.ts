import { describe, expect, it } from 'vitest';
import { extract, STORIES, story } from './stories.fixture.js';

const OFF = new Set(['inline-reading-time']);

describe('reading-time stamps (inline-reading-time)', () => {
  it('drops a reading-time stamp by the story, in several languages and with the cue anywhere in the line', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [STORIES.es, '<div><span>12 de mayo de 2024</span> · <span>4 min de lectura</span></div>', 'lectura'],
      [STORIES.de, '<p>Lesezeit: 3 Minuten</p>', 'Lesezeit'],
      [STORIES.fr, '<div>Temps de lecture : 5 min</div>', 'Temps de lecture'],
      [STORIES.pl, '<div>Czas czytania: 6 minut</div>', 'Czas czytania'],
      [STORIES.ru, '<div>Время чтения: 3 минуты</div>', 'Время чтения'],
      [STORIES.zh, '<div>阅读时间：5分钟</div>', '阅读时间'],
    ];
    for (const [paragraphs, line, words] of cases) {
      const out = extract(story(paragraphs, line));
      expect(out).toContain(paragraphs[3].slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, line), OFF)).toContain(words);
    }
  });

  it('keeps prose about reading time, a headline set with its stamp, and the stamps of a list', () => {
    const prose =
      '<p>Reading time for the 2027 budget report is about 40 minutes, the council said on Tuesday evening.</p>';
    expect(extract(story(STORIES.de, prose))).toContain('Reading time for the 2027');
    const headline = '<div><h2>Brücke wird erneuert</h2><span>3 min read</span></div>';
    expect(extract(story(STORIES.de, headline))).toContain('Brücke wird erneuert');
    // three stamps in one root: the items of a list of posts, whose stamps listing truths keep
    const stamps = ['2 min read', '5 min read', '7 min read'].map((s) => `<div>${s}</div>`).join('');
    expect(extract(story(STORIES.de, stamps))).toContain('5 min read');
  });
});
