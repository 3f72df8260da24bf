// Item template text (a short link in most cards of a list) is never a word inside a sentence: a keyword that the
// text links in every paragraph stays where it is. The test also runs with the guard off, to show it does the work.
import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, para, text } from './testPages.fixture.js';

const count = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

describe('inline-links-stay', () => {
  const linked = (i: number): string =>
    `<p>Deal ${i}: the <a href="/deals/macbook-pro">MacBook Pro</a> with the M${i} chip ` +
    'is cheaper this week than it has been all year, and the price holds until Sunday night.</p>';
  const story = `<article><h1>Laptop deals</h1>${para('Intro', 1)}${[1, 2, 3, 4, 5].map(linked).join('')}</article>`;

  it('keeps a keyword link that recurs in most paragraphs inside its sentences', () => {
    const out = text(extractMainContent(page(story)));
    expect(count(out, 'the MacBook Pro with')).toBe(5);
    const off = text(extractMainContent(page(story), { disabledRules: new Set(['inline-links-stay']) }));
    expect(count(off, 'the MacBook Pro with')).toBeLessThan(5);
  });

  it('still drops a short action link repeated in every card of a list', () => {
    const card = (i: number): string =>
      `<li class="card"><h3>Tent model ${i}</h3><p>Sleeps ${i + 1}, packs small.</p>` +
      `<a href="/compare/${i}">Add to compare</a></li>`;
    const body = `<main><h1>Tents</h1><ul class="grid">${[1, 2, 3, 4].map(card).join('')}</ul></main>`;
    const out = text(extractMainContent(page(body)));
    expect(out).toContain('Tent model 3');
    expect(out).not.toContain('Add to compare');
  });
});
