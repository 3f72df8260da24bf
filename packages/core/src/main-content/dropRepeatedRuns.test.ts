import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const count = (s: string, part: string): number => s.split(part).length - 1;

describe('dropRepeatedRuns', () => {
  it('keeps one run of a looping ticker whose items repeat in order', () => {
    const run = ['No artificial flavors', '100% vegan', 'Gluten-free', 'Non-GMO']
      .map((t) => `<li class="ticker-item"><p>${t}</p></li>`)
      .join('');
    const doc = page(
      `<div class="product"><h1>Shake Mix</h1>${para('The mix', 4)}<ul class="ticker">${run}${run}${run}</ul></div>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The mix paragraph 4');
    expect(count(out, '100% vegan')).toBe(1);
    expect(count(out, 'Non-GMO')).toBe(1);
  });

  it('keeps lists whose items only look alike: a repeated label, or a run that does not come back whole', () => {
    const same = Array.from({ length: 6 }, () => '<li>Details</li>').join('');
    const steps = ['Mix', 'Shake', 'Pour', 'Mix', 'Shake', 'Serve'].map((t) => `<li>${t}</li>`).join('');
    const doc = page(
      `<div class="recipe"><h1>Shake</h1>${para('The shake', 4)}<ul class="labels">${same}</ul><ol ` +
        `class="steps">${steps}</ol></div>`,
    );
    const out = text(extractMainContent(doc));
    expect(count(out, 'Details')).toBe(6);
    expect(count(out, 'Shake')).toBeGreaterThanOrEqual(2);
    expect(out).toContain('Serve');
    expect(count(out, 'Pour')).toBe(1);
    expect(count(out, 'Mix')).toBe(2);
  });

  it('keeps one copy of a marquee that repeats one short label many times', () => {
    const marquee = Array.from({ length: 12 }, () => '<span>Book Now *</span>').join('');
    const doc = page(
      `<div class="service"><h1>Packaging design</h1>${para('The service', 4)}<div ` +
        `class="marquee">${marquee}</div></div>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The service paragraph 4');
    expect(count(out, 'Book Now')).toBe(1);
  });
});
