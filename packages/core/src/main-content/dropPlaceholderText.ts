// Page templates ship filler text ("Lorem ipsum dolor sit amet...") in blocks that stylesheets or scripts keep out of
// sight (an unused slide, an empty feature card), and client-side templates ship their unrendered bindings
// ("{{ product.price }}") until a script fills them in, and data dumps and unconverted embeds show the bare address of
// a picture or video file ("https://cdn.example/img/tee_bone_thumb.jpg") where a script would put the picture or the
// player, and blocks a script fills later say "Loading..." until it does: no reader ever sees any of these as the
// page's text.
import type { NodeStats } from './measureTree.js';
import { isInsideAny } from './treeRelations.js';
import type { TraceSink } from './traceEvents.js';
import { LOADING_MAX_CHARS, STUB_MAX_CHARS } from './tunables.js';
import { wholeText } from './textPieces.js';

/** The opening of the filler text every template uses. */
const PLACEHOLDER = /\blorem ipsum\b/i;
/** An unrendered template binding (Mustache, Handlebars, Angular, Vue): `{{ name.path }}`. Inside code it is code. */
const BINDING = /\{\{[^{}]*\}\}/g;
/** A text that is nothing but the address of a picture, video or sound file (query string allowed). Only the address
 *  goes (with wrappers that hold nothing else, and its field label): the caption beside an embed is the page's text.
 *  Two tests, not one pattern: `^https?:\/\/\S+\.(?:ext)(?:[?#]\S*)?$` scanned to the end of the text from every
 *  ".gif#" in it (quadratic on "http://o.gif#.gif#…" that ends in a blank). */
const URL_ONLY = /^https?:\/\/\S+$/i;
/** A file extension after at least one character, at the end or before the query string or fragment. */
const MEDIA_EXTENSION = /\S\.(?:jpe?g|png|gif|webp|avif|svg|mp4|webm|mov|m4v|mp3)(?:[?#]|$)/i;
/** The whole text of a block waiting for a script to fill it. */
const LOADING = /^(loading|please wait)\s*(\.{0,3}|…)$/i;
const INLINE_TAGS = new Set(['a', 'span', 'strong', 'b', 'em', 'i', 'small', 'code']);

/** Drops placeholder blocks inside `root` (see PLACEHOLDER). Reads the root's text once; most pages stop there. */
export function dropPlaceholderText(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const all = wholeText(root);
  const loading = /\b(loading|please wait)\b/i.test(all);
  if (all.includes('://') || loading) dropStandIns(root, removed, loading, trace);
  if (!PLACEHOLDER.test(all) && !all.includes('{{')) return;
  // filler characters per block: text nodes that hold the filler, summed up into their ancestors
  const filler = new Map<NodeStats, number>();
  const stack: NodeStats[] = [root];
  const order: NodeStats[] = [];
  while (stack.length > 0) {
    const s = stack.pop()!;
    order.push(s);
    if (s.ownGood > 0) {
      // the element's own text as one string: parsers split a text run at entities ("&quot;")
      let own = '';
      for (let n = s.el.firstChild; n !== null; n = n.nextSibling) if (n.nodeType === 3) own += (n as Text).data;
      const chars = fillerChars(own, s.inCode || s.el.localName === 'pre' || s.el.localName === 'code');
      if (chars > 0)
        for (let p: NodeStats | null = s; p !== null; p = p === root ? null : p.parent)
          filler.set(p, (filler.get(p) ?? 0) + chars);
    }
    for (const c of s.children) stack.push(c);
  }
  // the largest blocks (pre-order: ancestors first) that are mostly filler
  for (const s of order) {
    if (s === root || !filler.has(s) || s.text === 0 || s.text - filler.get(s)! > STUB_MAX_CHARS) continue;
    if (removed.has(s) || isInsideAny(s, removed, root)) continue;
    removed.add(s);
    trace?.push(
      `drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} text=${s.text}: placeholder text`,
    );
  }
}

/** Visible characters of an element's own text that are filler: all of it when it holds "lorem ipsum", else its
 *  template bindings (outside code). */
function fillerChars(data: string, inCode: boolean): number {
  if (PLACEHOLDER.test(data)) return data.replace(/\s+/g, '').length;
  if (inCode || !data.includes('{{')) return 0;
  let chars = 0;
  for (const m of data.matchAll(BINDING)) chars += m[0].replace(/\s+/g, '').length;
  return chars;
}

/** Drops elements whose whole visible text is a media file's address (see isMediaUrl) or, when `loading`, a loading
 *  notice (see LOADING), outside code. */
function dropStandIns(root: NodeStats, removed: Set<NodeStats>, loading: boolean, trace?: TraceSink): void {
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.inCode || removed.has(s) || s.text === 0) continue;
    if (loading && s.text <= LOADING_MAX_CHARS && LOADING.test((s.el.textContent ?? '').trim())) {
      removed.add(s);
      trace?.push(`drop ${s.el.localName} text=${s.text}: a loading notice`);
      continue;
    }
    // a link's own text is link text (ownGood 0), but a link that shows a file's address is filler all the same
    if (s.children.length === 0 && (s.ownGood > 0 || s.el.localName === 'a')) {
      const own = (s.el.textContent ?? '').trim();
      if (own.length < 12 || !isMediaUrl(own)) continue;
      let top = s;
      while (top.parent !== null && top.parent !== root && top.parent.text === s.text) top = top.parent;
      if (INLINE_TAGS.has(top.el.localName)) continue; // an address inside a sentence is part of the sentence
      removed.add(top);
      trace?.push(`drop ${top.el.localName} text=${top.text}: a media file's address`);
      const label = top.el.localName === 'dd' ? previousLabel(top) : null;
      if (label !== null) removed.add(label); // the value's field label goes with it ("cat_thumb_Bone:")
      continue;
    }
    for (const c of s.children) stack.push(c);
  }
}

/** Whether `text` is nothing but the address of a media file (see URL_ONLY and MEDIA_EXTENSION). */
export function isMediaUrl(text: string): boolean {
  // the extension is looked for after "//": "https://.png" has no file name
  return URL_ONLY.test(text) && MEDIA_EXTENSION.test(text.slice(text.indexOf('//') + 2));
}

/** The <dt> right before a <dd>, if any. */
function previousLabel(s: NodeStats): NodeStats | null {
  if (s.parent === null) return null;
  const i = s.parent.children.indexOf(s);
  const prev = i > 0 ? s.parent.children[i - 1]! : null;
  return prev !== null && prev.el.localName === 'dt' ? prev : null;
}
