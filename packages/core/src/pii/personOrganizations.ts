// Round 13 person vetoes (issue 26): the boundary between people and organisations in the slots both fill — a
// greeting, a list, "X said that", "says X", "according to X", a stated age, a sentence's subject. No cue of such a
// slot tells "Good morning Spotify," from "Good morning Anna,"; the word itself does, by one of two kinds of
// organisation evidence: a known company or brand (cspell's company dictionary, `Gazetteers.organizations`), or the
// same text showing the word as a company elsewhere (a corporate suffix after it, an apposition naming a kind of
// company, a possessive before what only a company has). Token tests only.
import type { Gazetteers } from './loadGazetteers.js';
import { isCommonWord, isNameWord } from './nameSignals.js';
import {
  COMPANY_SUFFIX_WORDS,
  ORGANIZATION_APPOSITION_NOUNS,
  ORGANIZATION_KIND_MODIFIERS,
  ORGANIZATION_POSSESSIONS,
} from './personOrganizationWords.js';
import type { Token } from './tokenizeText.js';

const SUFFIXES = new Set<string>(COMPANY_SUFFIX_WORDS);
const APPOSITION_NOUNS = new Set<string>(ORGANIZATION_APPOSITION_NOUNS);
const POSSESSIONS = new Set<string>(ORGANIZATION_POSSESSIONS);
const KIND_MODIFIERS = new Set<string>(ORGANIZATION_KIND_MODIFIERS);

const isPossessive = (t: Token | undefined) => t?.text === "'s" || t?.text === '’s';

/** "Quillon Ltd", "Norrvale Group": a company suffix right after the word, on its line. */
function suffixAfter(tokens: Token[], t: Token): boolean {
  const n = tokens[t.index + 1];
  return n?.kind === 'word' && n.cap && n.gapBefore === ' ' && SUFFIXES.has(n.lower);
}

/** "Tavistra, the software firm,": a comma, "the" or "a", at most two lowercase words, then a kind of company. */
function organizationApposition(tokens: Token[], t: Token): boolean {
  if (tokens[t.index + 1]?.text !== ',') return false;
  const det = tokens[t.index + 2]?.lower;
  if (det !== 'the' && det !== 'a' && det !== 'an') return false;
  for (let k = t.index + 3; k <= t.index + 5; k++) {
    const n = tokens[k];
    if (n?.kind !== 'word' || n.cap) return false;
    if (APPOSITION_NOUNS.has(n.lower)) return true;
  }
  return false;
}

/** "Nvidia's shares", "Tesco's profits": a possessive, then at most one lowercase word, then what a company has. */
function organizationPossession(tokens: Token[], t: Token): boolean {
  if (!isPossessive(tokens[t.index + 1])) return false;
  for (let k = t.index + 2; k <= t.index + 3; k++) {
    const n = tokens[k];
    if (n?.kind !== 'word' || n.cap) return false;
    if (POSSESSIONS.has(n.lower)) return true;
  }
  return false;
}

/** The lowercase word right after `t` on its line, by one space, or undefined. */
function lowerWordAfter(tokens: Token[], t: Token): Token | undefined {
  const n = tokens[t.index + 1];
  return n?.kind === 'word' && !n.cap && n.gapBefore === ' ' ? n : undefined;
}

/**
 * "the Reuters news agency", "a Skyvara airline jet", "Norvanta company": a kind of organisation named right after
 * the word (or after one modifier of such a kind, "news", "software"). Round 21: a word no list knows, shown so
 * anywhere in the text, is the organisation in the slots a person fills too ("says Reuters"). Words of a name or
 * place list keep their judgement ("a Wellington firm", "the Smith company" name a place or a person's firm).
 */
function kindNounAfter(tokens: Token[], t: Token, g: Gazetteers): boolean {
  let n = lowerWordAfter(tokens, t);
  if (n && KIND_MODIFIERS.has(n.lower)) n = lowerWordAfter(tokens, n);
  if (!n || !APPOSITION_NOUNS.has(n.lower)) return false;
  return !isNameWord(t.lower, g) && !g.places.has(t.lower) && !isCommonWord(t.lower, g);
}

/**
 * Lowercased capitalised words the text itself shows as organisations (one pass, asked once per text): a company
 * suffix after one ("Quillon Ltd makes doors" makes an earlier "Quillon said" the company too), an apposition naming
 * a kind of company, a possessive before a company's shares, profits, stores or staff, a kind of company after one.
 */
export function organizationsInText(tokens: Token[], g: Gazetteers): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'word' || !t.cap || t.allCaps || SUFFIXES.has(t.lower)) continue;
    if (suffixAfter(tokens, t) || organizationApposition(tokens, t) || organizationPossession(tokens, t))
      out.add(t.lower);
    else if (kindNounAfter(tokens, t, g)) out.add(t.lower);
  }
  return out;
}

/** A known company or brand ("Vodafone", "McDonald's" with its possessive), or one the text shows as a company. */
export function organizationWord(tokens: Token[], t: Token, g: Gazetteers, inText: ReadonlySet<string>): boolean {
  if (inText.has(t.lower) || g.organizations.has(t.lower)) return true;
  return isPossessive(tokens[t.index + 1]) && g.organizations.has(`${t.lower}'s`);
}

/**
 * A run that names an organisation: each word an organisation word or a company suffix ("Quillon Ltd"), one at least
 * an organisation word.
 */
export function organizationRun(
  tokens: Token[],
  words: readonly Token[],
  g: Gazetteers,
  inText: ReadonlySet<string>,
): boolean {
  let org = false;
  for (const w of words) {
    if (organizationWord(tokens, w, g, inText)) org = true;
    else if (!SUFFIXES.has(w.lower)) return false;
  }
  return org;
}
