// Text written all in capitals or all in lowercase hides the one signal names carry in ordinary text: their capital.
// This view restores it, same length so offsets hold: in an ALL-CAPS line everyday words go lowercase and the rest
// keep one capital ("PLEASE CONTACT FERDINAND OKAFOR" → "please contact Ferdinand Okafor", so "A WORD" is no
// person); in an all-lowercase text, words from the name lists that are no everyday words get their capital back.
import type { Gazetteers } from './loadGazetteers.js';
import { isCommonWord, isNameWord } from './nameSignals.js';
import { PERSON_FIELD_LABELS } from './personLabels.js';
import type { Token } from './tokenizeText.js';

/** A line is ALL-CAPS when at least this share of its words (and three of them) are. */
const CAPS_LINE_SHARE = 0.8;
/** A text is all-lowercase when no more than this share of its words carry a capital. */
const LOWER_TEXT_SHARE = 0.02;
const MIN_WORDS = 4;
/** A text of fewer words is read as capitals only when every word is in capitals. */
const MIN_SHORT_CAPS_WORDS = 2;
/** After a person label or an honorific in capitals, this many words keep their capital (a name's length). */
const MAX_LABELLED_NAME_WORDS = 3;
const NAME_LABELS = new Set(PERSON_FIELD_LABELS);
/** Honorifics before a name; longer titles ("GENERAL", "PRESIDENT") are everyday words in capitals too. */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'sir', 'dame']);

export interface CaseView {
  text: string;
  /** The whole text was lowercase: rules written for lowercase names still apply to the original. */
  lowercase: boolean;
}

/** The text with its case restored, or undefined when it is written in ordinary mixed case. */
export function caseView(text: string, tokens: Token[], g: Gazetteers): CaseView | undefined {
  // One pass to see whether the text is all lowercase or has ALL-CAPS words at all (ordinary text: neither).
  const { wordCount, capped, caps } = countWordCases(tokens);
  // (round 22: a short text all in capitals is still read in capitals, "CALL MARIA", "ASK FOR WIREMU": a label or
  // a sign of two or three words is as often such text as a long one; too few words to tell lowercase text apart.
  // A two-letter word there is a code, "ZIP: 4021 SL", "NY 10001", and keeps the text as written)
  const shortCaps =
    wordCount >= MIN_SHORT_CAPS_WORDS &&
    wordCount < MIN_WORDS &&
    caps === wordCount &&
    !tokens.some((t) => t.kind === 'word' && t.text.length === 2);
  if (wordCount < MIN_WORDS && !shortCaps) return undefined;
  const lowercase = !shortCaps && capped <= wordCount * LOWER_TEXT_SHARE;
  if (!lowercase && caps < 3 && !shortCaps) return undefined;
  const words = tokens.filter((t) => t.kind === 'word' && t.text.length >= 2);
  const edits: Array<[Token, string]> = [];
  // ALL-CAPS lines.
  if (caps >= 3 || shortCaps) {
    const minCaps = shortCaps ? MIN_SHORT_CAPS_WORDS : 3;
    let line: Token[] = [];
    for (const t of words) {
      if (t.lineStart && line.length) {
        capsLineEdits(line, tokens, g, edits, minCaps);
        line = [];
      }
      line.push(t);
    }
    capsLineEdits(line, tokens, g, edits, minCaps);
  }
  // An all-lowercase text.
  if (lowercase) {
    for (const t of words) {
      if (/\p{Lu}/u.test(t.text) || isCommonWord(t.lower, g) || !isNameWord(t.lower, g)) continue;
      edits.push([t, t.text[0].toUpperCase() + t.text.slice(1)]);
    }
  }
  // (round 19: an all-lowercase text with no listed name to restore is still lowercase: "sorry, kobina and sierra
  // were stuck" needs the lowercase rules, which the caller runs only on that flag)
  if (edits.length === 0 && !lowercase) return undefined;
  return { text: applyEdits(text, edits), lowercase };
}

/** Words of two letters or more, those with a capital first letter, and those in capitals. */
function countWordCases(tokens: Token[]): { wordCount: number; capped: number; caps: number } {
  let wordCount = 0;
  let capped = 0;
  let caps = 0;
  for (const t of tokens) {
    if (t.kind !== 'word' || t.text.length < 2) continue;
    wordCount++;
    if (t.cap) capped++;
    if (t.allCaps) caps++;
  }
  return { wordCount, capped, caps };
}

/**
 * The case edits of one line's words (`line`, in order) when it is a line in capitals: everyday words lowercase,
 * name words with only their first capital.
 */
function capsLineEdits(
  line: Token[],
  tokens: Token[],
  g: Gazetteers,
  edits: Array<[Token, string]>,
  minCaps: number,
): void {
  const capsInLine = line.filter((t) => t.allCaps).length;
  if (capsInLine < minCaps || capsInLine < line.length * CAPS_LINE_SHARE) return;
  // Words left in a name after a person label or an honorific ("ATTN: FAITH WOODS", "DR GRACE HILL").
  let nameWords = 0;
  for (const t of line) {
    if (!t.allCaps) continue;
    const next = tokens[t.index + 1];
    const nextWord = next?.kind === 'word' && next.gapBefore === ' ';
    // "HOPE NAKASHIMA": a first name that is also an everyday word keeps its capital before a word that is none.
    // (the cheap tests first: most words of a capitals line are everyday words with no name after them)
    // (round 23: so does a first name that is an everyday word only in SCOWL's size 35, "CALL MARIA": the mixed-case
    // rules then judge it as "call Maria", where such a word needs a person's slot)
    const title =
      nameWords > 0 ||
      !isCommonWord(t.lower, g) ||
      g.rareWordFirstNames.has(t.lower) ||
      (nextWord && next.allCaps && g.firstNames.has(t.lower) && !isCommonWord(next.lower, g));
    edits.push([t, title ? t.text[0] + t.lower.slice(1) : t.lower]);
    nameWords = nextWord ? nameWords - 1 : 0;
    if ((next?.text === ':' && NAME_LABELS.has(t.lower)) || (nextWord && HONORIFICS.has(t.lower)))
      nameWords = MAX_LABELLED_NAME_WORDS;
  }
}

/** `text` with each edit's word replaced, in text order. */
function applyEdits(text: string, edits: Array<[Token, string]>): string {
  edits.sort((a, b) => a[0].start - b[0].start);
  let out = '';
  let pos = 0;
  for (const [t, replacement] of edits) {
    // Case mapping can change length (ß → SS): such a word stays as written.
    if (replacement.length !== t.end - t.start) continue;
    out += text.slice(pos, t.start) + replacement;
    pos = t.end;
  }
  return out + text.slice(pos);
}
