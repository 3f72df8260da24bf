import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { PRICE_TEXT } from './priceText.js';
import { para, page, text } from './testPages.fixture.js';

describe('PRICE_TEXT', () => {
  it('reads a currency code written before the amount as a price', () => {
    for (const t of ['EUR 163.12', 'EUR10.37', 'USD 25', 'price: GBP 9.99']) expect(PRICE_TEXT.test(t)).toBe(true);
    for (const t of ['$5', '12,50 €', '19.99 EUR']) expect(PRICE_TEXT.test(t)).toBe(true);
    for (const t of ['Europe 2024', 'used 3 times', 'chapter 12']) expect(PRICE_TEXT.test(t)).toBe(false);
  });

  it('a strip of other products priced "EUR 12.50" goes from a product page', () => {
    const card = (i: number) =>
      `<div class="tile"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><h3>Travel mug model ` +
      `${i}</h3><p>Double-walled steel, keeps tea hot for hours.</p><span>EUR ${10 + i}.50</span></div>`;
    const doc = page(
      `<div class="pdp"><h1>Steel Kettle</h1>${para('The kettle', 5)}<div ` +
        `class="tiles">${[1, 2, 3, 4].map(card).join('')}</div></div>`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['product'] } }));
    expect(out).toContain('The kettle paragraph 5');
    expect(out).not.toContain('Travel mug model 3');
  });
});
