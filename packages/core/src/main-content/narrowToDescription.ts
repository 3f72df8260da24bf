// On a single product's page the root is often the whole product block (gallery, title, price, purchase form and
// description side by side: the title heading keeps it whole). What the page says about the product is its
// description: when a block labelled so holds a fair part of the root's text, it is the content.
import type { NodeStats } from './measureTree.js';

/** Class/id words of a product's description block ("product__description", "tab-description", "desc"). */
const DESCRIPTION_LABEL = /(?:^|[^a-z])desc(?:ription)?(?:[^a-z]|$)/i;
/** The description must hold at least this share of the root's content text... */
const DESCRIPTION_MIN_SHARE = 0.35;
/** ...and this much of it, so a one-line blurb does not replace the page. */
const DESCRIPTION_MIN_CHARS = 200;

/** The description block inside `root` to use as the root instead, or `root` itself. */
export function narrowToDescription(root: NodeStats, trace?: string[]): NodeStats {
  const needed = Math.max(DESCRIPTION_MIN_CHARS, DESCRIPTION_MIN_SHARE * root.good);
  let best: NodeStats | null = null;
  const stack: NodeStats[] = [...root.children];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s.junk !== 0 || s.good < needed) continue; // chrome, or too small to hold the description
    if (DESCRIPTION_LABEL.test(`${s.cls} ${s.el.getAttribute('id') ?? ''}`) && (best === null || s.good > best.good)) best = s;
    for (const c of s.children) stack.push(c);
  }
  if (best === null) return root;
  trace?.push(`root narrowed to the description ${best.el.localName}.${best.cls.trim().split(/\s+/).slice(0, 2).join('.')} good=${Math.round(best.good)} of ${Math.round(root.good)}`);
  return best;
}
