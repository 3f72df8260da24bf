import { describe, expect, it } from 'vitest';
import { isCoreError } from '../errors.js';
import { extractAttributes, MAX_ATTRIBUTE_VALUES } from './extractAttributes.js';
import { parseHtml } from './parseHtml.js';

describe('extractAttributes', () => {
  const doc = parseHtml(`<body>
    <a href="/one" data-id="1">one</a><a href="/two">two</a><a data-id="3">three</a>
    <div class="card" data-sku="A-1"></div><div class="card" data-sku="B-2"></div>
  </body>`);

  it('the values of the attribute on every match, in document order, per selector', () => {
    expect(
      extractAttributes(doc, [
        { selector: 'a', attribute: 'data-id' },
        { selector: '.card', attribute: 'data-sku' },
        { selector: 'a', attribute: 'href' },
      ]),
    ).toEqual([
      { selector: 'a', attribute: 'data-id', values: ['1', '3'] },
      { selector: '.card', attribute: 'data-sku', values: ['A-1', 'B-2'] },
      { selector: 'a', attribute: 'href', values: ['/one', '/two'] },
    ]);
    expect(extractAttributes(doc, [{ selector: 'table', attribute: 'id' }])).toEqual([
      { selector: 'table', attribute: 'id', values: [] },
    ]);
  });

  it('a selector the engine cannot read is an invalid_selector error naming it', () => {
    try {
      extractAttributes(doc, [{ selector: 'a[', attribute: 'href' }]);
      throw new Error('accepted');
    } catch (error) {
      expect(isCoreError(error) && error.kind).toBe('invalid_selector');
      expect((error as Error).message).toBe('Invalid CSS selector in formats.attributes: "a["');
    }
  });

  it('stops at the cap of values per selector', () => {
    const many = parseHtml(`<body>${'<i data-x="v"></i>'.repeat(MAX_ATTRIBUTE_VALUES + 5)}</body>`);
    expect(extractAttributes(many, [{ selector: 'i', attribute: 'data-x' }])[0].values).toHaveLength(
      MAX_ATTRIBUTE_VALUES,
    );
  });
});
