import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('dropSelectCaptions (sort and page-size bars)', () => {
  it('drops the caption and shown choice of a sort select, keeps the grid and a labelled field with more text', () => {
    const card = (i: number) =>
      `<li class="tile"><h3><a href="/p/${i}">Trail shoe model ${i}</a></h3><p>Light trail shoe with a firm grip, ` +
      `size range ${i}.</p><span>$${90 + i}.00</span></li>`;
    const doc = page(`<main><h1>Trail shoes</h1>
      <div class="bar"><div class="sorter"><span>Sort:</span> <span>Best Match</span><select><option>Best Match</option><option>Price: Low - High</option><option>Newest</option></select></div>
      <div class="size"><label>Show:</label><select><option>12 Items</option><option>24 Items</option></select></div></div>
      <ul class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</ul>
      <div class="note"><p>Every shoe ships free and can be returned within sixty days, worn or not.</p><select><option>US</option><option>EU</option></select></div></main>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out, trace.join('\n')).toContain('Trail shoe model 5');
    expect(out).toContain('returned within sixty days');
    expect(out).not.toContain('Sort:');
    expect(out).not.toContain('Best Match');
    expect(out).not.toContain('Show:');
  });
});
