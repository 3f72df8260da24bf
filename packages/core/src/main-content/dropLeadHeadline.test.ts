import { describe, expect, it } from 'vitest';
import { processHtml } from '../html/processHtml.js';
import { extractMainContent } from './extractMainContent.js';
import { chrome, footer, para, pageWithHead, text } from './testPages.fixture.js';

const story = (h1: string, before = '') =>
  `${chrome}<article>${before}<h1>${h1}</h1>${para('The council', 4)}</article>${footer}`;

describe('dropLeadHeadline', () => {
  it('drops the <h1> opening the root when the page title repeats it', () => {
    const doc = pageWithHead(
      story('Council votes on the new bridge'),
      '<title>Council votes on the new bridge | Daily</title>',
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The council paragraph 1');
    expect(out).not.toContain('Council votes on the new bridge');
  });

  it('reads the titles the pipeline gathered before cleaning (og:title)', () => {
    const html =
      '<html><head><meta property="og:title" content="Council votes on the new bridge"></head><body>' +
      `${story('Council votes on the new bridge')}</body></html>`;
    const { markdown } = processHtml({ body: html }, { onlyMainContent: true, outputs: ['markdown'] });
    expect(markdown).toContain('The council paragraph 4');
    expect(markdown).not.toContain('Council votes on the new bridge');
  });

  it('keeps an <h1> the title does not hold, and one after other text of the root', () => {
    const other = pageWithHead(story('A heading of its own words'), '<title>Council votes on the new bridge</title>');
    expect(text(extractMainContent(other))).toContain('A heading of its own words');
    const kicker = pageWithHead(
      story('Council votes on the new bridge', '<p>Local politics</p>'),
      '<title>Council votes on the new bridge</title>',
    );
    expect(text(extractMainContent(kicker))).toContain('Council votes on the new bridge');
  });

  it('keeps a short <h1> that a title holds by chance', () => {
    const doc = pageWithHead(story('News'), '<title>News about the new bridge</title>');
    expect(text(extractMainContent(doc))).toContain('News');
  });
});
