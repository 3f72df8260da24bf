// Update and publication stamps set inside the story's block ("Updated: 3 May 2024", "Last updated on September 16th",
// "Mis à jour le 30 avril", "更新时间 2024-01-01"): the page's bookkeeping, not the story. Matched on very short blocks
// whose date follows the cue at once (dropVocabularyBoilerplate): "Updated guidance says …" and "Posted on the
// association's site in 2024" are prose.
import type { CuesByLanguage } from './languages.js';

/** Opens an update or publication stamp: a date or a time follows within a few words. */
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
