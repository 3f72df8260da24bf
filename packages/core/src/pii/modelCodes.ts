// Product names run capitalised words around a model number ("Model 4000 XL Turbo", "V8 Liberty Turbo"), and some
// of those words are also towns in the lists. A number is a model number when it is glued to letters ("V8", "4K",
// "X5") or follows a capitalised everyday word ("Model 4000", "Series 7"); a house number or a postcode follows a
// street name, a comma or a line start instead. Years ("in 2019 Berlin") are no model numbers.
import type { Gazetteers } from './loadGazetteers.js';
import { tokenIsCommon } from './nameSignals.js';
import type { Token } from './tokenizeText.js';

const YEAR = /^(?:1[89]|20)\d\d$/;
/** Capitalised words a product name may hold between its model number and a town-like word. */
const MAX_WORDS_AFTER_CODE = 2;

export function isModelNumber(tokens: Token[], k: number, g: Gazetteers): boolean {
  const n = tokens[k];
  if (n?.kind !== 'number' || YEAR.test(n.text)) return false;
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  if (prev && prev.kind === 'word' && n.gapBefore === '' && !n.lineStart) return true;
  if (next && next.kind === 'word' && next.gapBefore === '' && !next.lineStart) return true;
  return !!prev && prev.kind === 'word' && prev.cap && !prev.allCaps && n.gapBefore === ' ' && tokenIsCommon(prev, g);
}

/** Whether the capitalised word at `i` sits in a product name after a model number, on the same line. */
export function followsModelCode(tokens: Token[], i: number, g: Gazetteers): boolean {
  let k = i - 1;
  for (let words = 0; k >= 0; k--) {
    const t = tokens[k];
    if (tokens[k + 1].gapBefore !== ' ') return false;
    if (t.kind === 'number') return isModelNumber(tokens, k, g);
    if (t.kind !== 'word' || !(t.cap || t.allCaps) || ++words > MAX_WORDS_AFTER_CODE) return false;
    // A glued letter ("V8", "90D") is part of the code: step to its number.
    const n = tokens[k - 1];
    if (n?.kind === 'number' && t.gapBefore === '') return isModelNumber(tokens, k - 1, g);
  }
  return false;
}
