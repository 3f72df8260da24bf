// Responsive layouts ship one block several times (a desktop, a tablet and a mobile copy of the same banner, spec
// list or variant picker), often nested inside a larger block that is itself unique. Only the first copy is content.
import type { NodeStats } from './measureTree.js';
import { isInside, isInsideAny, type RefrainTest } from './treeRelations.js';
import { compactText } from './textPieces.js';
import type { TraceSink } from './traceEvents.js';
import { LAYOUT_DUPLICATE_MAX_CHARS, LAYOUT_DUPLICATE_MIN_CHARS } from './tunables.js';

/**
 * Marks later copies of a block's exact text as removed, at any depth inside the root: blocks of the same visible
 * length are the only candidates, so only their text is read. A copy nested inside its own original (a wrapper and
 * its only child) is the same block, not a copy; a repeat that `isKept` names (a refrain) stays
 * (see isRefrain). `removed` is extended in place.
 */
export function dropLayoutDuplicates(
  root: NodeStats,
  removed: Set<NodeStats>,
  isKept: RefrainTest,
  trace?: TraceSink,
): void {
  const { candidates, lengths } = copyCandidates(root, removed);
  // the first block of each text, by its length, then its text without whitespace: one key per length and text, and
  // no key string joined (and flattened to be hashed) per block
  const first = new Map<number, Map<string, NodeStats>>();
  const dropped = new Set<NodeStats>();
  // a wrapper and its only text child have one text: it is read once per chain (candidates come in document order)
  const keys = new Map<NodeStats, string>();
  for (const s of candidates) {
    if ((lengths.get(s.text) ?? 0) < 2) continue;
    const outer = s.parent !== null && s.parent.text === s.text ? keys.get(s.parent) : undefined;
    const key = outer ?? compactText(s);
    keys.set(s, key);
    let sameLength = first.get(s.text);
    if (sameLength === undefined) {
      sameLength = new Map();
      first.set(s.text, sameLength);
    }
    const original = sameLength.get(key);
    if (original === undefined) {
      sameLength.set(key, s);
      continue;
    }
    if (
      isInside(s, original) ||
      isInsideAny(s, dropped, root) ||
      !(areSiblingCopies(original, s) || sameId(original, s))
    )
      continue;
    if (isKept(s, original)) continue;
    dropped.add(s);
    removed.add(s);
    trace?.push(
      `drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} ` +
        `text=${s.text}: repeats an earlier block (layout copy)`,
    );
  }
}

/** The blocks under `root` that may be copies (by their length), in document order, and how many have each
 *  length. */
function copyCandidates(
  root: NodeStats,
  removed: Set<NodeStats>,
): { candidates: NodeStats[]; lengths: Map<number, number> } {
  const candidates: NodeStats[] = [];
  const lengths = new Map<number, number>();
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text < LAYOUT_DUPLICATE_MIN_CHARS) continue;
    if (s !== root && s.text <= LAYOUT_DUPLICATE_MAX_CHARS) {
      candidates.push(s);
      lengths.set(s.text, (lengths.get(s.text) ?? 0) + 1);
    }
    for (let i = s.children.length - 1; i >= 0; i--) stack.push(s.children[i]);
  }
  return { candidates, lengths };
}

/** Whether two blocks are children of one parent, looking through wrappers that hold nothing else (a desktop and a
 *  mobile copy side by side). Copies further apart are repeats the author meant (a caption under each picture). */
function areSiblingCopies(a: NodeStats, b: NodeStats): boolean {
  const top = (s: NodeStats): NodeStats => {
    let n = s;
    while (n.parent !== null && textChildren(n.parent) === 1) n = n.parent;
    return n;
  };
  const ta = top(a);
  const tb = top(b);
  return ta !== tb && ta.parent !== null && ta.parent === tb.parent;
}

/** Two blocks with one id (which HTML wants unique) and one text are one template rendered twice (desktop tabs and a
 *  mobile accordion of the same panels), wherever they sit. */
function sameId(a: NodeStats, b: NodeStats): boolean {
  const id = a.el.getAttribute('id');
  return id !== null && id !== '' && id === b.el.getAttribute('id');
}

function textChildren(s: NodeStats): number {
  let n = 0;
  for (let i = 0; i < s.children.length; i++) {
    const c = s.children[i];
    if (c.text > 0) n++;
  }
  return n;
}
