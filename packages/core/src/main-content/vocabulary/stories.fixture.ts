// Short stories in several languages for the vocabulary tests: a template's line is set between their paragraphs
// and must go while every paragraph of the story stays (excluded from the build like the tests themselves).
import { extractMainContent } from '../extractMainContent.js';
import { page, text } from '../testPages.fixture.js';

/** Four paragraphs of one story per language, each long enough to read as prose. */
export const STORIES = {
  de: [
    'Der Stadtrat hat am Dienstagabend nach langer Debatte beschlossen, die Brücke über den Fluss bis 2027 zu erneuern.',
    'Die Kosten von rund zwölf Millionen Euro teilen sich Land und Stadt, wie die Bürgermeisterin danach sagte.',
    'Anwohner hatten seit Jahren über Lärm und Risse im Beton geklagt; ein Gutachten gab ihnen im Frühjahr recht.',
    'Während der Bauzeit soll eine Behelfsbrücke für Fußgänger und Radfahrer den Weg in die Innenstadt offen halten.',
  ],
  fr: [
    'Le conseil municipal a voté mardi soir la rénovation complète du vieux pont, fermé aux camions depuis deux ans.',
    'Les travaux, estimés à douze millions d’euros, commenceront au printemps et dureront environ dix-huit mois.',
    'Les riverains se plaignaient depuis longtemps du bruit et des fissures visibles dans le béton de la structure.',
    'Une passerelle provisoire permettra aux piétons et aux cyclistes de rejoindre le centre pendant le chantier.',
  ],
  pl: [
    'Rada miasta zdecydowała we wtorek wieczorem o generalnym remoncie starego mostu, zamkniętego dla ciężarówek.',
    'Prace, warte około dwunastu milionów złotych, ruszą wiosną i potrwają mniej więcej półtora roku, jak podano.',
    'Mieszkańcy od lat skarżyli się na hałas i pęknięcia w betonie; ekspertyza przyznała im wiosną rację w całości.',
    'Na czas budowy powstanie tymczasowa kładka dla pieszych i rowerzystów prowadząca prosto do centrum miasta.',
  ],
  ru: [
    'Городской совет во вторник вечером после долгих споров решил полностью отремонтировать старый мост через реку.',
    'Работы стоимостью около двенадцати миллионов начнутся весной и продлятся примерно полтора года, сообщил мэр.',
    'Жители много лет жаловались на шум и трещины в бетоне, и весной экспертиза подтвердила их опасения полностью.',
    'На время ремонта для пешеходов и велосипедистов построят временный мост, ведущий прямо в центр города.',
  ],
  zh: [
    '市议会周二晚间经过长时间讨论，决定在二〇二七年之前全面翻修这座横跨河流的老桥，以确保往来行人的安全。',
    '工程费用约一千二百万元，由省市两级政府共同承担，市长在会后向记者说明了资金的具体安排和施工时间表。',
    '周边居民多年来一直抱怨噪音和混凝土裂缝问题，今年春天的一份专业评估报告证实了他们长期以来的担忧。',
    '施工期间将为行人和骑自行车的人搭建一座临时便桥，保证大家仍然可以方便地前往市中心办事和购物。',
  ],
  es: [
    'El ayuntamiento aprobó el martes por la noche la reforma completa del viejo puente, cerrado a camiones desde hace años.',
    'Las obras, con un coste de unos doce millones de euros, empezarán en primavera y durarán alrededor de año y medio.',
    'Los vecinos llevaban tiempo quejándose del ruido y de las grietas que se veían en el hormigón de la estructura.',
    'Una pasarela provisional permitirá a peatones y ciclistas llegar al centro de la ciudad mientras duren las obras.',
  ],
} as const;

/** A story in `paragraphs` with `inner` set after its second paragraph. */
export function story(paragraphs: readonly string[], inner: string): string {
  const ps = paragraphs.map((p) => `<p>${p}</p>`);
  return `<article><h1>Title</h1>${ps.slice(0, 2).join('')}${inner}${ps.slice(2).join('')}</article>`;
}

/** The text the extractor keeps of `body`, read from `url`, with `disabledRules` off. */
export function extract(body: string, disabledRules?: ReadonlySet<string>, url = 'https://news.example/a/b'): string {
  return text(extractMainContent(page(body), { disabledRules, url }));
}
