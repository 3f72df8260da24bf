// Word lists, not code: the openings of the short boilerplate lines that news and blog pages set inside the story's
// own blocks, per concept and per language (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish,
// Russian, Chinese, Japanese, Korean). Lower case; a phrase matches at the start of a short block, followed by a
// non-letter (see dropInlineBoilerplate, which also checks each block's link structure). Add a language by adding
// its phrases to each concept.

export type BoilerplateConcept = 'readAlso' | 'credit' | 'callToAction' | 'share' | 'tags';

export const BOILERPLATE_PHRASES: Readonly<Record<BoilerplateConcept, Readonly<Record<string, readonly string[]>>>> = {
  /** A promo for another story set as a paragraph of the story: "Read also: <link>". ("Read more" and "See also"
   *  are left out: expander links and the "See also" lines of reference pages are the page's own.) */
  readAlso: {
    en: ['read also', 'also read', 'related', 'related story', 'related article', 'recommended', 'more on this', 'more:',
      'read next', "don't miss", 'you may also like', 'also on'],
    de: ['lesen sie auch', 'lies auch', 'auch interessant', 'mehr zum thema', 'das könnte sie auch interessieren'],
    fr: ['lire aussi', 'à lire aussi', 'a lire aussi', 'lire également', 'sur le même sujet', 'à lire'],
    es: ['lee también', 'lea también', 'leer también', 'te puede interesar', 'le puede interesar', 'relacionado'],
    it: ['leggi anche', 'leggi pure', 'potrebbe interessarti'],
    pt: ['leia também', 'relacionado'],
    nl: ['lees ook', 'ook interessant', 'gerelateerd'],
    pl: ['czytaj też', 'czytaj także', 'czytaj również', 'przeczytaj też', 'przeczytaj także'],
    ru: ['читайте также', 'читать также', 'по теме', 'также читайте'],
    zh: ['延伸阅读', '相关阅读', '相关文章', '推荐阅读', '延伸閱讀', '相關閱讀', '相關文章', '推薦閱讀'],
    ja: ['関連記事', 'あわせて読みたい', '合わせて読みたい', 'こちらもおすすめ', '関連'],
    ko: ['관련기사', '관련 기사', '함께 보면 좋은', '추천 기사'],
  },
  /** A picture's credit or source line. */
  credit: {
    en: ['photo:', 'photo by', 'photos:', 'photograph:', 'photograph by', 'image:', 'image by', 'image credit', 'credit:',
      'credits:', 'picture:', 'pictured:', 'illustration:', 'illustration by', 'getty images', '©', 'copyright ©'],
    de: ['foto:', 'fotos:', 'bild:', 'bildquelle', 'quelle:', 'bildnachweis', 'foto von'],
    fr: ['photo :', 'crédit :', 'crédit photo', 'crédits :', 'illustration :', 'image :', 'source :'],
    es: ['foto:', 'fotografía:', 'imagen:', 'crédito:', 'fuente:', 'foto de'],
    it: ['foto:', 'immagine:', 'credit:', 'fonte:'],
    pt: ['foto:', 'imagem:', 'crédito:', 'fonte:', 'foto de'],
    nl: ['foto:', 'beeld:', 'afbeelding:', 'bron:'],
    pl: ['fot.', 'foto:', 'zdjęcie:', 'źródło:', 'ilustracja:'],
    ru: ['фото:', 'фото', 'источник:', 'иллюстрация:', 'изображение:'],
    zh: ['图片来源', '圖片來源', '图/', '圖/', '摄影', '攝影', '来源：', '來源：'],
    ja: ['写真：', '写真:', '画像：', '出典：', '提供：'],
    ko: ['사진=', '사진 =', '사진:', '출처:'],
  },
  /** Calls to action inside the story: a newsletter, an app, a donation, a follow. */
  callToAction: {
    en: ['sign up for', 'sign up to', 'subscribe to', 'subscribe now', 'subscribe for', 'get our newsletter', 'join our newsletter',
      'download our app', 'download the app', 'get the app', 'follow us on', 'follow us', 'like us on', 'donate', 'support our journalism',
      'become a member', 'click here to subscribe', 'get the latest'],
    de: ['jetzt abonnieren', 'abonnieren sie', 'newsletter abonnieren', 'melden sie sich', 'folgen sie uns', 'laden sie die app',
      'jetzt spenden', 'unterstützen sie'],
    fr: ["abonnez-vous", 'inscrivez-vous', 'suivez-nous', 'téléchargez l’application', "téléchargez l'application", 'faites un don',
      'soutenez'],
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
  /** A share line: the buttons' caption and its links. */
  share: {
    en: ['share this', 'share on', 'share:', 'share article', 'share story', 'share via', 'share'],
    de: ['teilen', 'artikel teilen', 'diesen artikel teilen'],
    fr: ['partager', 'partagez'],
    es: ['compartir', 'comparte'],
    it: ['condividi'],
    pt: ['compartilhe', 'compartilhar', 'partilhar'],
    nl: ['delen', 'deel dit'],
    pl: ['udostępnij', 'podziel się'],
    ru: ['поделиться', 'поделитесь'],
    zh: ['分享', '分享到'],
    ja: ['シェア', 'シェアする'],
    ko: ['공유', '공유하기'],
  },
  /** A tag line: its label and the tags' links. */
  tags: {
    en: ['tags:', 'tagged:', 'tagged with', 'topics:', 'filed under'],
    de: ['schlagwörter:', 'schlagworte:', 'themen:', 'tags:'],
    fr: ['mots-clés :', 'mots-clés:', 'étiquettes :', 'thèmes :', 'tags :'],
    es: ['etiquetas:', 'temas:'],
    it: ['tag:', 'argomenti:'],
    pt: ['tags:', 'etiquetas:', 'tópicos:'],
    nl: ['tags:', 'trefwoorden:', "onderwerpen:"],
    pl: ['tagi:', 'tematy:'],
    ru: ['теги:', 'метки:', 'темы:'],
    zh: ['标签：', '標籤：', '标签:', '標籤:'],
    ja: ['タグ：', 'タグ:'],
    ko: ['태그:', '태그'],
  },
};
