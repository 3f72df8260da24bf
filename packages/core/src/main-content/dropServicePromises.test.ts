import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const hints = { jsonLdTypes: ['product'] };

describe('dropServicePromises', () => {
  it('drops a strip of service-promise tiles on a product page, not feature tiles nor an FAQ on returns', () => {
    const tile = (t: string) =>
      `<div class="perk"><h4>${t}</h4><p>Handled by our team, every day of the year.</p></div>`;
    const feature = (t: string) => `<div class="feature"><h4>${t}</h4><p>Built into every unit we make.</p></div>`;
    const faq = (q: string) => `<div class="qa"><h4>${q}</h4><p>Yes, within the stated period.</p></div>`;
    const doc = page(`<main><h1>Trail Pack 25</h1>${para('The pack', 4)}
      <div class="perks">${['Free shipping', '30-day returns', 'Lifetime warranty', 'Made by hand'].map(tile).join('')}</div>
      <div class="features">${['Rain cover', 'Hip belt', 'Laptop sleeve'].map(feature).join('')}</div>
      <div class="faq">${['Can I return it?', 'Is there a warranty?', 'Does it ship abroad?'].map(faq).join('')}</div></main>`);
    const out = text(extractMainContent(doc, { hints }));
    expect(out).toContain('The pack paragraph 4');
    expect(out).toContain('Laptop sleeve');
    expect(out).toContain('Is there a warranty?');
    expect(out).not.toContain('30-day returns');
    expect(out).not.toContain('Made by hand');
  });
});
