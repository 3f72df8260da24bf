// Boilerplate lines a template sets inside the story's own blocks, which no class word marks: calls to action
// ("Subscribe to <our newsletter>", "Folgen Sie uns auf …"). A concept is recognised by its cue words (vocabulary/,
// one data file per concept with a list per language, all matched by one CueMatcher) and by its shape: only short
// blocks, and a shape check per concept (a call to action links or has a button). The same words inside a sentence
// of the story meet neither condition. "Read also" promos, photo credits, bylines, update stamps, share and tag
// lines were built the same way and measured: they did not pass the acceptance check (docs/decisions.md, "Main
// content: boilerplate vocabulary as data"); a concept comes back as one data file and one shape check.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import type { RuleSwitch } from './ruleContext.js';
import { LONGEST, OPENING_CHARS } from './tunables.js';
import { CALL_TO_ACTION_CUES } from './vocabulary/callsToAction.js';
import { type CueMatch, CueMatcher, normaliseCueText } from './vocabulary/cueMatcher.js';

/** The kinds of line, each switched by its own rule id (MAIN_CONTENT_RULES) for the ablation report. */
export type VocabularyConcept = 'callToAction';

const VOCABULARY_RULES: Readonly<Record<VocabularyConcept, string>> = {
  callToAction: 'inline-call-to-action',
};

/** Longest block of each concept: a call to action is one sentence at most. */
const MAX_CHARS: Readonly<Record<VocabularyConcept, number>> = { callToAction: LONGEST };
/** Code, tables and headings are never such lines. */
const SKIP_TAGS = new Set(['pre', 'code', 'table', 'thead', 'tbody', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** A section or a list opened by such words is a part of the page (a "Subscriptions" section of a help page). */
const SECTION_TAGS = new Set(['section', 'article', 'ul', 'ol', 'dl', 'nav', 'aside']);

const MATCHERS: Readonly<Record<VocabularyConcept, CueMatcher>> = {
  callToAction: new CueMatcher(CALL_TO_ACTION_CUES),
};
const CONCEPTS = Object.keys(MATCHERS) as VocabularyConcept[];

/** Per concept: can the block or a part of it be such a line? Counts of the subtree only, so a block that cannot
 *  has no part that can, and neither its text is read nor its parts visited. */
const MAY_HOLD: Readonly<Record<VocabularyConcept, (s: NodeStats) => boolean>> = {
  // a call to action links or has a button: the same words opening a sentence of the story have neither
  callToAction: (s) => s.links > 0 || s.controls > 0,
};
/** Per concept: does the block (`s`, its text normalised as `norm`), opened by `cue`, have the shape of such a line? */
const SHAPE_CHECKS: Readonly<Record<VocabularyConcept, (s: NodeStats, norm: string, cue: CueMatch) => boolean>> = {
  callToAction: (s) => MAY_HOLD.callToAction(s),
};

export interface DropVocabularyOptions {
  /** Which rules run (all but the disabled ones); a language is switched off by the id `vocabulary-<code>`. */
  on: RuleSwitch;
  trace?: TraceSink;
}

/** Drops the short blocks inside `root` that are boilerplate lines of the switched-on concepts. */
export function dropVocabularyBoilerplate(
  root: NodeStats,
  removed: Set<NodeStats>,
  options: DropVocabularyOptions,
): void {
  // the switched-on concepts, asked once rather than at every block
  const active = CONCEPTS.filter((c) => options.on(VOCABULARY_RULES[c]));
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || SKIP_TAGS.has(s.el.localName)) continue;
    if (!mayHoldAny(active, s)) continue;
    if (s.text <= LONGEST && !SECTION_TAGS.has(s.el.localName)) {
      const text = openingText(s.el, OPENING_CHARS);
      const concept = conceptOf(s, normaliseCueText(text), options.on);
      if (concept !== null) {
        removed.add(s);
        dropped++;
        options.trace?.push(`drop ${s.el.localName} "${text.slice(0, 40)}": a ${concept} line`);
        continue;
      }
    }
    // not a line itself: its parts may be ("<div><p>Story …</p><p>Follow us on <a>…</a></p></div>")
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) options.trace?.push(`drop ${dropped} vocabulary boilerplate lines`);
}

/** Whether the block or a part of it can be a line of one of `concepts` (see MAY_HOLD). */
function mayHoldAny(concepts: readonly VocabularyConcept[], s: NodeStats): boolean {
  for (const c of concepts) if (MAY_HOLD[c](s)) return true;
  return false;
}

/** Which concept a short block is, or null. */
function conceptOf(s: NodeStats, norm: string, on: RuleSwitch): VocabularyConcept | null {
  for (const concept of CONCEPTS) {
    if (s.text > MAX_CHARS[concept] || !on(VOCABULARY_RULES[concept])) continue;
    const cue = MATCHERS[concept].matchAt(norm);
    if (cue === null || !cue.languages.some((l) => on(`vocabulary-${l}`))) continue;
    if (SHAPE_CHECKS[concept](s, norm, cue)) return concept;
  }
  return null;
}

/** The first `max` characters of an element's text (runs of white space as one space), read without walking the
 *  rest: blocks are read at every depth, and their openings are all a cue needs. */
function openingText(el: Element, max: number): string {
  // a pre-order walk by first child and next sibling (no child list is copied), stopping once enough is read
  let out = '';
  let n: Node | null = el.firstChild;
  while (n !== null && out.length < 2 * max) {
    if (n.nodeType === 3) out += (n as Text).data;
    let next: Node | null = n.nodeType === 1 ? n.firstChild : null;
    for (let at: Node | null = n; next === null && at !== null && at !== el; at = at.parentNode) next = at.nextSibling;
    n = next;
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}
