// Round 22 person cue (issue 26): a word in no list, opening a sentence before a plain modal and a bare verb, that
// the text names only there. "Ngaio should sign here" and "Clonezilla will let you copy the disk" share the shape;
// what tells them apart on a page is repetition: a product, a tool or a plural is the page's topic and comes back
// (in headings, links, "download X", "X is"), while a person told to the reader in a modal sentence is named once.
// Round 17 measured the words in no list before "will" / "can" / "must" on 1,470 real pages: products, plurals and
// typos. A plural or an abbreviation has a shape of its own ("VASPs", "Homeowners"): only a word spelled as a name
// is, a capital and lowercase letters, and no "-s" ending.
import type { Token } from './tokenizeText.js';

/**
 * What a tool does for its reader: "Clonezilla will let you copy", "Grafana can help you find" — an enabling verb
 * with the reader as its object is said of software far more often than of a person named once.
 */
export const ENABLING_VERBS = ['let', 'allow', 'enable', 'help'];
export const READER_OBJECTS = ['you', 'users', 'developers'];
const ENABLING = new Set(ENABLING_VERBS);
const READERS = new Set(READER_OBJECTS);

/** A name's spelling: one capital, then lowercase letters only, not ending in a plural "s". */
const NAME_SPELLING = /^\p{Lu}\p{Ll}{2,}$/u;

/**
 * `word` is spelled as a name and its lowercase form occurs at no other token of the text; the modal's verb, at
 * `verbIndex`, does not enable the reader.
 */
export function loneModalSubject(tokens: Token[], word: Token, verbIndex: number): boolean {
  if (!NAME_SPELLING.test(word.text) || word.lower.endsWith('s')) return false;
  if (ENABLING.has(tokens[verbIndex].lower) && READERS.has(tokens[verbIndex + 1]?.lower ?? '')) return false;
  return namedOnce(tokens, word);
}

/** `word`'s lowercase form occurs at no other token of the text. */
export function namedOnce(tokens: Token[], word: Token): boolean {
  for (let k = 0; k < tokens.length; k++) if (k !== word.index && tokens[k].lower === word.lower) return false;
  return true;
}
