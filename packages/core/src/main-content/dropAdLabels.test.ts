import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

describe('dropAdLabels', () => {
  it('drops the "Sponsored" and "Advertisement" labels of paid cards and slots, not the cards', () => {
    const card = (i: number, label: string) =>
      `<div class="card"><span class="tag">${label}</span><h3><a href="/s/${i}">Sofa model ${i}</a></h3><p>A deep ` +
      `three-seat sofa in washed linen, number ${i}.</p></div>`;
    const doc =
      page(`<main><h1>Sofas</h1>${para('The range', 2)}<div class="grid">${card(1, 'Sponsored')}${card(2, 'Sponsored content')}${card(3, 'New')}</div>
      <div class="slot"><div class="ad-frame"></div><p>Advertisement</p></div>${para('More on sofas', 2)}</main>`);
    const out = text(extractMainContent(doc));
    for (const s of ['Sofa model 1', 'Sofa model 2', 'washed linen, number 3', 'New', 'More on sofas paragraph 2'])
      expect(out).toContain(s);
    expect(out).not.toMatch(/Sponsored|Advertisement/);
  });

  it('keeps a heading that names a section "Advertisement" and the word inside sentences', () => {
    const doc = page(
      `<main><h1>Privacy policy</h1>${para('The policy', 2)}<h2>Advertisement</h2><p>We show sponsored content from ` +
        `partners, as explained here.</p></main>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Advertisement');
    expect(out).toContain('We show sponsored content');
  });
});
