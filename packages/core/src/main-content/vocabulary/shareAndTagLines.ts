// Share lines ("Share this article", "Teilen", "Partager", "分享到") and tag lines ("Tags: …", "Schlagwörter: …",
// "Mots-clés : …", "标签：…") left inside the story's block by its template. A share cue is matched on a short block
// that holds links or buttons, a tag cue on a short block whose rest is mostly links (dropVocabularyBoilerplate):
// "Share prices fell" and "Tags: none of them mattered" are prose.
import type { CuesByLanguage } from './languages.js';

/** Opens a share line. */
export const SHARE_CUES: CuesByLanguage = {
  en: [
    'share this',
    'share on',
    'share:',
    'share article',
    'share via',
    'share the story',
    'share the article',
    'share story',
  ],
  de: [
    'teilen',
    'artikel teilen',
    'beitrag teilen',
    'jetzt teilen',
    'teilen sie',
    'seite teilen',
    'teile diesen artikel',
  ],
  fr: ['partager', 'partagez', 'partager cet article', 'partager sur', "partager l'article", 'partagez cet article'],
  es: ['compartir', 'comparte', 'compartir en', 'compártelo', 'compartir artículo', 'comparte esta noticia'],
  it: ['condividi', 'condividi su', 'condividi questo articolo', "condividi l'articolo", 'condividi la notizia'],
  pt: ['compartilhe', 'compartilhar', 'partilhar', 'partilhe', 'compartilhe esta notícia', 'partilhe este artigo'],
  nl: ['delen', 'deel dit artikel', 'deel via', 'deel dit', 'deel op', 'artikel delen'],
  pl: ['udostępnij', 'podziel się', 'udostępnij artykuł', 'udostępnij na'],
  ru: ['поделиться', 'поделитесь', 'поделиться в', 'поделиться новостью', 'поделитесь статьей'],
  zh: ['分享到', '分享至', '分享:', '分享本文', '分享此文'],
  ja: ['シェアする', 'この記事をシェア', 'シェア:', 'この記事を共有', '共有する'],
  ko: ['공유하기', '기사 공유', '공유:'],
};

/** Opens a tag line: what follows is a list of links. */
export const TAG_CUES: CuesByLanguage = {
  en: ['tags:', 'tagged:', 'tagged with', 'filed under', 'topics:'],
  de: ['schlagwörter:', 'schlagworte:', 'schlagwort:', 'stichwörter:', 'stichworte:', 'themen:', 'tags:'],
  fr: ['mots-clés:', 'mots clés:', 'mot-clé:', 'étiquettes:', 'tags:', 'thèmes:', 'sujets:'],
  es: ['etiquetas:', 'etiqueta:', 'temas:', 'tags:', 'palabras clave:', 'temas relacionados:'],
  it: ['tag:', 'tags:', 'argomenti:', 'parole chiave:', 'etichette:'],
  pt: ['tags:', 'tag:', 'tópicos:', 'assuntos:', 'etiquetas:', 'marcadores:', 'palavras-chave:'],
  nl: ['tags:', 'tag:', 'trefwoorden:', 'onderwerpen:', 'labels:'],
  pl: ['tagi:', 'tag:', 'tematy:', 'słowa kluczowe:'],
  ru: ['теги:', 'тэги:', 'метки:', 'темы:', 'ключевые слова:'],
  zh: ['标签:', '標籤:', '相关标签:', '关键词:', '關鍵詞:', '关键字:', '關鍵字:'],
  ja: ['タグ:', '関連タグ:', 'キーワード:'],
  ko: ['태그:', '관련 태그:', '키워드:'],
};
