// Scripts ship the messages they show when a request fails ("Oops! Something went wrong. Please try again.", "There
// was an error retrieving your lists."), in blocks kept out of sight until then. Readers of a page that works never
// see them; a page that quotes such a message in its prose has more words around it than the message.
import type { NodeStats } from './measureTree.js';

/** The whole text of an error notice: an apology, what failed, an invitation to retry (each part optional but one). */
const ERROR_NOTICE = /^(oops|opps|sorry|uh[- ]oh|whoops)?[!,.]? ?(something went wrong|there (was|has been) (a|an) (problem|error)( [^.!?]{0,60})?|an (unexpected )?error (has )?occurred( [^.!?]{0,40})?|unable to [^.!?]{1,60})?[.!]? ?(please )?((try|refresh)( again| the page| your request again)?( later| in a (few minutes|moment))?|reload the page)?[.!]?$/i;
/** One of these must be present: an apology alone ("Sorry!") is not a notice. */
const FAILURE = /something went wrong|there (was|has been) (a|an) (problem|error)|error (has )?occurred|unable to |try again|try your request again/i;
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'pre', 'tt', 'var']);
/** Notices are short; longer blocks are read through their children. */
const NOTICE_MAX_CHARS = 120;

/** Drops error notices inside `root` (see ERROR_NOTICE). Reads the root's text once; most pages stop there. */
export function dropErrorNotices(root: NodeStats, removed: Set<NodeStats>, trace?: string[]): void {
  if (!FAILURE.test(root.el.textContent ?? '')) return;
  const stack: NodeStats[] = [...root.children];
  let dropped = 0;
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s) || s.inCode) continue;
    if (s.text <= NOTICE_MAX_CHARS) {
      const t = (s.el.textContent ?? '').replace(/\s+/g, ' ').trim();
      // a message quoted inside a sentence or set as code is the page's text about it
      const quoted = CODE_TAGS.has(s.el.localName) || (s.parent !== null && s.parent.ownGood > 0);
      if (!quoted && FAILURE.test(t) && ERROR_NOTICE.test(t)) {
        removed.add(s);
        dropped++;
        continue;
      }
    }
    for (const c of s.children) stack.push(c);
  }
  if (dropped > 0) trace?.push(`drop ${dropped} error notices ("Something went wrong. Please try again.")`);
}
