import { describe, expect, it } from 'vitest';
import { STOCK_NOTICE } from './dropStockNotices.js';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const hints = { jsonLdTypes: ['product'] };

describe('dropStockNotices', () => {
  it('drops stock and urgency notices on a product page, not a stock field with its count nor a sentence about stock', () => {
    const doc = page(`<main><h1>Stoneware Mug</h1><p class="price">$38.00</p>
      <p class="stock">Low in stock, only 6 left</p><div class="urgency"><span>16 people are viewing this right now</span></div>
      <p class="ready">In stock. Ready to ship</p>${para('The mug', 4)}
      <dl><dt>Availability</dt><dd>In stock (1)</dd></dl>
      <p>Each mug is thrown by hand, so only a few are made each month and stock runs out before the holidays.</p></main>`);
    const out = text(extractMainContent(doc, { hints }));
    expect(out).toContain('The mug paragraph 4');
    expect(out).toContain('$38.00');
    expect(out).toContain('In stock (1)');
    expect(out).toContain('stock runs out before the holidays');
    expect(out).not.toContain('only 6 left');
    expect(out).not.toContain('viewing this right now');
    expect(out).not.toContain('Ready to ship');
  });

  it('leaves the same notices on pages that are not a product page', () => {
    const doc = page(
      `<main><h1>Our pottery studio</h1>${para('The studio', 4)}<p class="stock">Low in stock, only 6 left</p></main>`,
    );
    expect(text(extractMainContent(doc))).toContain('only 6 left');
  });
});

describe('STOCK_NOTICE', () => {
  it('reads 8,000 repeats of "6 left in stock" in one pass (exponential before: each one read two ways)', () => {
    expect(STOCK_NOTICE.test(`${'6 left in stock'.repeat(8000)}x`)).toBe(false);
    expect(STOCK_NOTICE.test(`in stock${'only a few left0 left in stock'.repeat(4000)}x`)).toBe(false);
    expect(STOCK_NOTICE.test('6 left in stock'.repeat(3))).toBe(true);
    expect(STOCK_NOTICE.test('Only 6 left in stock. Order soon!')).toBe(true);
    expect(STOCK_NOTICE.test('In stock (1)')).toBe(false);
  });
});
