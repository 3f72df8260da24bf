import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const card = (i: number): string =>
  `<li class="card"><h3><a href="/p/${i}">Canvas sneaker model ${i}</a></h3><p>$${60 + i}.00</p></li>`;

describe('dropFacets', () => {
  it('drops a filter panel (its label over groups of links) beside the grid of a listing, keeping the grid', () => {
    const colours = ['Black', 'Grey', 'White', 'Beige', 'Brown', 'Red']
      .map((c) => `<li><a href="?colour=${c}">${c}</a></li>`)
      .join('');
    const brands = ['Acme', 'Globex', 'Initech', 'Umbrella']
      .map((b) => `<li><a href="?brand=${b}">${b}</a></li>`)
      .join('');
    const doc = page(`<main><h1>Sneakers</h1>${para('Our sneakers', 1)}<div class="layout">
      <div class="side"><div class="head"><h2>Filters</h2></div><div class="groups"><h3>Colour</h3><ul>${colours}</ul><h3>Brand</h3><ul>${brands}</ul></div></div>
      <ul class="grid">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></div></main>`);
    const out = text(extractMainContent(doc));
    for (const s of ['Our sneakers paragraph 1', 'Canvas sneaker model 1', '$66.00']) expect(out).toContain(s);
    for (const s of ['Beige', 'Initech', 'Filters']) expect(out).not.toContain(s);
  });

  it('keeps a plain list under a "Filters" heading (text about filters, nothing to click)', () => {
    const kinds = ['Sediment', 'Carbon block', 'Reverse osmosis', 'Ultraviolet', 'Ion exchange']
      .map((k) => `<li>${k}</li>`)
      .join('');
    const doc = page(
      `<article><h1>Water at ` +
        `home</h1>${para('Water', 3)}<h2>Filters</h2><ul>${kinds}</ul>${para('Upkeep', 2)}</article>`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Filters', 'Reverse osmosis', 'Upkeep paragraph 2']) expect(out).toContain(s);
  });

  it('drops a scripted filter panel (plain blocks as values, no links) when its label sits over groups with headings', () => {
    const group = (name: string, vals: string[]): string =>
      `<div class="group"><div><h3>${name}</h3></div><div ` +
      `class="values">${vals.map((v) => `<div class="relative"><p>${v}</p></div>`).join('')}</div></div>`;
    const doc = page(`<main><h1>Sneakers</h1>${para('Our sneakers', 1)}<div class="layout">
      <div class="side"><div><h2>Filters</h2></div>${group('Colour', ['Black', 'Grey', 'White', 'Beige'])}${group('Pattern', ['Solid', 'Striped', 'Dots'])}${group('Type', ['Rent', 'Buy'])}</div>
      <ul class="grid">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></div></main>`);
    const out = text(extractMainContent(doc));
    for (const s of ['Our sneakers paragraph 1', 'Canvas sneaker model 1', '$66.00']) expect(out).toContain(s);
    for (const s of ['Beige', 'Striped', 'Filters']) expect(out).not.toContain(s);
  });
});
