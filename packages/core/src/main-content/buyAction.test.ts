import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

// A stock notice goes on product pages only (see dropStockNotices): it shows how a page was read.
const stockNotice = `<p class="stock">Low in stock, only 6 left</p>`;

describe('buy actions', () => {
  it('reads a page whose one buy button shows twice (the main one and a sticky bar) as a product page', () => {
    const doc =
      page(`<main><h1>Trail Pack 25</h1><form class="buy"><button>Add to Cart</button></form>${stockNotice}${para('The pack', 4)}
      <div class="sticky-bar"><span>Trail Pack 25</span><button>Add to Cart</button></div></main>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The pack paragraph 4');
    expect(out).not.toContain('only 6 left');
  });

  it('reads "Add to basket" beside "Buy now" as one product', () => {
    const doc = page(
      `<main><h1>Trail Pack 25</h1><div class="buy-box"><form><button>Add to basket</button></form><div ` +
        `class="express"><button>Buy now</button></div></div>${stockNotice}${para('The pack', 4)}</main>`,
    );
    expect(text(extractMainContent(doc))).not.toContain('only 6 left');
  });

  it('does not read two alike cards, each with its own buy button, as one product', () => {
    const card = (n: string) =>
      `<div class="card"><h3>${n}</h3><p>A pack for the trail.</p><button>Add to Cart</button></div>`;
    const doc = page(
      `<main><h1>Packs</h1>${para('Our packs', 4)}${stockNotice}<div ` +
        `class="grid">${card('Trail Pack 25')}${card('Trail Pack 35')}</div></main>`,
    );
    expect(text(extractMainContent(doc))).toContain('only 6 left');
  });
});
