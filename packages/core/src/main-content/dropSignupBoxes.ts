// Sign-up boxes set inside a story: a newsletter or alerts form (an e-mail field) with its pitch, its consent line
// and its "thanks for signing up" message, which a script shows or hides. The form itself goes as controls
// (prune-controls), but the words around it stay: "Be the first to know!", "By signing up, you agree to…" — in any
// language, so the box is found by its e-mail field, not by its words. The box is the highest block around the field
// that stays short: a story's paragraph beside the form makes its parent long, so the climb stops below it.
import type { NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { SIGNUP_BOX_MAX_CHARS } from './tunables.js';

/** An input's type, name or autocomplete that asks for an e-mail address (a search or password field does not). */
const EMAIL_WORDS = ['email', 'e-mail', 'mail'];

/** Whether `el` is a field asking for an e-mail address. */
function isEmailField(el: Element): boolean {
  if (el.localName !== 'input') return false;
  const type = el.getAttribute('type')?.toLowerCase();
  if (type === 'email') return true;
  if (type !== undefined && type !== 'text') return false;
  for (const name of ['name', 'autocomplete', 'placeholder']) {
    const v = el.getAttribute(name)?.toLowerCase();
    if (v !== undefined && EMAIL_WORDS.some((w) => v.includes(w))) return true;
  }
  return false;
}

/** Drops the short blocks inside `root` built around an e-mail field (sign-up boxes). */
export function dropSignupBoxes(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const boxes = new Set<NodeStats>();
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    // removed blocks are walked too: the form itself has gone as controls by now, its field is still the mark
    const s = stack.pop()!;
    if (s.controls > 0 && isEmailField(s.el)) {
      const box = signupBox(s, root);
      if (box !== null) boxes.add(box);
      continue;
    }
    if (s.controls > 0) for (const c of s.children) stack.push(c);
  }
  for (const box of boxes) {
    // a box inside another found box, or inside a block already dropped, goes with it
    let gone = removed.has(box);
    for (let p = box.parent; p !== null && p !== root; p = p.parent) if (boxes.has(p) || removed.has(p)) gone = true;
    if (gone) continue;
    removed.add(box);
    trace?.push(`drop ${box.el.localName} text=${box.text}: a sign-up box (e-mail field)`);
  }
}

/** The highest block around the field below `root` whose text stays short; null when even the field's own block
 *  holds text of the story (the field's parent is long). */
function signupBox(field: NodeStats, root: NodeStats): NodeStats | null {
  let box: NodeStats | null = null;
  for (let p = field.parent; p !== null && p !== root && p.text <= SIGNUP_BOX_MAX_CHARS; p = p.parent) box = p;
  return box !== null && box.text > 0 ? box : null;
}
