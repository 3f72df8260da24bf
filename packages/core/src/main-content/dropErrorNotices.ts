// Scripts ship the messages they show when a request fails ("Oops! Something went wrong. Please try again.", "There
// was an error retrieving your lists."), in blocks kept out of sight until then. Readers of a page that works never
// see them; a page that quotes such a message in its prose has more words around it than the message.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { NOTICE_MAX_CHARS, NOTICE_MIN_CHARS } from './tunables.js';

/** The whole text of an error notice: an apology, what failed, an invitation to retry (each part optional but one). */
const ERROR_NOTICE = new RegExp(
  String.raw`^(oops|opps|sorry|uh[- ]oh|whoops)?[!,.]? ?` +
    String.raw`(something went wrong|there (was|has been) (a|an) (problem|error)( [^.!?]{0,60})?` +
    String.raw`|an (unexpected )?error (has )?occurred( [^.!?]{0,40})?|unable to [^.!?]{1,60})?[.!]? ?` +
    String.raw`(please )?((try|refresh)( again| the page| your request again)?` +
    String.raw`( later| in a (few minutes|moment))?|reload the page)?[.!]?$`,
  'i',
);
/** One of these must be present: an apology alone ("Sorry!") is not a notice. */
const FAILURE = new RegExp(
  String.raw`something went wrong|there (was|has been) (a|an) (problem|error)|error (has )?occurred` +
    String.raw`|unable to |try again|try your request again`,
  'i',
);
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'pre', 'tt', 'var']);

/** Drops error notices inside `root` (see ERROR_NOTICE). Only childless elements of a notice's length are read, and
 *  only their own text nodes: no text is gathered for the rest of the page. */
export function dropErrorNotices(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s) || s.inCode) continue;
    if (s.children.length > 0) {
      for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
      continue;
    }
    if (s.text < NOTICE_MIN_CHARS || s.text > NOTICE_MAX_CHARS || s.linkText > 0) continue;
    // a message quoted inside a sentence or set as code is the page's text about it
    if (CODE_TAGS.has(s.el.localName) || (s.parent !== null && s.parent.ownGood > 0)) continue;
    const t = ownText(s.el);
    if (FAILURE.test(t) && ERROR_NOTICE.test(t)) {
      removed.add(s);
      dropped++;
    }
  }
  if (dropped > 0) trace?.push(`drop ${dropped} error notices ("Something went wrong. Please try again.")`);
}

function ownText(el: Element): string {
  let t = '';
  for (let n = el.firstChild; n !== null; n = n.nextSibling) if (n.nodeType === 3) t += (n as Text).data;
  return t.replace(/\s+/g, ' ').trim();
}
