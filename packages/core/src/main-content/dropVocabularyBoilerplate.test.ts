import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { disabledRules }));
}

/** A story of a few paragraphs in one language, with `inner` set between its paragraphs. */
function story(paragraphs: readonly string[], inner: string): string {
  const ps = paragraphs.map((p) => `<p>${p}</p>`);
  return `<article><h1>Title</h1>${ps.slice(0, 2).join('')}${inner}${ps.slice(2).join('')}</article>`;
}

const DE = [
  'Der Stadtrat hat am Dienstagabend nach langer Debatte beschlossen, die Brücke über den Fluss bis 2027 zu erneuern.',
  'Die Kosten von rund zwölf Millionen Euro teilen sich Land und Stadt, wie die Bürgermeisterin nach der Sitzung sagte.',
  'Anwohner hatten seit Jahren über Lärm und Risse im Beton geklagt; ein Gutachten gab ihnen im Frühjahr recht.',
  'Während der Bauzeit soll eine Behelfsbrücke für Fußgänger und Radfahrer den Weg in die Innenstadt offen halten.',
];
const FR = [
  'Le conseil municipal a voté mardi soir la rénovation complète du vieux pont, fermé aux camions depuis deux ans.',
  'Les travaux, estimés à douze millions d’euros, commenceront au printemps et dureront environ dix-huit mois.',
  'Les riverains se plaignaient depuis longtemps du bruit et des fissures visibles dans le béton de la structure.',
  'Une passerelle provisoire permettra aux piétons et aux cyclistes de rejoindre le centre pendant le chantier.',
];
const ES = [
  'El ayuntamiento aprobó el martes por la noche la reforma completa del viejo puente, cerrado a camiones desde hace años.',
  'Las obras, con un coste de unos doce millones de euros, empezarán en primavera y durarán alrededor de año y medio.',
  'Los vecinos llevaban tiempo quejándose del ruido y de las grietas que se veían en el hormigón de la estructura.',
  'Una pasarela provisional permitirá a peatones y ciclistas llegar al centro de la ciudad mientras duren las obras.',
];
const JA = [
  '市議会は火曜日の夜、長い議論の末に川にかかる古い橋を二〇二七年までに全面的に改修することを決めた。',
  '費用は約十二億円で、県と市が折半する。市長は会議の後、記者団に対してそう説明した。',
  '周辺の住民は何年も前から騒音やコンクリートのひび割れについて苦情を訴えていた。',
  '工事の間は歩行者と自転車のための仮設の橋が設けられ、中心部への通行が確保される。',
];

describe('dropVocabularyBoilerplate: calls to action', () => {
  it('drops a call to action with a link inside the story, in several languages', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [DE, '<p>Subscribe to <a href="/newsletter">our daily newsletter</a> for more.</p>', 'daily newsletter'],
      [
        DE,
        '<p>Folgen Sie uns auf <a href="https://social.example/@zeitung">Mastodon</a> und im Radio.</p>',
        'Mastodon',
      ],
      [FR, '<p>Abonnez-vous à <a href="/lettre">notre lettre du matin</a>.</p>', 'lettre du matin'],
      [ES, '<p>SUSCRÍBETE a <a href="/boletin">nuestro boletín diario</a></p>', 'boletín diario'],
      [JA, '<p>アプリをダウンロード：<a href="/app">ニュースアプリ</a></p>', 'ニュースアプリ'],
    ];
    for (const [paragraphs, line, words] of cases) {
      const out = extract(story(paragraphs, line));
      expect(out).toContain(paragraphs[3]!.slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, line), new Set(['inline-call-to-action']))).toContain(words);
    }
  });

  it('drops the calls to action each language lists for the same few acts', () => {
    const cases: Array<[readonly string[], string, string]> = [
      [ES, '<p>Ricevi la newsletter: <a href="/newsletter">le notizie del mattino</a></p>', 'notizie del mattino'],
      [ES, '<p>Cadastre-se e <a href="/cadastro">receba as notícias do dia</a></p>', 'notícias do dia'],
      [DE, '<p>Ontvang onze nieuwsbrief <a href="/nieuwsbrief">elke ochtend gratis</a></p>', 'elke ochtend'],
      [FR, '<p>Je m’abonne à <a href="/abo">l’édition du soir</a></p>', 'édition du soir'],
      [JA, '<p>無料会員登録で<a href="/signup">すべての記事が読めます</a></p>', 'すべての記事'],
      [JA, '<p>뉴스레터 구독 <a href="/newsletter">매일 아침 받아보기</a></p>', '매일 아침'],
    ];
    for (const [paragraphs, line, words] of cases) {
      const out = extract(story(paragraphs, line));
      expect(out).toContain(paragraphs[3]!.slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, line), new Set(['inline-call-to-action']))).toContain(words);
    }
  });

  it('switches a language off by its id', () => {
    const line = '<p>Folgen Sie uns auf <a href="https://social.example/@zeitung">Mastodon</a></p>';
    expect(extract(story(DE, line), new Set(['vocabulary-de']))).toContain('Mastodon');
    expect(extract(story(DE, line), new Set(['vocabulary-fr']))).not.toContain('Mastodon');
  });

  it('finds the cue behind a template mark and in capitals, in a short block inside a longer one', () => {
    const line = `<div><p>${DE[0]}</p><p>► JETZT SPENDEN: <a href="/spenden">Unterstützen Sie unabhängigen Journalismus</a></p></div>`;
    const out = extract(story(DE, line));
    expect(out).toContain(DE[0]!.slice(0, 20));
    expect(out).not.toContain('unabhängigen Journalismus');
  });

  it('keeps a sentence that opens with such words but links nowhere', () => {
    const prose = '<p>Subscribe to nothing, the mayor said, and you will miss what the council decides next week.</p>';
    expect(extract(story(DE, prose))).toContain('Subscribe to nothing, the mayor said');
  });
});

describe('dropVocabularyBoilerplate: one reading of a block for the three concepts', () => {
  it('drops a call to action, a promo and a share line of one story, each by its own rule', () => {
    // the three passes read the same short blocks (their openings are kept on the block): each still finds its own
    const lines = [
      '<p>Subscribe to <a href="/newsletter">our daily newsletter</a> for more.</p>',
      '<p>Read also: <a href="/politik/2024/haushalt-streit">Streit um den Haushalt</a></p>',
      '<p>Share this article: <a href="https://social.example/share">Mastodon</a> <button>E-Mail</button></p>',
    ].join('');
    const words = ['daily newsletter', 'Streit um den Haushalt', 'Mastodon'];
    const rules = ['inline-call-to-action', 'inline-read-also', 'inline-share-tags'];
    const body = story(DE, lines);
    const url = 'https://news.example/a/b';
    const all = text(extractMainContent(page(body), { url }));
    expect(all).toContain(DE[3]!.slice(0, 20));
    for (const w of words) expect(all).not.toContain(w);
    rules.forEach((rule, i) => {
      const out = text(extractMainContent(page(body), { url, disabledRules: new Set([rule]) }));
      expect(out).toContain(words[i]);
      for (const other of words.filter((_, j) => j !== i)) expect(out).not.toContain(other);
    });
  });
});
