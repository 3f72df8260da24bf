// Boards, Q&A sites and blogs tell a logged-out reader how to take part ("You must log in or register to reply
// here.", "You must log in to answer this question.", "Create an account or sign in to comment"): an invitation in
// place of the reply form, not part of the thread or the story.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { LOGIN_PROMPT_MAX_CHARS, LOGIN_PROMPT_MIN_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** A prompt to log in, sign in or register in order to reply, answer, comment or post. */
const LOGIN_PROMPT = new RegExp(
  String.raw`^((you|u) (must|need to|have to) (be )?|please )?` +
    String.raw`(log(ged)? ?in|sign(ed)? ?in|sign ?up|register(ed)?|create an account` +
    String.raw`|join( now| us)?)\b.{0,40}?\bto (reply|answer|comment|post|respond|participate|vote` +
    String.raw`|join the (discussion|conversation))\b`,
  'i',
);

/** What every prompt holds, looked for once in the root's whole text: a block's text is a run of it, so a root
 *  without these words holds no prompt and no block is read (most pages; the root's text is read anyway, see
 *  pruneBlocks). The closing word boundary of LOGIN_PROMPT is left out: in the root, other text may follow. */
const LOGIN_PROMPT_GATE =
  /\bto (reply|answer|comment|post|respond|participate|vote|join the (discussion|conversation))/i;

/** Drops log-in prompts inside `root` (see LOGIN_PROMPT); only the outermost short blocks are read. */
export function dropLoginPrompts(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  if (!LOGIN_PROMPT_GATE.test(wholeText(root))) return;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.text === 0 || removed.has(s)) continue;
    if (s.text <= LOGIN_PROMPT_MAX_CHARS) {
      // the outermost short block is read once: a prompt opens it (the box around it goes too)
      if (s.text >= LOGIN_PROMPT_MIN_CHARS && !s.isLink && LOGIN_PROMPT.test(wholeText(s).trim())) {
        removed.add(s);
        trace?.push(
          `drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} text=${s.text}: a log-in prompt`,
        );
      }
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
}
