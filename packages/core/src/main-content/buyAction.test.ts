import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

// A strip of service-promise tiles goes on product pages only (see dropServicePromises): it shows how a page was read.
const perks = `<div class="perks">${['Free shipping', '30-day returns', 'Lifetime warranty', 'Secure checkout'].map((t) => `<div class="perk"><h4>${t}</h4><p>Handled by our team, every day of the year.</p></div>`).join('')}</div>`;

describe('buy actions', () => {
  it('reads a page whose one buy button shows twice (the main one and a sticky bar) as a product page', () => {
    const doc =
      page(`<main><h1>Trail Pack 25</h1><form class="buy"><button>Add to Cart</button></form>${perks}${para('The pack', 4)}
      <div class="sticky-bar"><span>Trail Pack 25</span><button>Add to Cart</button></div></main>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The pack paragraph 4');
    expect(out).not.toContain('30-day returns');
  });

  it('reads "Add to basket" beside "Buy now" as one product', () => {
    const doc = page(
      `<main><h1>Trail Pack 25</h1><div class="buy-box"><form><button>Add to basket</button></form><div ` +
        `class="express"><button>Buy now</button></div></div>${perks}${para('The pack', 4)}</main>`,
    );
    expect(text(extractMainContent(doc))).not.toContain('30-day returns');
  });

  it('does not read two alike cards, each with its own buy button, as one product', () => {
    const card = (n: string) =>
      `<div class="card"><h3>${n}</h3><p>A pack for the trail.</p><button>Add to Cart</button></div>`;
    const doc = page(
      `<main><h1>Packs</h1>${para('Our packs', 4)}${perks}<div ` +
        `class="grid">${card('Trail Pack 25')}${card('Trail Pack 35')}</div></main>`,
    );
    expect(text(extractMainContent(doc))).toContain('30-day returns');
  });
});
