import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page } from './testPages.fixture.js';

const count = (hay: string, needle: string): number => hay.split(needle).length - 1;

describe('dropEchoedLabels', () => {
  it('drops a childless copy of the text right before it (a screen-reader echo), not a word repeated after other words', () => {
    const doc = page(`<div class="item"><h1><span>Chain kit 520</span><span class="clip">Chain kit 520</span></h1>
      <div class="price"><span>EUR 163.12<span class="clip">EUR 163.12</span></span></div>${para('The chain', 4)}
      <p><strong>Bold claim</strong> is said twice: <strong>Bold claim</strong></p></div>`);
    const out = (extractMainContent(doc).textContent ?? '').replace(/\s+/g, ' ');
    expect(count(out, 'Chain kit 520')).toBe(1);
    expect(count(out, 'EUR 163.12')).toBe(1);
    expect(count(out, 'Bold claim')).toBe(2);
    expect(out).toContain('The chain paragraph 4');
  });
});
