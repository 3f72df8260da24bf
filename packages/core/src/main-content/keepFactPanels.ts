// On a product's page, a modal, drawer or dialog titled with the product's facts ("Size guide", "Measurements",
// "Specifications", "Product details") is the product's own text folded behind a button, not a prompt laid over the
// page: shops put the size chart and the measurements there, which a shopper reads before buying.
import type { MeasuredTree, NodeStats } from './measureTree.js';
import type { TraceSink } from './traceEvents.js';
import { PANEL_MAX_CHARS, PANEL_MAX_LINK_DENSITY, PANEL_MIN_CHARS, TITLE_MAX_CHARS } from './tunables.js';
import { squeezedText } from './textPieces.js';

/** Class words of layers laid over the page (see classHints.ts). */
const LAYER_WORDS = new Set(['modal', 'drawer', 'overlay', 'popup', 'popover', 'offcanvas']);
const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);
/** Titles that name the product's facts, in English and the languages most shops use. */
const FACTS_TITLE = new RegExp(
  String.raw`^(product |item )?(details|description|specifications?|specs` +
    String.raw`|tech(nical)? (specs|specifications|details|data)|size (guide|chart)s?|sizing( guide| chart)?` +
    String.raw`|fit guide|measurements|dimensions|materials?( (&|and) care)?|care (guide|instructions)` +
    String.raw`|ingredients|composition)$|^(guide des tailles|tableau des tailles` +
    String.raw`|caractéristiques( techniques)?|größentabelle|größenberater|produktdetails|technische daten|maße` +
    String.raw`|guía de tallas|tabla de tallas|especificaciones|guida alle taglie|tabella taglie|maattabel` +
    String.raw`|specificaties)$`,
  'i',
);

/**
 * Marks as content the layers (modals, drawers, dialogs) of a product page whose title names the product's facts,
 * with the layers inside them. Returns whether any label changed (the caller recomputes `good`).
 */
export function keepFactPanels(tree: MeasuredTree, trace?: TraceSink): boolean {
  let changed = false;
  for (let i = 0; i < tree.preorder.length; i++) {
    const s = tree.preorder[i];
    if (s.junk === 0 || !isLayer(s) || s.text < PANEL_MIN_CHARS || s.text > PANEL_MAX_CHARS) continue;
    if (s.linkText > PANEL_MAX_LINK_DENSITY * s.text || insideLayer(s)) continue;
    const title = firstLine(s);
    if (title.length > TITLE_MAX_CHARS || !FACTS_TITLE.test(title.replace(/[:\s]+$/, ''))) continue;
    const stack: NodeStats[] = [s];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (p.junk !== 0 && isLayer(p)) p.junk = 0;
      for (let j = 0; j < p.children.length; j++) stack.push(p.children[j]);
    }
    changed = true;
    trace?.push(
      `${s.el.localName}.${s.cls.trim().split(/\s+/)[0] ?? ''} ` +
        `titled "${title}": the product's facts behind a button, kept`,
    );
  }
  return changed;
}

const HEADING_TAG = /^h[1-6]$/;

/** Whether a chrome-labelled block is a layer over the page: a dialog, or a block named a modal, drawer or overlay. */
function isLayer(s: NodeStats): boolean {
  if (s.junk === 'soft') return LAYER_WORDS.has(s.junkWord ?? '');
  if (s.junk !== 'hard') return false;
  return (
    s.el.localName === 'dialog' ||
    (s.role !== null && DIALOG_ROLES.has(s.role)) ||
    s.el.getAttribute('aria-modal') === 'true'
  );
}

/** Whether a chrome-labelled layer encloses this one (the outer one is judged instead). */
function insideLayer(s: NodeStats): boolean {
  for (let p = s.parent; p !== null; p = p.parent) if (p.junk !== 0 && isLayer(p)) return true;
  return false;
}

/** The block's first line of text: the first element, going down through the first parts with text, that holds text
 *  of its own (a title); a close button ("×") before it is skipped. */
function firstLine(s: NodeStats): string {
  let n = s;
  for (;;) {
    if (n.ownGood > 0 || HEADING_TAG.test(n.el.localName)) break;
    let next: NodeStats | null = null;
    for (const c of n.children)
      if (c.text > 0 && !(c.junk === 'hard' && !isLayer(c))) {
        next = c;
        break;
      }
    if (next === null) break;
    n = next;
  }
  return squeezedText(n);
}
