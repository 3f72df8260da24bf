// Surnames written with a lowercase article or kinship prefix joined by a hyphen or an apostrophe ("Yasmin
// al-Rashid", "Omar bin-Laden", "Hassan el-Sayed"): the token starts lowercase, so the capital that marks a name sits
// after the prefix. Issue 26, round 8.
import type { Token } from './tokenizeText.js';

/** Arabic articles (with their assimilated forms) and kinship words written before a surname. */
const SURNAME_PREFIXES = new Set([
  'al',
  'el',
  'ul',
  'ad',
  'ar',
  'as',
  'ash',
  'at',
  'az',
  'an',
  'abu',
  'abd',
  'bin',
  'ben',
  'bint',
  'ibn',
]);

/**
 * The part after a surname prefix when `t` is "prefix-Name" or "prefix'Name" (lowercase prefix, capital after it),
 * otherwise undefined. A token test: the prefix is looked up, never matched by a pattern.
 */
export function prefixedSurnameTail(t: Token): string | undefined {
  if (t.cap || t.kind !== 'word') return undefined;
  let k = 0;
  while (k < t.text.length && k < 5 && t.text[k] !== '-' && t.text[k] !== "'" && t.text[k] !== '’') k++;
  if (k === 0 || k >= t.text.length - 2 || !SURNAME_PREFIXES.has(t.text.slice(0, k))) return undefined;
  const tail = t.text.slice(k + 1);
  const initial = tail[0];
  return initial !== initial.toLowerCase() ? tail : undefined;
}
