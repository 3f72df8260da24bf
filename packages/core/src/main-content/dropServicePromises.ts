// Shops set their service promises in a strip of short tiles beside the buy button or under the description: "Free
// shipping", "30-day returns", "2-year warranty", "Secure checkout". The strip is the same on every product of the
// shop; the product's own features, set in the same kind of tiles, do not speak of shipping, returns or guarantees.
import type { NodeStats } from './measureTree.js';
import { groupChildren } from './groupChildren.js';
import type { TraceSink } from './traceEvents.js';
import { PROMISE_MIN_TILES, PROMISE_SHARE, STRIP_MIN_TILES, TILE_MAX_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** What a service promise speaks of (no closing word boundary: a tile's title often runs into its text). */
const PROMISE = new RegExp(
  String.raw`\b(shipping|delivery|returns?|refunds?|exchanges?|warranty|guarantee|money[- ]back` +
    String.raw`|secure (checkout|payment)|checkout|dispatch|ships\b)`,
  'i',
);
/** Questions (an FAQ on shipping and returns) and labelled fields ("Return for refund within: 30 days", a
 *  specification sheet) are the product's information, not a promise strip. */
const FIELD_OR_QUESTION = /\?|\w: ?\S/;

/** Drops service-promise strips inside `root` on a product page. Extends `removed`. */
export function dropServicePromises(
  root: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.inCode) continue;
    if (s.children.length >= STRIP_MIN_TILES && s.text <= TILE_MAX_CHARS * s.children.length) {
      dropPromiseTiles(s, removed, signature, trace);
    }
    for (const c of s.children) if (c.text > TILE_MAX_CHARS && !removed.has(c)) stack.push(c);
  }
}

/** Drops the groups of short like tiles under `s` that mostly speak of service promises and hold no field. */
function dropPromiseTiles(
  s: NodeStats,
  removed: Set<NodeStats>,
  signature: (s: NodeStats) => string,
  trace?: TraceSink,
): void {
  for (const [sig, g] of groupChildren(
    s,
    signature,
    (c) => c.text > 0 && c.text <= TILE_MAX_CHARS && !removed.has(c),
  )) {
    if (g.length < STRIP_MIN_TILES) continue;
    const promises = countPromises(g);
    if (promises === null || promises < PROMISE_MIN_TILES || promises < PROMISE_SHARE * g.length) continue;
    for (const c of g) removed.add(c);
    trace?.push(
      `drop ${g.length} tiles ${sig} under ${s.el.localName}: ` +
        `service promises (shipping, returns, warranty in ${promises})`,
    );
  }
}

/** How many tiles speak of a service promise; null when any tile is a question or a labelled field. */
function countPromises(tiles: NodeStats[]): number | null {
  let promises = 0;
  let fields = 0;
  for (const c of tiles) {
    const t = wholeText(c);
    if (PROMISE.test(t)) promises++;
    if (FIELD_OR_QUESTION.test(t)) fields++;
  }
  return fields > 0 ? null : promises;
}
