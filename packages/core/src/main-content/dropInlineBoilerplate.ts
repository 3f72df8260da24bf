// Boilerplate lines set inside the story's own blocks, which no class word marks: "Read also: <another story>",
// "Photo: Agency", "Subscribe to our newsletter", "Share: f t in", "Tags: a, b, c". Each is recognised by its opening
// words (boilerplatePhrases.ts, per concept and language) and by its link structure, and only on short blocks.
import { BOILERPLATE_PHRASES, type BoilerplateConcept } from './boilerplatePhrases.js';
import type { NodeStats } from './measureTree.js';

/** Longest block each concept is looked for in: these lines are one sentence at most. */
const MAX_CHARS: Record<BoilerplateConcept, number> = { readAlso: 250, credit: 150, callToAction: 250, share: 150, tags: 300 };
const LONGEST = 300;
/** A "read also" promo is mostly its link (the other story's title), one to a few links. */
const PROMO_MIN_LINK_SHARE = 0.3;
const PROMO_MAX_LINKS = 3;
/** A share or tag line is its label and then links (or buttons). */
const LIST_MIN_LINK_SHARE = 0.5;
/** Code, tables and headings are never such lines. */
const SKIP_TAGS = new Set(['pre', 'code', 'table', 'thead', 'tbody', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A section or a list opened by such words is a part of the page ("Related work", a docs page's "See also" list). */
const SECTION_TAGS = new Set(['section', 'article', 'ul', 'ol', 'dl', 'nav', 'aside']);
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const LETTER = /[\p{L}\p{N}]/u;

const CONCEPTS = Object.keys(BOILERPLATE_PHRASES) as BoilerplateConcept[];
/** Each concept's phrases of every language in one list, longest first (so "share on" is tried before "share"). */
const PHRASES = new Map<BoilerplateConcept, string[]>(
  CONCEPTS.map((c) => [c, Object.values(BOILERPLATE_PHRASES[c]).flat().sort((a, b) => b.length - a.length)]),
);

/** The phrase of `concept` that `text` (lower-cased, spaces collapsed) opens with, or null. */
export function openingPhrase(text: string, concept: BoilerplateConcept): string | null {
  for (const phrase of PHRASES.get(concept)!) {
    if (!text.startsWith(phrase)) continue;
    const next = text.charAt(phrase.length);
    // a word phrase must end at a word's end ("share" is not "shared"); CJK phrases and "Photo:" end anywhere
    if (next === '' || !LETTER.test(next) || !LETTER.test(phrase.charAt(phrase.length - 1)) || CJK.test(phrase)) return phrase;
  }
  return null;
}

/** Which concept a short block is, by its opening words and its links; null when it is none of them. */
export function boilerplateConcept(s: NodeStats, text: string): BoilerplateConcept | null {
  for (const concept of CONCEPTS) {
    if (s.text > MAX_CHARS[concept]) continue;
    const phrase = openingPhrase(text, concept);
    if (phrase === null) continue;
    const rest = Math.max(0, s.text - phrase.replace(/\s+/g, '').length);
    if (concept === 'credit') return concept;
    if (concept === 'readAlso' && s.links >= 1 && s.links <= PROMO_MAX_LINKS && s.linkText >= PROMO_MIN_LINK_SHARE * s.text) return concept;
    if (concept === 'callToAction' && (s.links > 0 || s.controls > 0)) return concept;
    if ((concept === 'share' || concept === 'tags') && s.links + s.controls > 0 && s.linkText >= LIST_MIN_LINK_SHARE * rest) return concept;
  }
  return null;
}

/** The rule id (see MAIN_CONTENT_RULES) that switches each concept. */
export const CONCEPT_RULES: Record<BoilerplateConcept, string> = {
  readAlso: 'inline-read-also',
  credit: 'inline-credit',
  callToAction: 'inline-call-to-action',
  share: 'inline-share',
  tags: 'inline-tags',
};

/** Drops the short blocks inside `root` that are boilerplate lines (see boilerplateConcept) of the concepts `on`. */
export function dropInlineBoilerplate(root: NodeStats, removed: Set<NodeStats>, on: (rule: string) => boolean, trace?: string[]): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || SKIP_TAGS.has(s.el.localName)) continue;
    if (s.text > LONGEST) {
      for (const c of s.children) stack.push(c);
      continue;
    }
    if (SECTION_TAGS.has(s.el.localName)) {
      for (const c of s.children) stack.push(c);
      continue;
    }
    const text = (s.el.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    const concept = boilerplateConcept(s, text);
    if (concept === null || !on(CONCEPT_RULES[concept])) continue;
    removed.add(s);
    trace?.push(`drop ${s.el.localName} "${text.slice(0, 40)}": a ${concept} line`);
  }
}

/** Drops figure captions (<figcaption>): both benchmark truths leave a picture's caption out of the text. */
export function dropFigureCaptions(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  let dropped = 0;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    if (s.el.localName === 'figcaption') {
      removed.add(s);
      dropped++;
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} figure captions`);
}
