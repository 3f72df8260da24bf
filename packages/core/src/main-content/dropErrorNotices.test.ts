import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

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
