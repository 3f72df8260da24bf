// Calls to action set inside a story: a newsletter, an app, a donation, a follow. Matched at the start of a short
// block that links somewhere or holds a button (dropVocabularyBoilerplate): the same words opening a sentence of
// the story carry neither.
import type { CuesByLanguage } from './languages.js';

export const CALL_TO_ACTION_CUES: CuesByLanguage = {
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
  fr: ['abonnez-vous', 'inscrivez-vous', 'suivez-nous', "téléchargez l'application", 'faites un don', 'soutenez'],
  es: ['suscríbete', 'suscríbase', 'regístrate', 'síguenos', 'descarga la app', 'descarga nuestra app'],
  it: ['iscriviti', 'abbonati', 'seguici', "scarica l'app", 'sostienici'],
  pt: ['assine', 'inscreva-se', 'siga-nos', 'baixe o app', 'baixe o aplicativo'],
  nl: ['abonneer', 'meld je aan', 'schrijf je in', 'volg ons', 'download de app', 'doneer'],
  pl: ['zapisz się', 'subskrybuj', 'obserwuj nas', 'pobierz aplikację', 'wesprzyj'],
  ru: ['подпишитесь', 'подписывайтесь', 'следите за нами', 'скачайте приложение', 'поддержите'],
  zh: ['订阅', '訂閱', '关注我们', '關注我們', '下载app', '下載app'],
  ja: ['購読する', 'フォローする', 'アプリをダウンロード', 'メールマガジン'],
  ko: ['구독하기', '구독', '팔로우'],
};
