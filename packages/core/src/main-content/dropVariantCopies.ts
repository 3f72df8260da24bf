// Responsive cards often ship two layouts of one item side by side (a "mobile" and a "desktop" card), where one
// layout leaves out a field or two: not an exact copy, so dropLayoutDuplicates misses it. A sibling block whose every
// text piece also appears in a sibling of similar size is such a variant: only the fuller one is content.
import type { NodeStats } from './measureTree.js';
import { forEachTextPiece } from './textPieces.js';
import type { TraceSink } from './traceEvents.js';
import {
  VARIANT_MAX_CHARS,
  VARIANT_MAX_SIBLINGS,
  VARIANT_MIN_CHARS,
  VARIANT_MIN_PIECES,
  VARIANT_MIN_SHARE,
} from './tunables.js';

/** Tables and code repeat cells and lines by nature. */
const SKIP_TAGS = new Set(['table', 'pre', 'code', 'tr', 'tbody', 'ul', 'ol', 'dl']);

/** Marks the smaller of two sibling layouts of one card as removed (see above). `removed` is extended in place. */
export function dropVariantCopies(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s)) continue;
    const kids: NodeStats[] = [];
    for (let i = 0; i < s.children.length; i++) {
      const c = s.children[i];
      if (c.text > 0 && !removed.has(c)) kids.push(c);
    }
    if (
      kids.length >= 2 &&
      kids.length <= VARIANT_MAX_SIBLINGS &&
      !SKIP_TAGS.has(s.el.localName) &&
      dropShorterLayouts(kids, removed, signature, trace)
    )
      continue;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i];
      if (c.text >= VARIANT_MIN_CHARS) stack.push(c);
    }
  }
}

/** Drops each of `kids` that is a shorter layout of a sibling; true if one was dropped. */
function dropShorterLayouts(
  kids: NodeStats[],
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): boolean {
  const pieces = new Map<NodeStats, Set<string>>();
  const piecesOf = (n: NodeStats): Set<string> => {
    let p = pieces.get(n);
    if (p === undefined) {
      p = textPieces(n);
      pieces.set(n, p);
    }
    return p;
  };
  let dropped = false;
  for (let i = 0; i < kids.length; i++) {
    const b = kids[i];
    if (b.text < VARIANT_MIN_CHARS || b.text > VARIANT_MAX_CHARS || SKIP_TAGS.has(b.el.localName)) continue;
    if (!hasFullerLayout(b, kids, removed, signature, piecesOf)) continue;
    removed.add(b);
    dropped = true;
    trace?.push(
      `drop ${b.el.localName}.${b.cls.trim().split(/\s+/).slice(0, 2).join('.')} ` +
        `text=${b.text}: a shorter layout of its sibling (every text piece repeats there)`,
    );
  }
  return dropped;
}

/** Whether a sibling of `b`, at least as long and unlike it, holds every text piece of `b`. */
function hasFullerLayout(
  b: NodeStats,
  kids: NodeStats[],
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  piecesOf: (n: NodeStats) => Set<string>,
): boolean {
  for (let i = 0; i < kids.length; i++) {
    const a = kids[i];
    if (
      a === b ||
      removed.has(a) ||
      a.text < b.text ||
      (a.text === b.text && a.order > b.order) ||
      b.text < VARIANT_MIN_SHARE * a.text
    )
      continue;
    if (signature(a) === signature(b)) continue; // siblings alike are items of a list, judged apart
    const pb = piecesOf(b);
    if (pb.size < VARIANT_MIN_PIECES) return false;
    const pa = piecesOf(a);
    let all = true;
    for (const t of pb) if (!pa.has(t)) all = false;
    if (all) return true;
  }
  return false;
}

/** The normalized texts of the pieces (titles, dates, prices) inside `s`. */
function textPieces(s: NodeStats): Set<string> {
  const out = new Set<string>();
  forEachTextPiece(s, (t) => out.add(t.replace(/\s+/g, ' ').trim().toLowerCase()));
  return out;
}
