// ORGANIZATION (only when asked for): capitalised names ending in a company suffix ("Shepherd Ltd.", "Aunt Bertha
// Inc"), firm-style "Davis, Reynolds and Williamson" and "Weeks-Rivas", names before an organisation noun ("the
// Exversion Orchestra", "The Avalara office"), and names after "work for / spent a year at / is from".
import type { Gazetteers } from './loadGazetteers.js';
import { isNameWord, lineBefore, tokenIsCommon } from './nameSignals.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

/** Last words of a company's name; also read by the address stages (a year + company is no street). */
export const COMPANY_SUFFIXES = new RegExp(
  String.raw`^(?:inc|incorporated|llc|llp|ltd|limited|plc|corp|corporation|co|company|gmbh|ag|kg|sa|sas|sarl` +
    String.raw`|srl|spa|bv|nv|ab|oy|oyj|aps|pty|kk|group|holdings|partners|associates|foundation|institute` +
    String.raw`|university|bank|insurance|investments|technologies|systems|solutions|labs|studios|media|global` +
    String.raw`|international|research|capital|ventures|consulting)$`,
  'i',
);
/** Nouns after a name that make it an organisation ("the Exversion Orchestra", "the Avalara office"). */
const ORG_NOUNS = new RegExp(
  String.raw`^(?:office|offices|orchestra|company|team|band|club|agency|firm|store|shop|restaurant|hotel` +
    String.raw`|hospital|school|college|university|foundation|institute|bank|group|headquarters|hq|staff` +
    String.raw`|employees|board|brand|app|platform|website|startup|songwriter)$`,
  'i',
);
const ORG_INTRO = new RegExp(
  String.raw`\b(?:work(?:s|ed|ing)? (?:for|at)|employed (?:by|at)|employer(?: is)?:?|join(?:ed|ing|s)?` +
    String.raw`|spent (?:a|one|two|three|\w+) (?:year|years|months?) at|(?:the )?following year at` +
    String.raw`|(?:later )?became|acquired by|partnered with|is from|are from|intern(?:ed|ship)? at|hired by` +
    String.raw`|ceo of|founder of|co-founder of)\s*$`,
  'i',
);
/** Predicates after a name that make it an organisation ("X is the brainchild of", "X is a design agency"). */
const ORG_FOLLOW = new RegExp(
  String.raw`^ (?:is the brainchild|is a (?:\w+ ){0,2}` +
    String.raw`(?:company|agency|firm|startup|brand|platform|provider|business|organi[sz]ation)|was founded` +
    String.raw`|has been founded|employs|announced|acquired|launched|raised)\b`,
  'i',
);
/** Most words of one organisation name, commas and "and" included. */
const MAX_ORG_TOKENS = 9;

/**
 * The capitalised words from token `i` on one line, with "&", "and" and commas between them when another capitalised
 * word follows; a leading "The" (or a possessive) belongs to the sentence, not the name.
 */
function capitalisedRun(tokens: Token[], i: number): Token[] {
  const run: Token[] = [tokens[i]];
  let j = i + 1;
  while (j < tokens.length && run.length < MAX_ORG_TOKENS) {
    const n = tokens[j];
    if (n.lineStart) break;
    if (n.kind === 'word' && (n.cap || n.allCaps) && n.gapBefore === ' ') run.push(n);
    else if (n.text === '&' || n.lower === 'and' || n.text === ',') {
      const m = tokens[j + 1];
      if (!m || !(m.cap || (m.lower === 'and' && tokens[j + 2]?.cap)) || m.lineStart) break;
      run.push(n);
    } else break;
    j++;
  }
  while (run.length && run[run.length - 1].kind !== 'word') run.pop();
  // Leading "The" belongs to the sentence, not the name.
  while (run.length > 1 && /^(?:the|a|an|our|their|his|her|my)$/i.test(run[0].text)) run.shift();
  return run;
}

/** Index of the last company suffix ("Ltd", "GmbH") after the run's first word, or -1. */
function companySuffixAt(run: Token[]): number {
  for (let k = run.length - 1; k >= 1; k--) if (COMPANY_SUFFIXES.test(run[k].text)) return k;
  return -1;
}

/**
 * A firm's name without a suffix: partners listed with commas and "and" ("Baker, Hale and Ross"), or two name words
 * joined by a hyphen ("Lenz-Obrecht").
 */
function isFirmName(run: Token[], words: Token[], g: Gazetteers): boolean {
  const first = run[0];
  const firmStyle =
    words.length >= 3 &&
    run.some((r) => r.text === ',') &&
    run.some((r) => r.lower === 'and' || r.text === '&') &&
    words.every((w) => isNameWord(w.lower, g) || !tokenIsCommon(w, g));
  if (firmStyle) return true;
  return (
    words.length === 1 &&
    /^\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+$/u.test(first.text) &&
    first.text.split('-').every((p) => isNameWord(p.toLowerCase(), g))
  );
}

/**
 * Whether the words around the run `first`..`last` make it an organisation: an organisation noun after it
 * ("Quillon Labs"), a company predicate ("X was founded"), or an intro ("works at X").
 */
function namedByContext(text: string, tokens: Token[], first: Token, last: Token): boolean {
  const after = tokens[last.index + 1];
  const nounAfter = ORG_NOUNS.test(after?.text ?? '') && after?.gapBefore === ' ';
  return (
    nounAfter ||
    ORG_FOLLOW.test(text.slice(last.end, last.end + 60)) ||
    ORG_INTRO.test(lineBefore(text, first.start, 40))
  );
}

export function detectOrganizations(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' || !(t.cap || t.allCaps)) continue;
    const run = capitalisedRun(tokens, i);
    const first = run[0];
    const words = run.filter((r) => r.kind === 'word' && r.lower !== 'and');
    const end = companySuffixAt(run);
    const last = end >= 1 ? run[end] : run[run.length - 1];
    const distinctive = words.some((w) => !tokenIsCommon(w, g));
    if (end >= 1 || isFirmName(run, words, g)) {
      const stop = text[last.end] === '.' && /^(?:inc|ltd|corp|co)$/i.test(last.text) ? last.end + 1 : last.end;
      out.push({ type: 'ORGANIZATION', start: first.start, end: stop, score: 0.8 });
    } else if (
      ORG_NOUNS.test(last.text) &&
      words.length >= 2 &&
      (words.length >= 3 || words.slice(0, -1).some((w) => !tokenIsCommon(w, g)))
    ) {
      // "The Exversion Orchestra": the name is what stands before the noun.
      out.push({ type: 'ORGANIZATION', start: first.start, end: words[words.length - 2].end, score: 0.7 });
    } else if (distinctive && namedByContext(text, tokens, first, last)) {
      if (!(g.places.has(words.map((w) => w.lower).join(' ')) && mode !== 'aggressive')) {
        out.push({ type: 'ORGANIZATION', start: first.start, end: last.end, score: 0.65 });
      }
    }
    i = Math.max(i, last.index);
  }
  return out;
}
