import { describe, expect, it } from 'vitest';
import { termOf } from './dropPurchaseTerms.js';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const hints = { jsonLdTypes: ['product'] };

describe('dropPurchaseTerms', () => {
  it('drops the terms of buying beside the price: financing, delivery estimate, reward points, seller', () => {
    const doc = page(`<main><h1>Trail Pack 25</h1><div class="price">$299.99</div>
      <div class="fin"><span>6 months</span> <span>$50.00/month with 6 month financing</span></div>
      <div class="ship"><p>Arrives by Tomorrow</p><p>Order within 3 hr 52 min</p></div>
      <p>Earn up to 4500 points per item</p>
      <div>Sold and shipped by Example Outfitters</div>
      <div class="plan"><span>Add a protection plan from $79.99</span> <a href="#plans">See options</a></div>
      <form><p>Email me when back in stock</p><input type="email"></form>
      <p>Add a gift receipt for easy returns</p>
      <div><button>More payment options</button></div>
      <div class="pickup">Pick Up in Store <a href="#stores">Check nearby</a></div>
      ${para('The pack', 4)}</main>`);
    const out = text(extractMainContent(doc, { hints }));
    expect(out).toContain('$299.99');
    expect(out).toContain('The pack paragraph 4');
    expect(out).not.toContain('financing');
    expect(out).not.toContain('Order within');
    expect(out).not.toContain('4500 points');
    expect(out).not.toContain('Sold and shipped');
    expect(out).not.toContain('protection plan');
    expect(out).not.toContain('back in stock');
    expect(out).not.toContain('gift receipt');
    expect(out).not.toContain('payment options');
    expect(out).not.toContain('Pick Up in Store');
  });

  it('keeps a card about the offer under its own heading, a long paragraph on financing, and other pages', () => {
    const body = `<main><h1>Trail Pack 25</h1>${para('The pack', 4)}
      <div class="card"><h3>Low monthly payments</h3><p>Pay 0% APR over 12 months at checkout.</p></div>
      <div class="plan"><h3>Basic</h3><p class="plan-price">$12/month</p><ul><li>One pack swapped every year, with free repairs for as long as you keep the plan.</li><li>Members' prices on every other pack and bag in the shop.</li><li>A yearly check of straps, zips and seams at any of our stores.</li></ul></div>
      <p>Our packs cost less than you think: pay over time with the store card, spread across twelve months, and the pack is yours from the first day, with no fee, no deposit and no paperwork to fill in at the counter.</p></main>`;
    const product = text(extractMainContent(page(body), { hints }));
    expect(product).toContain('$12/month');
    expect(product).toContain('Pay 0% APR over 12 months');
    expect(product).toContain('pay over time with the store card');
    const article = text(
      extractMainContent(page(body.replace('</main>', '<p>Sold by Example Outfitters</p></main>')), {
        hints: { jsonLdTypes: ['article'] },
      }),
    );
    expect(article).toContain('Sold by Example Outfitters');
  });
});

describe('dropPurchaseTerms without product markup', () => {
  const body = (buttons: number) => `<main><h1>Trail Pack 25</h1><div class="price">$299.99</div>
    <p>As low as $48/mo. or 0% APR with the store card</p>
    ${'<button>Add to Cart</button>'.repeat(buttons)}${para('The pack', 4)}</main>`;

  it('drops the terms on a page whose buy button shows twice (a sticky bar)', () => {
    const out = text(extractMainContent(page(body(2))));
    expect(out).toContain('The pack paragraph 4');
    expect(out).not.toContain('As low as');
  });

  it("keeps the terms inside cards of other products (a listing's card links)", () => {
    const card = (n: string, day: string) =>
      `<li class="card"><a href="/p/${n}"><span>Trail Pack ${n}, forest green</span> <span>$1${n}.00</span> ` +
      `<span>Arrives by ${day}</span></a><button>Add to Cart</button></li>`;
    const doc = page(
      `<main><h1>Packs</h1><ul class="grid">${card('25', 'Tomorrow')}${card('35', 'Friday')}${card('45', 'Monday')}${card('55', 'Tuesday')}</ul></main>`,
    );
    expect(text(extractMainContent(doc))).toContain('Arrives by Friday');
    // the same beside the card's linked name
    const beside = page(
      `<main><h1>Packs</h1><ul class="grid">${['Tomorrow', 'Friday', 'Monday', 'Tuesday'].map((day, i) => `<li class="card"><a href="/p/${i}">Trail Pack ${i}5, forest green, 25 litres</a> <span>Arrives by ${day}</span><button>Add to Cart</button></li>`).join('')}</ul></main>`,
    );
    expect(text(extractMainContent(beside))).toContain('Arrives by Friday');
  });

  it('keeps them on a page with no buy button', () => {
    expect(text(extractMainContent(page(body(0))))).toContain('As low as $48/mo.');
  });
});

describe('termOf', () => {
  it('reads "earn" and 100,000 digits in one pass (quadratic before: the amount and the next word shared digits)', () => {
    expect(termOf(`earn 0${'0'.repeat(100_000)}!`)).toBeNull();
    expect(termOf(`Earn ${'1'.repeat(100_000)} points`)).toBe('reward points');
    expect(termOf('Earn 5x points on this order')).toBe('reward points');
    expect(termOf('Earn up to $13.70 in rewards')).toBe('reward points');
    expect(termOf('Earn 5 bonus extra points')).toBeNull();
  });
});
