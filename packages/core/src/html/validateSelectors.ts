// includeTags/excludeTags come straight from API users: a selector the engine cannot read must become a
// 400-style validation error that names it, never an exception from deep inside the selector engine.
import { CoreError } from '../errors.js';

export type SelectorOption = 'includeTags' | 'excludeTags' | 'formats.attributes';

/** Throws CoreError('invalid_selector') for the first selector that is not a non-empty, parsable CSS selector. */
export function validateSelectors(document: Document, selectors: readonly unknown[], option: SelectorOption): string[] {
  // A detached empty element: compiling the selector is all we want, matching costs nothing.
  const probe = document.createElement('div');
  const valid: string[] = [];
  for (const selector of selectors) {
    if (typeof selector !== 'string' || selector.trim() === '') throw invalidSelector(selector, option);
    try {
      probe.querySelectorAll(selector);
    } catch {
      throw invalidSelector(selector, option);
    }
    valid.push(selector);
  }
  return valid;
}

function invalidSelector(selector: unknown, option: SelectorOption): CoreError {
  const shown = typeof selector === 'string' ? selector : String(selector);
  return new CoreError('invalid_selector', `Invalid CSS selector in ${option}: "${shown}"`, { selector, option });
}
