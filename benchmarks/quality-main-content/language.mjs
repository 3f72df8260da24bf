// Whether a benchmark page is in English, for reports that look at non-English pages apart (the vocabulary rules,
// issue #25 item 2): the language the page declares on <html lang>, or else a guess from its truth text (English
// function words make up several percent of any English text, almost none of another language's).
const HTML_LANG = /<html\b[^>]*?\blang\s*=\s*["']?([a-z]{2,3})/i;
const ENGLISH_WORDS = new Set(['the', 'and', 'of', 'to', 'is', 'in', 'that', 'with', 'for', 'was']);
/** Share of English function words above which an undeclared page is read as English. */
const ENGLISH_MIN_SHARE = 0.06;

/** 'en', another code, or 'xx' (undeclared and not English by its words). */
export function pageLanguage(page) {
  const declared = HTML_LANG.exec(page.html.slice(0, 20_000));
  if (declared) return declared[1].toLowerCase();
  const words = (page.main.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, 2000);
  const english = words.filter((w) => ENGLISH_WORDS.has(w)).length;
  return words.length > 0 && english / words.length >= ENGLISH_MIN_SHARE ? 'en' : 'xx';
}
