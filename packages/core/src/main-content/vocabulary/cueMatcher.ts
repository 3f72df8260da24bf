// Matches a concept's cues against the text of short blocks. The cues of every language are built once into a
// character trie, so a block is matched in one pass over its first characters whatever the number of cues (no
// alternation regex over hundreds of phrases). Text and cues are normalised the same way first: compatibility forms
// (full-width "：", no-break spaces), case, the accents of Latin letters (a page may write "A LIRE AUSSI"), curly
// apostrophes, and the space French sets before a colon. Cyrillic and CJK letters keep their marks ("й" is not "и").
import type { CuesByLanguage, VocabularyLanguage } from './languages.js';

/** A cue found in a text: the cue as normalised, where it ends in the normalised text, and its languages. */
export interface CueMatch {
  cue: string;
  end: number;
  languages: readonly VocabularyLanguage[];
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Set when a cue ends here. */
  cue?: { text: string; languages: VocabularyLanguage[]; boundary: boolean };
}

const COMBINING_MARK_FIRST = 0x300;
const COMBINING_MARK_LAST = 0x36f;
/** Latin letters (basic and extended) whose accents are dropped. */
const LATIN_LETTER = /[a-z\u00c0-\u024f]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Scripts written without spaces between words: a cue in them may end anywhere. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const APOSTROPHES = new Set(['\u2018', '\u2019', '\u02bc', '`', '\u00b4']);
const DASHES = new Set(['\u2013', '\u2014', '\u2212']);

/**
 * The text as cues are matched: NFKC, lower case, accents of Latin letters dropped, one kind of apostrophe and dash,
 * runs of white space as one space, no space before a colon, and the leading marks a template sets before a cue
 * ("» ", "► ", "【", "(", "+++") dropped; "©" stays (it is a cue).
 */
export function normaliseCueText(text: string): string {
  // most blocks are ASCII, which the Unicode normal forms leave as they are
  const ascii = isAscii(text);
  if (ascii) return normaliseAscii(text.toLowerCase());
  const decomposed = text.normalize('NFKC').toLowerCase().normalize('NFD');
  let out = '';
  let previousLatin = false;
  let space = false;
  for (const ch of decomposed) {
    const code = ch.codePointAt(0)!;
    if (code >= COMBINING_MARK_FIRST && code <= COMBINING_MARK_LAST && previousLatin) continue;
    if (ch.trim() === '') {
      space = out.length > 0;
      continue;
    }
    if (space && ch !== ':') out += ' ';
    space = false;
    if (out.length === 0 && ch !== '©' && !LETTER_OR_DIGIT.test(ch)) continue;
    out += APOSTROPHES.has(ch) ? "'" : DASHES.has(ch) ? '-' : ch;
    previousLatin = LATIN_LETTER.test(ch);
  }
  return out.normalize('NFC');
}

/** normaliseCueText of lower-cased ASCII text, by char codes, copying runs whole: no Unicode step applies there (no
 *  marks, no dashes or curly apostrophes), the white space `trim` knows is tab to carriage return and the space, a
 *  letter or digit is a-z or 0-9, and a backquote is the one apostrophe. It runs on the opening of every short
 *  block, where the general loop cost a string per character. */
function normaliseAscii(lower: string): string {
  let out = '';
  let run = -1; // where the characters still to copy as they are begin
  let space = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) {
      if (run !== -1) {
        out += lower.slice(run, i);
        run = -1;
      }
      space = out.length > 0;
      continue;
    }
    if (space && c !== 58) out += ' ';
    space = false;
    if (run === -1 && out.length === 0 && !((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) continue;
    if (c === 96) {
      if (run !== -1) {
        out += lower.slice(run, i);
        run = -1;
      }
      out += "'";
    } else if (run === -1) run = i;
  }
  return run === -1 ? out : out + lower.slice(run);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** True when `ch` is a letter or digit of a script that separates words by spaces. */
function isWordChar(ch: string): boolean {
  return ch !== '' && LETTER_OR_DIGIT.test(ch) && !CJK.test(ch);
}

/** One concept's cues of every language, ready to match. Build it once (module level), match many times. */
export class CueMatcher {
  private readonly root: TrieNode = { next: new Map() };
  /** Longest cue, in characters: no match can reach further into a text. */
  private readonly longest: number;

  constructor(cues: CuesByLanguage) {
    let longest = 0;
    for (const [language, list] of Object.entries(cues) as Array<[VocabularyLanguage, readonly string[]]>) {
      for (const raw of list) {
        const cue = normaliseCueText(raw);
        if (cue === '') continue;
        let node = this.root;
        for (let i = 0; i < cue.length; i++) {
          const ch = cue.charAt(i);
          const child = node.next.get(ch) ?? { next: new Map() };
          node.next.set(ch, child);
          node = child;
        }
        // a cue ending in a letter of a spaced script must end at a word's end ("donate" is not "donated")
        node.cue ??= { text: cue, languages: [], boundary: isWordChar(cue.charAt(cue.length - 1)) };
        if (!node.cue.languages.includes(language)) node.cue.languages.push(language);
        longest = Math.max(longest, cue.length);
      }
    }
    this.longest = longest;
  }

  /** The longest cue that `text` (normalised) opens with at `from`, ending at a word's end; null when none does. */
  matchAt(text: string, from = 0): CueMatch | null {
    let node: TrieNode | undefined = this.root;
    let best: CueMatch | null = null;
    let i = from;
    while (node !== undefined && i <= text.length && i - from <= this.longest) {
      const cue = node.cue;
      if (cue !== undefined && (!cue.boundary || !isWordChar(text.charAt(i))))
        best = { cue: cue.text, end: i, languages: cue.languages };
      if (i === text.length) break;
      node = node.next.get(text.charAt(i));
      i++;
    }
    return best;
  }

  /** The first cue starting at a word's start within the first `within` characters of `text` (normalised). */
  findWithin(text: string, within: number): CueMatch | null {
    const limit = Math.min(text.length, within);
    for (let i = 0; i < limit; i++) {
      const ch = text.charAt(i);
      if (i > 0 && isWordChar(ch) && isWordChar(text.charAt(i - 1))) continue;
      const match = this.matchAt(text, i);
      if (match !== null) return match;
    }
    return null;
  }
}
