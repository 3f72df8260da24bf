// What every street-address stage reads (issue 26, round 19): the text and its tokens with the call's gazetteers and
// mode, the two per-call tests the stages share (an address introduction just before a token, a street-type word
// after a name), and the token predicates all stages use. Built once per call by detectAddresses.ts, before any
// stage runs; holds no state between calls.
import type { Gazetteers } from './loadGazetteers.js';
import { lineBefore } from './nameSignals.js';
import type { PiiMode } from './piiTypes.js';
import type { Token } from './tokenizeText.js';
import { STREET_ABBREVIATIONS } from './addressWords.js';

/** Words that introduce an address. */
const ADDRESS_INTRO = new RegExp(
  String.raw`(?:\baddress(?:es)?\b[^.\n]{0,30}?(?:is|are|:|with)` +
    String.raw`|\b(?:lives?|living|located|situated|based|stay(?:ing)?|reside[sd]?|moved|meet(?: me| you)?` +
    String.raw`|drops? (?:you |me )?off|pick (?:me |you )?up|deliver(?:ed)?|send|sent|ship(?:ped)?|mail(?:ed)?` +
    String.raw`|return(?:ed)?|taxi|office is|shop is|store is|restaurant is|it is|it's|is at|are at` +
    String.raw`|enter)\b[^.\n]{0,25}?\b(?:at|on|to|in|is)|\b(?:at|on|to)|\buser\s*:` +
    String.raw`|\bhere (?:they|it) (?:are|is):|\bbilling address with|\bshipping address|\baddress)\s*$`,
  'i',
);
/** Last words of every ADDRESS_INTRO form: the regex runs only when the previous token is one of them. */
const INTRO_LAST_WORDS = new Set(['at', 'on', 'to', 'in', 'is', 'are', 'with', 'address', 'addresses', ':']);
/** Words between a house number and the street type ("14 [Crown] Street", "63 [Avenue du Golf Arabe]"). */
export const MAX_STREET_NAME_WORDS = 4;
/** Lines below a street line that may still belong to the address (unit, city, region, country + postcode). */
export const MAX_CONTINUATION_LINES = 5;
/** Tokens on one continuation line: an address line is short. */
export const MAX_TOKENS_PER_LINE = 12;
/** A four- or five-digit number that reads as a year, not a postcode, next to a city ("Paris 2024"). */
export const YEAR_LIKE = /^(?:1[89]|20)\d\d$/;

/** One call's input, read by every stage. */
export interface AddressScan {
  text: string;
  tokens: Token[];
  g: Gazetteers;
  mode: PiiMode;
  /** Whether an address introduction ("lives at", "Address:", "send it to") ends right before a token. */
  hasIntro: (t: Token) => boolean;
  /** A street-type word after a street name ("St", "Road"; listed lowercase types outside `fast`). */
  isSuffix: (t: Token) => boolean;
}

/** A street address's first and last token, as an anchor stage finds it and the grow stages widen it. */
export type Anchor = [number, number];

export function addressScan(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): AddressScan {
  const introCache = new Map<number, boolean>();
  const hasIntro = (t: Token) => {
    const p = tokens[t.index - 1];
    if (!p || !INTRO_LAST_WORDS.has(p.lower)) return false;
    let v = introCache.get(t.index);
    if (v === undefined) {
      v = ADDRESS_INTRO.test(lineBefore(text, t.start, 48));
      introCache.set(t.index, v);
    }
    return v;
  };
  const isSuffix = (t: Token) =>
    t.kind === 'word' &&
    (STREET_ABBREVIATIONS.has(t.lower) || (g.streetSuffixes.has(t.lower) && (t.cap || t.allCaps || mode !== 'fast')));
  return { text, tokens, g, mode, hasIntro, isSuffix };
}

export function isWord(t: Token | undefined): boolean {
  return !!t && t.kind === 'word';
}

/**
 * A whole number of at most six digits, not glued to letters ("WH46DBH500", "3rd", "24x7", "2D" are not house numbers).
 */
export function isNum(tokens: Token[], t: Token | undefined): boolean {
  if (t?.kind !== 'number' || t.text.length > 6) return false;
  const next = tokens[t.index + 1];
  const prev = tokens[t.index - 1];
  if (prev && t.gapBefore === '' && prev.kind === 'word') return false;
  // One letter glued after the number is a house-number suffix ("86B", "14b"); more letters make a model number.
  if (next && next.gapBefore === '' && next.kind === 'word' && next.text.length > 1) return false;
  return true;
}

export function sameLine(t: Token | undefined): boolean {
  return !!t && !t.lineStart;
}

/** Index of the next token, skipping one "." right after a word ("Apt. 5", "u. 15"). */
export function nextIdx(tokens: Token[], k: number): number {
  return tokens[k + 1]?.text === '.' && tokens[k + 1].gapBefore === '' ? k + 2 : k + 1;
}
