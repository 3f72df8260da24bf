// Bylines and update stamps set inside the story's block ("By Jane Doe", "Von Max Muster", "Updated: 3 May 2024",
// "Mis à jour le 12/03", "更新时间 2024-01-01"): both truths keep the story, not who wrote it or when it changed.
// Two kinds of cue, both matched on very short blocks (dropVocabularyBoilerplate): a byline cue must be followed by
// a name (capitalised words, or a link, or a short CJK line), a stamp cue by a date or a time (a digit within a few
// words). "By 2030 the city …" and "Updated guidance says …" are neither. A bare cue that is an English word too is
// left out (Dutch "door" opens "Door View Cam" on a shop page).
import type { CuesByLanguage } from './languages.js';

/** Opens a byline: what follows is a name. */
export const BYLINE_CUES: CuesByLanguage = {
  en: ['by', 'written by', 'words by', 'author:', 'authors:', 'reporting by'],
  de: ['von', 'autor:', 'autorin:', 'ein beitrag von', 'text:'],
  fr: ['par', 'auteur:', 'autrice:', 'texte:'],
  es: ['por', 'autor:', 'autora:', 'texto:', 'redacción:'],
  it: ['di', 'a cura di', 'autore:', 'autrice:', 'testo:'],
  pt: ['por', 'autor:', 'autora:', 'texto:'],
  nl: ['auteur:', 'tekst:'],
  pl: ['autor:', 'autorka:', 'tekst:'],
  ru: ['автор:', 'текст:'],
  zh: ['作者:', '文/', '记者:', '記者:', '责任编辑', '責任編輯', '编辑:', '編輯:'],
  ja: ['著者:', '文:', '文=', '執筆:', '執筆者:'],
  ko: ['작성자', '글='],
};

/** Opens an update or publication stamp: what follows holds a date or a time. */
export const UPDATE_STAMP_CUES: CuesByLanguage = {
  en: ['updated', 'last updated', 'published', 'posted on', 'first published', 'last modified'],
  de: ['aktualisiert', 'zuletzt aktualisiert', 'veröffentlicht', 'erschienen am', 'stand:'],
  fr: ['mis à jour', 'mise à jour', 'publié le', 'publié:', 'modifié le'],
  es: ['actualizado', 'publicado el', 'publicado:', 'última actualización'],
  it: ['aggiornato', 'pubblicato il', 'pubblicato:', 'ultimo aggiornamento'],
  pt: ['atualizado', 'publicado em', 'publicado:', 'última atualização'],
  nl: ['bijgewerkt', 'laatst bijgewerkt', 'gepubliceerd op', 'gepubliceerd:'],
  pl: ['aktualizacja:', 'zaktualizowano', 'opublikowano', 'data publikacji'],
  ru: ['обновлено', 'опубликовано', 'дата публикации'],
  zh: ['发布时间', '發佈時間', '發布時間', '发布于', '更新时间', '更新時間', '发表于', '發表於'],
  ja: ['公開日', '更新日', '投稿日', '配信日', '最終更新'],
  ko: ['입력', '수정', '등록', '업데이트'],
};
