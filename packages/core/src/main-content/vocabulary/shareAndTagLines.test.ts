import { describe, expect, it } from 'vitest';
import { extract, STORIES, story } from './stories.fixture.js';

const OFF = new Set(['inline-share-tags']);

describe('share and tag lines (inline-share-tags)', () => {
  it('drops a share line of links or buttons and a tag line of links, in several languages', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [
        STORIES.de,
        '<p>Artikel teilen: <a href="https://social.example/share">Mastodon</a> <button>E-Mail</button></p>',
        'Mastodon',
      ],
      [
        STORIES.fr,
        '<p>Mots-clés : <a href="/tag/pont">pont</a>, <a href="/tag/travaux">travaux publics</a></p>',
        'travaux publics',
      ],
      [STORIES.ru, '<p>Теги: <a href="/tag/most">мост</a>, <a href="/tag/remont">ремонт дорог</a></p>', 'ремонт дорог'],
      [STORIES.zh, '<p>标签：<a href="/tag/qiao">桥梁工程</a> <a href="/tag/city">城市建设</a></p>', '城市建设'],
      [STORIES.pl, '<div>Udostępnij ten artykuł znajomym i rodzinie: <button>Facebook</button></div>', 'znajomym'],
    ];
    for (const [paragraphs, line, words] of cases) {
      const out = extract(story(paragraphs, line));
      expect(out).toContain(paragraphs[3].slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, line), OFF)).toContain(words);
    }
  });

  it('drops the share and tag lines added for the languages with few cues', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [STORIES.es, '<p>Compartir artículo: <a href="https://social.example/s">Mastodon</a></p>', 'Mastodon'],
      [STORIES.zh, '<p>相关标签：<a href="/tag/qiao">桥梁工程</a> <a href="/tag/city">城市建设</a></p>', '城市建设'],
      [STORIES.ru, '<p>Тэги: <a href="/tag/most">мост</a>, <a href="/tag/remont">ремонт дорог</a></p>', 'ремонт дорог'],
      [
        STORIES.de,
        '<p>Stichworte: <a href="/thema/bruecke">Brücke</a>, <a href="/thema/bau">Bauarbeiten</a></p>',
        'Bauarbeiten',
      ],
    ];
    for (const [paragraphs, line, words] of cases) {
      expect(extract(story(paragraphs, line))).not.toContain(words);
      expect(extract(story(paragraphs, line), OFF)).toContain(words);
    }
  });

  it('keeps prose that opens with such words', () => {
    const kept = [
      // no link, no button: a sentence of the story
      '<p>Teilen sich Land und Stadt die Kosten, bleibt für Schulen weniger Geld übrig, warnte die Opposition.</p>',
      // a tag cue whose rest is mostly the writer's own words, with one link in it
      '<p>Thèmes : la sécurité, le bruit et le coût, que <a href="/rapport">le rapport</a> détaille longuement page ' +
        'après page pour chaque quartier de la ville.</p>',
    ];
    for (const line of kept) {
      const words = line.replace(/<[^>]+>/g, '').slice(0, 24);
      expect(extract(story(STORIES.de, line))).toContain(words);
    }
  });
});
