// The `attributes` format: the values of one attribute on every element a selector matches.
import { validateSelectors } from './validateSelectors.js';

export interface AttributeSelector {
  selector: string;
  attribute: string;
}

export interface AttributeValues extends AttributeSelector {
  /** The attribute's value on each matching element that has it, in document order. */
  values: string[];
}

/** A page can match a selector thousands of times; the answer stays readable and bounded. */
export const MAX_ATTRIBUTE_VALUES = 1000;

/**
 * For each `{selector, attribute}`: the attribute's values on the elements of `document` matching the selector
 * (elements without the attribute are skipped). Runs on the whole page. Throws CoreError('invalid_selector') for a
 * selector the engine cannot read.
 */
export function extractAttributes(document: Document, selectors: readonly AttributeSelector[]): AttributeValues[] {
  validateSelectors(
    document,
    selectors.map((s) => s.selector),
    'formats.attributes',
  );
  return selectors.map(({ selector, attribute }) => {
    const values: string[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const value = element.getAttribute(attribute);
      if (value !== null) values.push(value);
      if (values.length >= MAX_ATTRIBUTE_VALUES) break;
    }
    return { selector, attribute, values };
  });
}
