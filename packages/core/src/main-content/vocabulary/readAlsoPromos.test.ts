import { describe, expect, it } from 'vitest';
import { extract, STORIES, story } from './stories.fixture.js';

const OFF = new Set(['inline-read-also']);

describe('"read also" promos (inline-read-also)', () => {
  it('drops a cue and one link to another story of the site, in several languages', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [
        STORIES.de,
        '<p>Lesen Sie auch: <a href="/politik/2024/haushalt-streit">Streit um den Haushalt</a></p>',
        'Streit',
      ],
      [STORIES.fr, '<p>À LIRE AUSSI : <a href="/societe/greve-des-trains">La grève des trains</a></p>', 'grève'],
      [STORIES.es, '<p>Te puede interesar: <a href="/local/nuevo-tranvia-123456">El nuevo tranvía</a></p>', 'tranvía'],
      [STORIES.pl, '<p>► Czytaj także: <a href="/kraj/nowy-dworzec.html">Nowy dworzec</a></p>', 'Nowy dworzec'],
      [STORIES.ru, '<p>Читайте также: <a href="/news/2024/05/metro">Новая линия метро</a></p>', 'Новая линия'],
      [STORIES.zh, '<p>【相关阅读】<a href="/news/2024/0501.html">地铁新线开通</a></p>', '地铁新线'],
    ];
    for (const [paragraphs, line, words] of cases) {
      const out = extract(story(paragraphs, line));
      expect(out).toContain(paragraphs[3].slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, line), OFF)).toContain(words);
    }
  });

  it('drops the promos added for the languages with few cues', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [
        STORIES.es,
        '<p>Da non perdere: <a href="/cronaca/2024/ponte-chiuso">Il ponte resta chiuso</a></p>',
        'ponte resta',
      ],
      [STORIES.es, '<p>Confira também: <a href="/cidades/nova-ponte-123456">A nova ponte</a></p>', 'nova ponte'],
      [STORIES.ru, '<p>Также по теме: <a href="/news/2024/05/most">Мост закроют</a></p>', 'Мост закроют'],
      [STORIES.zh, '<p>관련 링크 <a href="/news/2024/0501.html">다리 공사 시작</a></p>', '다리 공사'],
    ];
    for (const [paragraphs, line, words] of cases) {
      expect(extract(story(paragraphs, line))).not.toContain(words);
      expect(extract(story(paragraphs, line), OFF)).toContain(words);
    }
  });

  it('drops it when its link names the site by its full address', () => {
    const line = '<p>Lees ook: <a href="https://www.news.example/binnenland/nieuwe-brug-open">Nieuwe brug open</a></p>';
    expect(extract(story(STORIES.de, line))).not.toContain('Nieuwe brug');
  });

  it('keeps a line that links to another site, to this page, or says more than its link', () => {
    const kept = [
      '<p>Lesen Sie auch: <a href="https://other.example/studie/brueckenbau-2024">die Studie der Universität</a></p>',
      '<p>Voir aussi : <a href="#carte">la carte des travaux</a></p>',
      '<p>Читайте также: <a href="/news/2024/05/metro">отчёт</a>, в котором комиссия подробно описывает все ' +
        'трещины, найденные в опорах моста за последние десять лет наблюдений.</p>',
      // a sentence of the story opened by such words, with no link at all
      '<p>Lee también el informe de los ingenieros, que explica por qué el puente no aguantaría otro invierno.</p>',
    ];
    for (const line of kept) {
      const words = line.replace(/<[^>]+>/g, '').slice(16, 36);
      expect(extract(story(STORIES.es, line))).toContain(words);
    }
  });

  it('drops the block a "read also" heading opens, in a language the heading patterns do not list', () => {
    const item = (slug: string, title: string) =>
      `<li><a href="/kraj/${slug}">${title}</a> Radni spierają się o budżet, a mieszkańcy czekają na decyzję.</li>`;
    const block = `<div><h3>Czytaj także</h3><ul>${item('a-b-c', 'Pierwszy tekst')}${item('d-e-f', 'Drugi tekst')}</ul></div>`;
    const out = extract(story(STORIES.pl, block));
    expect(out).toContain(STORIES.pl[3].slice(0, 20));
    expect(out).not.toContain('Drugi tekst');
    expect(extract(story(STORIES.pl, block), OFF)).toContain('Drugi tekst');
  });
});
