// includeTags narrows the page to the subtrees the user asked for. Matches are kept once each, in document
// order: a match inside another match is already part of it.
import { validateSelectors } from './validateSelectors.js';

/**
 * Moves every subtree of `root` matching one of `selectors` into a new <div> (in document order, nested matches
 * not repeated) and returns that div. Throws CoreError('invalid_selector') for a bad selector.
 */
export function applyIncludeTags(root: Element, selectors: readonly string[]): Element {
  const document = root.ownerDocument;
  const valid = validateSelectors(document, selectors, 'includeTags');
  const container = document.createElement('div');
  if (valid.length === 0) return container;
  // One query for the whole list: the engine returns the union in document order without duplicates.
  const matches = Array.from(root.querySelectorAll(valid.join(',')));
  let lastKept: Element | null = null;
  const kept: Element[] = [];
  for (const match of matches) {
    // Document order puts every descendant of a kept match right after it, so the last kept one is enough.
    if (lastKept && lastKept.contains(match)) continue;
    kept.push(match);
    lastKept = match;
  }
  for (const element of kept) container.appendChild(element);
  return container;
}
