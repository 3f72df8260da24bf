// Boilerplate lines set inside the story's own blocks, which no class word marks ("Subscribe to <our newsletter>",
// "Folgen Sie uns auf ..."). Each is recognised by its opening words (boilerplatePhrases.ts, per concept and
// language) and by its link structure, and only on short blocks.
import { BOILERPLATE_PHRASES, type BoilerplateConcept } from './boilerplatePhrases.js';
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { LONGEST } from './tunables.js';

/** Longest block each concept is looked for in: these lines are one sentence at most. */
const MAX_CHARS: Record<BoilerplateConcept, number> = { callToAction: 250 };
/** Code, tables and headings are never such lines. */
const SKIP_TAGS = new Set(['pre', 'code', 'table', 'thead', 'tbody', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A section or a list opened by such words is a part of the page (a "Subscriptions" section of a help page). */
const SECTION_TAGS = new Set(['section', 'article', 'ul', 'ol', 'dl', 'nav', 'aside']);
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const LETTER = /[\p{L}\p{N}]/u;

const CONCEPTS = Object.keys(BOILERPLATE_PHRASES) as BoilerplateConcept[];
/** Each concept's phrases of every language in one list, longest first ("follow us on" before "follow us"). */
const PHRASES = new Map<BoilerplateConcept, string[]>(
  CONCEPTS.map((c) => [
    c,
    Object.values(BOILERPLATE_PHRASES[c])
      .flat()
      .sort((a, b) => b.length - a.length),
  ]),
);

/** The rule id (see MAIN_CONTENT_RULES) that switches each concept. */
export const CONCEPT_RULES: Record<BoilerplateConcept, string> = {
  callToAction: 'inline-call-to-action',
};

/** The phrase of `concept` that `text` (lower-cased, spaces collapsed) opens with, or null. */
export function openingPhrase(text: string, concept: BoilerplateConcept): string | null {
  for (const phrase of PHRASES.get(concept)!) {
    if (!text.startsWith(phrase)) continue;
    const next = text.charAt(phrase.length);
    // a word phrase must end at a word's end ("donate" is not "donated"); CJK phrases end anywhere
    const wordEnd = next === '' || !LETTER.test(next) || !LETTER.test(phrase.charAt(phrase.length - 1));
    if (wordEnd || CJK.test(phrase)) return phrase;
  }
  return null;
}

/** Which concept a short block is, by its opening words and its links; null when it is none of them. */
export function boilerplateConcept(s: NodeStats, text: string): BoilerplateConcept | null {
  for (const concept of CONCEPTS) {
    if (s.text > MAX_CHARS[concept] || openingPhrase(text, concept) === null) continue;
    // a call to action links or has a button: the same words in a sentence of the story have neither
    if (concept === 'callToAction' && (s.links > 0 || s.controls > 0)) return concept;
  }
  return null;
}

/** Drops the short blocks inside `root` that are boilerplate lines (see boilerplateConcept) of the concepts `on`. */
export function dropInlineBoilerplate(
  root: NodeStats,
  removed: Set<NodeStats>,
  on: (rule: string) => boolean,
  trace?: TraceSink,
): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || SKIP_TAGS.has(s.el.localName)) continue;
    if (s.text > LONGEST || SECTION_TAGS.has(s.el.localName)) {
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
export function dropFigureCaptions(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
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
