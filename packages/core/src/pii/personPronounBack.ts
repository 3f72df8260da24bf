// Round 20 person cue (issue 26): a person pronoun that refers back to the subject of a modal group. "Hohepa can fix
// the fence if he has time" and "Clonezilla will let you copy the disk" have the same shape up to the verb; only
// what the sentence says afterwards tells them apart — "he" or "she" after a clause link in the same sentence, or
// opening the next one, is said only of a person. A possessive ("can send his reports") names the object's owner,
// who may be anyone else, and is no cue.
import { BACK_REFERENCE_LINKS, PERSON_SUBJECT_PRONOUNS } from './personOpenerWords.js';
import type { Token } from './tokenizeText.js';

const LINKS = new Set(BACK_REFERENCE_LINKS);
const PRONOUNS = new Set(PERSON_SUBJECT_PRONOUNS);
const SENTENCE_END = new Set(['.', '!', '?']);
/** How far to look after the verb: a sentence of ordinary length, not a whole paragraph. */
const MAX_LOOK = 30;

/**
 * After the verb at `verbIndex`, the rest of its sentence holds a clause link followed by "he" / "she", or the next
 * sentence (on the same line) opens with "He" / "She".
 */
export function personPronounBack(tokens: Token[], verbIndex: number): boolean {
  const stop = Math.min(tokens.length, verbIndex + MAX_LOOK);
  for (let k = verbIndex + 1; k < stop; k++) {
    const t = tokens[k];
    if (t.lineStart) return false;
    if (t.kind === 'punct' && SENTENCE_END.has(t.text)) {
      const next = tokens[k + 1];
      return next?.kind === 'word' && !next.lineStart && next.cap && !next.allCaps && PRONOUNS.has(next.lower);
    }
    if (t.kind === 'word' && !t.cap && PRONOUNS.has(t.lower) && LINKS.has(tokens[k - 1]?.lower ?? '')) return true;
  }
  return false;
}
