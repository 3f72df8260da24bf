import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, para } from './testPages.fixture.js';

const count = (hay: string, needle: string): number => hay.split(needle).length - 1;
const textOf = (doc: Document, disabled?: string[]): string =>
  (
    extractMainContent(doc, { disabledRules: disabled === undefined ? undefined : new Set(disabled) }).textContent ?? ''
  ).replace(/\s+/g, ' ');

// A product landing page as page builders write it: the customer quotes once as a grid for wide screens and once
// as a carousel of two of them (no class says which is for phones), far apart, with other wrappers.
const quote = (q: string, who: string) => `<p class="quote">${q}</p><span class="who">${who}</span>`;
const q1 = 'Our speed is intense and this tool helps us be action biased instead of reactive.';
const q2 = 'You just have to use it and you will see, you will just feel it in a week or two.';
const q3 = 'We moved every team over in a month and planning meetings got shorter.';
const landing = `<main><h1>Plan and build products</h1>${para('The planning tool', 4)}
  <section class="quotes-grid"><div class="row"><figure class="card">${quote(q1, 'Head of engineering')}</figure>
  <figure class="card">${quote(q2, 'Founder')}</figure><figure class="card">${quote(q3, 'Product lead')}</figure></div></section>
  ${para('Integrations', 3)}
  <div class="carousel"><div class="track"><a class="slide" href="/customers/a"><div class="inner">${quote(q1, 'Head of engineering')}</div></a>
  <a class="slide" href="/customers/b"><div class="inner">${quote(q2, 'Founder')}</div></a></div></div></main>`;

describe('dropFarCopies (copies of a text block under other wrappers)', () => {
  it('keeps one copy of quotes printed as a grid and again as a carousel elsewhere in the page', () => {
    const out = textOf(page(landing));
    expect(count(out, q1)).toBe(1);
    expect(count(out, q2)).toBe(1);
    expect(out).toContain('Integrations paragraph 3');
    // with the rule off both copies stay (the copies are not side by side: layout-duplicates leaves them)
    expect(count(textOf(page(landing), ['far-copies']), q1)).toBe(2);
  });

  it('keeps a line every item of one list shares (same wrappers), and a refrain under one parent', () => {
    const note = 'This certificate program is also available in Spanish and in Portuguese.';
    const course = (name: string) =>
      `<li class="course"><h3><a href="/c/${name}">${name} leadership course</a></h3><div class="summary">` +
      `<p>Six weeks on ${name} teams, taught by faculty with cases from industry.</p><p>${note}</p></div></li>`;
    const refrain = 'Stir the pot slowly and taste before adding more salt to the broth.';
    const doc = page(`<main><h1>Courses</h1>${para('The catalogue', 2)}<ul class="courses">${course('Data')}
      ${course('Design')}${course('Finance')}</ul><div class="steps"><p>${refrain}</p><p>Add the beans.</p>
      <p>${refrain}</p></div></main>`);
    const out = textOf(doc);
    expect(count(out, note)).toBe(3);
    expect(count(out, refrain)).toBe(2);
  });
});
