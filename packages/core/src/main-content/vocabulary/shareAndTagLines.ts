// Share lines ("Share this article", "Teilen", "Partager", "分享到") and tag lines ("Tags: …", "Schlagwörter: …",
// "Mots-clés : …", "标签：…") left inside the story's block by its template. A share cue is matched on a short block
// that holds links or buttons, a tag cue on a short block whose rest is mostly links (dropVocabularyBoilerplate):
// "Share prices fell" and "Tags: none of them mattered" are prose.
import type { CuesByLanguage } from './languages.js';

/** Opens a share line. */
export const SHARE_CUES: CuesByLanguage = {
  en: ['share this', 'share on', 'share:', 'share article', 'share via', 'share the story'],
  de: ['teilen', 'artikel teilen', 'beitrag teilen', 'jetzt teilen', 'teilen sie'],
  fr: ['partager', 'partagez', 'partager cet article', 'partager sur'],
  es: ['compartir', 'comparte', 'compartir en', 'compártelo'],
  it: ['condividi', 'condividi su', 'condividi questo articolo'],
  pt: ['compartilhe', 'compartilhar', 'partilhar', 'partilhe'],
  nl: ['delen', 'deel dit artikel', 'deel via', 'deel dit'],
  pl: ['udostępnij', 'podziel się'],
  ru: ['поделиться', 'поделитесь'],
  zh: ['分享到', '分享至', '分享:'],
  ja: ['シェアする', 'この記事をシェア', 'シェア:'],
  ko: ['공유하기'],
};

/** Opens a tag line: what follows is a list of links. */
export const TAG_CUES: CuesByLanguage = {
  en: ['tags:', 'tagged:', 'tagged with', 'filed under', 'topics:'],
  de: ['schlagwörter:', 'schlagworte:', 'stichwörter:', 'themen:', 'tags:'],
  fr: ['mots-clés:', 'mots clés:', 'tags:', 'thèmes:', 'sujets:'],
  es: ['etiquetas:', 'temas:', 'tags:', 'palabras clave:'],
  it: ['tag:', 'tags:', 'argomenti:', 'parole chiave:'],
  pt: ['tags:', 'tópicos:', 'assuntos:', 'etiquetas:', 'palavras-chave:'],
  nl: ['tags:', 'trefwoorden:', 'onderwerpen:'],
  pl: ['tagi:', 'tematy:', 'słowa kluczowe:'],
  ru: ['теги:', 'метки:', 'темы:', 'ключевые слова:'],
  zh: ['标签:', '標籤:', '关键词:', '關鍵詞:', '关键字:'],
  ja: ['タグ:', 'キーワード:'],
  ko: ['태그:', '키워드:'],
};
