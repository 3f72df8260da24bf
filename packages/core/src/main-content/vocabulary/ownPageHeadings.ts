// Headings that name a part of the page's own story rather than other pages: its table of contents ("On this page",
// "In this article", "Inhaltsverzeichnis", "目次") and its author or reviewer ("About the author", "Medically reviewed
// by"). The recommendation wordings (recommendationHeadings.ts) include them so that pruning drops such a box inside
// the story; when the root is chosen (recommendationBlocks.ts) a block opened by one of them may be the story itself
// (a long guide under its table of contents), so it is weighed like any other block.
import type { CuesByLanguage } from './languages.js';

export const OWN_PAGE_HEADING_CUES: CuesByLanguage = {
  en: [
    'table of contents',
    'contents',
    'on this page',
    'in this article',
    'in this post',
    'in this guide',
    'about the author',
    'meet the author',
    'written by',
    'reviewed by',
    'medically reviewed by',
    'fact checked by',
    'fact-checked by',
  ],
  de: ['inhaltsverzeichnis', 'inhalt', 'auf dieser seite', 'in diesem artikel', 'über den autor', 'über die autorin'],
  fr: ['sommaire', 'table des matières', 'dans cet article', 'sur cette page', "à propos de l'auteur"],
  es: ['índice', 'tabla de contenidos', 'contenido', 'en este artículo', 'en esta página', 'sobre el autor'],
  it: ['indice', 'sommario', 'in questo articolo', 'in questa pagina', "sull'autore"],
  pt: ['índice', 'sumário', 'conteúdo', 'neste artigo', 'nesta página', 'sobre o autor'],
  nl: ['inhoudsopgave', 'inhoud', 'in dit artikel', 'op deze pagina', 'over de auteur'],
  pl: ['spis treści', 'w tym artykule', 'na tej stronie', 'o autorze'],
  ru: ['содержание', 'оглавление', 'в этой статье', 'на этой странице', 'об авторе'],
  zh: ['目录', '本文目录', '关于作者'],
  ja: ['目次', 'この記事の目次', '著者について'],
  ko: ['목차', '이 글의 목차', '저자 소개'],
};
