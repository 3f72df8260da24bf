import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';

const para = (seed: string, n = 3): string =>
  Array.from({ length: n }, (_, i) => `<p>${seed} paragraph ${i + 1} explains the matter in plain words, with enough detail, commas, and full sentences to read like prose.</p>`).join('');
const page = (body: string): Document => parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
const text = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('dropErrorNotices', () => {
  it('drops the error messages a script shows when a request fails, not a message the text quotes', () => {
    const doc = page(`<main><h1>Wool Runner</h1>${para('The shoe', 4)}
      <div class="msg">Oops! Something went wrong. Please try again.</div>
      <div class="list-error"><p>Sorry, there was a problem.</p><p>There was an error retrieving your lists. Please try again.</p></div>
      <p>When the login fails the form says <code>Sorry, try again.</code> and keeps the name.</p></main>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The shoe paragraph 4');
    expect(out).toContain('Sorry, try again.');
    expect(out).not.toContain('Something went wrong');
    expect(out).not.toContain('there was a problem');
    expect(out).not.toContain('retrieving your lists');
  });
});
