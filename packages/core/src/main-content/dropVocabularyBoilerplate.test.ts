import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

const URL_ = 'https://news.example/politik/2024/article-one.html';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { url: URL_, disabledRules }));
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

describe('dropVocabularyBoilerplate: "read also" promos', () => {
  const cases: Array<[string, readonly string[], string, string]> = [
    [
      'German',
      DE,
      '<p><strong>Lesen Sie auch:</strong> <a href="/politik/2024/neue-schule-eroeffnet.html">Neue Schule eröffnet</a></p>',
      'Neue Schule eröffnet',
    ],
    [
      'French',
      FR,
      '<p>À lire aussi <a href="https://news.example/societe/la-gare-renovee-ouvre">La gare rénovée ouvre</a></p>',
      'La gare rénovée ouvre',
    ],
    [
      'Spanish',
      ES,
      '<p>Te puede interesar: <a href="/espana/2024/04/12/el-metro-amplia-horario.html">El metro amplía su horario</a></p>',
      'El metro amplía su horario',
    ],
    [
      'Japanese',
      JA,
      '<p>関連記事：<a href="/articles/20240412/bridge">駅前の再開発が始まる</a></p>',
      '駅前の再開発が始まる',
    ],
  ];
  for (const [language, paragraphs, promo, words] of cases) {
    it(`drops a ${language} promo paragraph that is a cue and one link`, () => {
      const out = extract(story(paragraphs, promo));
      expect(out).toContain(paragraphs[3]!.slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(paragraphs, promo), new Set(['inline-read-also']))).toContain(words);
    });
  }

  it('drops a one-link paragraph to another story of the site with the cue after the link', () => {
    const promo =
      '<p>► <a href="/politik/2024/haushalt-beschlossen.html">Haushalt beschlossen</a> (lesen Sie auch)</p>';
    expect(extract(story(DE, promo))).not.toContain('Haushalt beschlossen');
    expect(extract(story(DE, promo), new Set(['inline-read-also']))).toContain('Haushalt beschlossen');
  });

  it('keeps a sentence that holds a cue word, and a cue over prose with an incidental link', () => {
    const prose =
      '<p>Lesen Sie auch die Stellungnahme des Landesamts, sagte die Bürgermeisterin, denn dort stehen die Zahlen zu ' +
      '<a href="/politik/2024/gutachten.html">dem Gutachten</a> aus dem Frühjahr.</p>';
    const out = extract(story(DE, prose));
    expect(out).toContain('Lesen Sie auch die Stellungnahme des Landesamts');
    expect(out).toContain('dem Gutachten');
  });

  it('keeps a one-link paragraph with a cue word when the link leaves the site', () => {
    const promo = '<p><a href="https://elsewhere.example/2024/bericht-der-kommission">Bericht</a> (lesen Sie auch)</p>';
    expect(extract(story(DE, promo))).toContain('Bericht');
  });

  it('switches a language off by its id', () => {
    const promo = '<p>Lesen Sie auch: <a href="/politik/2024/neue-schule-eroeffnet.html">Neue Schule eröffnet</a></p>';
    expect(extract(story(DE, promo), new Set(['vocabulary-de']))).toContain('Neue Schule eröffnet');
  });
});

describe('dropVocabularyBoilerplate: captions and credits', () => {
  it('drops a German photo credit under a picture, and keeps the caption sentence', () => {
    const figure =
      '<div class="bild"><img src="/b.jpg" alt=""><p>Die alte Brücke im Morgenlicht.</p><p>Foto: dpa</p></div>';
    const out = extract(story(DE, figure));
    expect(out).toContain('Die alte Brücke im Morgenlicht');
    expect(out).not.toContain('Foto: dpa');
    expect(extract(story(DE, figure), new Set(['inline-credit']))).toContain('Foto: dpa');
  });

  it('drops a credit span inside a caption paragraph, and a French "Crédit photo" line', () => {
    const caption = '<p>Le pont au lever du jour. <span>Crédit photo : AFP</span></p>';
    const out = extract(story(FR, caption));
    expect(out).toContain('Le pont au lever du jour');
    expect(out).not.toContain('AFP');
    expect(extract(story(FR, caption), new Set(['inline-credit']))).toContain('AFP');
  });

  it('keeps prose that starts with a credit word without its separator', () => {
    const prose = '<p>Foto und Film zeigen dieselbe Szene.</p>';
    expect(extract(story(DE, prose))).toContain('Foto und Film zeigen dieselbe Szene');
  });
});

describe('dropVocabularyBoilerplate: bylines, stamps, share and tag lines', () => {
  it('drops a byline and an update stamp, and keeps "By 2030 …" prose', () => {
    const lines = '<p>By Jane Doe and John Roe</p><p>Updated: 3 May 2024, 10:42</p><p>By 2030 the city wants more.</p>';
    const en = DE.map((_, i) => `The council voted on the bridge, and this is sentence ${i + 1} of the long story.`);
    const out = extract(story(en, lines));
    expect(out).not.toContain('Jane Doe');
    expect(out).not.toContain('3 May 2024');
    expect(out).toContain('By 2030 the city wants more.');
    const off = extract(story(en, lines), new Set(['inline-byline', 'inline-update-stamp']));
    expect(off).toContain('Jane Doe');
    expect(off).toContain('3 May 2024');
  });

  it('keeps the bylines of a list of posts: each belongs to its item', () => {
    const cards = ['Bridges', 'Tunnels', 'Ferries']
      .map(
        (t, i) =>
          `<div><h2>${t}</h2><p>A long look at ${t.toLowerCase()} in the region and what they cost the towns.</p>` +
          `<p>By Writer Number${i}</p></div>`,
      )
      .join('');
    const out = extract(`<main>${cards}</main>`);
    expect(out).toContain('By Writer Number0');
    expect(out).toContain('By Writer Number2');
  });

  it('drops a Spanish tag line of links and an Italian share line of links', () => {
    const lines =
      '<p>Etiquetas: <a href="/tema/puentes">Puentes</a>, <a href="/tema/obras">Obras</a></p>' +
      '<p>Condividi su <a href="https://social.example/share">Social</a></p>';
    const out = extract(story(ES, lines));
    expect(out).not.toContain('Etiquetas');
    expect(out).not.toContain('Condividi');
    const off = extract(story(ES, lines), new Set(['inline-tags', 'inline-share']));
    expect(off).toContain('Etiquetas');
    expect(off).toContain('Condividi');
  });
});

describe('dropVocabularyBoilerplate: calls to action', () => {
  it('drops a call to action with a link inside the story, in several languages', () => {
    for (const [line, words] of [
      ['<p>Subscribe to <a href="/newsletter">our daily newsletter</a> for more.</p>', 'daily newsletter'],
      ['<p>Folgen Sie uns auf <a href="https://social.example/@zeitung">Mastodon</a> und im Radio.</p>', 'Mastodon'],
      ['<p>Abonnez-vous à <a href="/lettre">notre lettre du matin</a>.</p>', 'lettre du matin'],
    ]) {
      const out = extract(story(DE, line!));
      expect(out).toContain(DE[3]!.slice(0, 20));
      expect(out).not.toContain(words);
      expect(extract(story(DE, line!), new Set(['inline-call-to-action']))).toContain(words);
    }
  });

  it('keeps a sentence that opens with such words but links nowhere', () => {
    const prose = '<p>Subscribe to nothing, the mayor said, and you will miss what the council decides next week.</p>';
    expect(extract(story(DE, prose))).toContain('Subscribe to nothing, the mayor said');
  });
});
