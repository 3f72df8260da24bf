// Word lists, not code: the openings of the short boilerplate lines that pages set inside the story's own blocks,
// per concept and per language (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Russian,
// Chinese, Japanese, Korean). Lower case; a phrase matches at the start of a short block, followed by a non-letter
// (see dropInlineBoilerplate, which also checks each block's link structure). Add a language by adding its phrases
// to each concept. A concept is added only when the ablation report shows it helps on the frozen WCXB split and
// costs nothing on the Readability test pages: "read also" promos, photo credits, share lines and tag lines were
// measured and left out (docs/decisions.md, "Main content: acceptance on pages nobody tuned on").

export type BoilerplateConcept = 'callToAction';

type PhrasesByLanguage = Readonly<Record<string, readonly string[]>>;

export const BOILERPLATE_PHRASES: Readonly<Record<BoilerplateConcept, PhrasesByLanguage>> = {
  /** Calls to action inside the story: a newsletter, an app, a donation, a follow. */
  callToAction: {
    en: [
      'sign up for',
      'sign up to',
      'subscribe to',
      'subscribe now',
      'subscribe for',
      'get our newsletter',
      'join our newsletter',
      'download our app',
      'download the app',
      'get the app',
      'follow us on',
      'follow us',
      'like us on',
      'donate',
      'support our journalism',
      'become a member',
      'click here to subscribe',
      'get the latest',
    ],
    de: [
      'jetzt abonnieren',
      'abonnieren sie',
      'newsletter abonnieren',
      'melden sie sich',
      'folgen sie uns',
      'laden sie die app',
      'jetzt spenden',
      'unterstützen sie',
    ],
    fr: [
      'abonnez-vous',
      'inscrivez-vous',
      'suivez-nous',
      'téléchargez l’application',
      "téléchargez l'application",
      'faites un don',
      'soutenez',
    ],
    es: ['suscríbete', 'suscríbase', 'regístrate', 'síguenos', 'descarga la app', 'descarga nuestra app'],
    it: ['iscriviti', 'abbonati', 'seguici', "scarica l'app", 'sostienici'],
    pt: ['assine', 'inscreva-se', 'siga-nos', 'baixe o app', 'baixe o aplicativo'],
    nl: ['abonneer', 'meld je aan', 'schrijf je in', 'volg ons', 'download de app', 'doneer'],
    pl: ['zapisz się', 'subskrybuj', 'obserwuj nas', 'pobierz aplikację', 'wesprzyj'],
    ru: ['подпишитесь', 'подписывайтесь', 'следите за нами', 'скачайте приложение', 'поддержите'],
    zh: ['订阅', '訂閱', '关注我们', '關注我們', '下载app', '下載app'],
    ja: ['購読する', 'フォローする', 'アプリをダウンロード', 'メールマガジン'],
    ko: ['구독하기', '구독', '팔로우'],
  },
};
