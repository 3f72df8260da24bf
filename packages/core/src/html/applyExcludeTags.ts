// excludeTags removes what the user does not want, wherever it is (also inside included subtrees).
import { validateSelectors } from './validateSelectors.js';

/** Removes every element under `root` matching one of `selectors`; returns how many were removed. */
export function applyExcludeTags(root: Element, selectors: readonly string[]): number {
  const valid = validateSelectors(root.ownerDocument, selectors, 'excludeTags');
  if (valid.length === 0) return 0;
  const matches = Array.from(root.querySelectorAll(valid.join(',')));
  for (const element of matches) element.remove();
  return matches.length;
}
