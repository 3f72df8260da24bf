import type { Conversion } from './conversion.js';
import { Frame, type FrameState, type ListState, frameState } from './converterFrames.js';

/** Largest list number CommonMark accepts (nine digits). */
const MAX_LIST_NUMBER = 999999999;

/** Whether any `<li>` of the list holds a `<p>`: CommonMark renders exactly those lists loose. */
function isLooseList(list: Element): boolean {
  for (let item = list.firstChild; item; item = item.nextSibling) {
    if (item.nodeType !== 1 || (item as Element).localName !== 'li') continue;
    for (let child = item.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && (child as Element).localName === 'p') return true;
    }
  }
  return false;
}

/** Opens an item of the list (`li` gives its `value`, null for an implicit item); returns its content indent. */
export function openItem(c: Conversion, list: ListState, li: Element | null): number {
  let marker = list.mark;
  if (list.ordered) {
    const value = li ? parseInt(li.getAttribute('value') ?? '', 10) : NaN;
    if (Number.isFinite(value) && value >= 0 && value <= MAX_LIST_NUMBER) list.next = value;
    marker = String(list.next) + list.mark;
    list.next++;
  }
  c.blocks.openItem(marker, list.tight);
  return marker.length + 1;
}

/** Content found directly in a list, outside any `<li>`, continues the previous item (or starts one). */
export function ensureItem(c: Conversion, list: ListState): void {
  if (list.implicit) return;
  c.flush();
  if (list.lastIndent > 0) c.blocks.reopenItem(list.lastIndent, list.tight);
  else list.lastIndent = openItem(c, list, null);
  list.implicit = true;
}

/** Closes the item ensureItem opened, before a real `<li>` or the end of the list. */
export function closeImplicitItem(c: Conversion, list: ListState): void {
  if (!list.implicit) return;
  c.flush();
  c.blocks.close();
  list.implicit = false;
}

/** Opens a `<ul>`/`<ol>`: its marker, start number and tightness. */
export function enterList(c: Conversion, el: Element): FrameState {
  const ordered = el.localName === 'ol';
  let start = 1;
  if (ordered) {
    const n = parseInt(el.getAttribute('start') ?? '', 10);
    if (Number.isFinite(n) && n >= 0 && n <= MAX_LIST_NUMBER) start = n;
  }
  // Two lists in a row with the same marker would merge into one: the second takes the other marker.
  const previous = c.blocks.lastTag;
  const mark = ordered ? (previous === 'ol.' ? ')' : '.') : previous === 'ul-' ? '*' : '-';
  const tight = !isLooseList(el);
  c.blocks.openList(ordered && start !== 1 ? 'olist' : 'list', tight, (ordered ? 'ol' : 'ul') + mark);
  const s = frameState(Frame.List);
  s.list = { ordered, next: start, mark, tight, lastIndent: 0, implicit: false };
  return s;
}
