// A product page tells the shopper how many are left and how many others are looking ("In stock", "Low in stock, only
// 6 left", "Just a few left. Order soon!", "16 people are viewing this right now"): a live notice of the shop's stock
// that changes by the hour, not the product's text.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { STOCK_NOTICES_NOTICE_MAX_CHARS } from './tunables.js';
import { squeezedText } from './textPieces.js';

/** One clause of a stock or urgency notice. "6 left in stock" is two clauses, "6 left" and "in stock": written as one
 *  clause too (`\d+ (left|remaining)( in stock)?`), each such phrase could be read two ways, and a block of them that
 *  does not match was tried every way (exponential). */
const NOTICE =
  String.raw`(in stock|low (in )?stock|(only )?\d+ (left|remaining)|(only |just )?a few left|currently unavailable` +
  String.raw`|ready to ship|order soon|\d+ (people|others|shoppers) (are )?(viewing|looking at) this( item| product)?` +
  String.raw`( right now)?)`;
/** A block that is nothing but such clauses ("In stock. Ready to ship"); a count beside the word ("In stock (1)") or
 *  any other word makes it a field of the product's data, which stays. */
export const STOCK_NOTICE = new RegExp(String.raw`^${NOTICE}([.,!:;]?\s*${NOTICE})*[.!]?$`, 'i');

/** Drops stock and urgency notices inside `root` on a product page. Extends `removed`. */
export function dropStockNotices(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0 || s.inCode) continue;
    if (s.text <= STOCK_NOTICES_NOTICE_MAX_CHARS && STOCK_NOTICE.test(squeezedText(s))) {
      removed.add(s);
      trace?.push(`drop ${s.el.localName} text=${s.text}: a stock notice`);
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
}
