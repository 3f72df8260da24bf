import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('dropBadges (shop cards)', () => {
  it('drops the status badge every priced card carries, keeps name, price and blurb', () => {
    const card = (
      i: number,
    ) => `<li class="card"><div class="card__media"><span class="badge badge--top">${i % 2 ? 'Best seller' : 'Sold out'}</span></div>
      <h3 class="card__title"><a href="/p/${i}">Walnut desk model ${i}</a></h3><p>A solid walnut desk with a drawer, size ${i}.</p><span class="price">$${100 + i}.00</span></li>`;
    const doc = page(`<main><h1>Desks</h1><ul class="grid">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></main>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out, trace.join('\n')).toContain('Walnut desk model 6');
    expect(out).toContain('$106.00');
    expect(out).toContain('A solid walnut desk with a drawer, size 3.');
    expect(out).not.toContain('Best seller');
    expect(out).not.toContain('Sold out');
  });

  it('keeps badge-styled tags and counters where the cards show no price (topics, counts)', () => {
    const card = (
      i: number,
    ) => `<div class="profile"><h3><a href="/t/${i}">Therapist number ${i}</a></h3><p>Works with adults and couples, in person and online, for ${i} years.</p>
      <span class="badge rounded-pill">Anxiety</span><span class="badge rounded-pill">Depression</span></div>`;
    const doc = page(
      `<main><h1>Find a therapist</h1><div class="results">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>`,
    );
    const out = text(extractMainContent(doc, {}));
    expect(out).toContain('Therapist number 5');
    expect(out).toContain('Anxiety');
  });
});
