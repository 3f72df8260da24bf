import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_COUNT } from './dropEngagementCounts.js';
import { extractMainContent } from './extractMainContent.js';
import { page, para, text } from './testPages.fixture.js';

describe('dropEngagementCounts (reader counters)', () => {
  it('drops the counters under each teaser, also when an icon carries a title', () => {
    const icon = '<svg role="img"><title>Comments</title><path d="M0 0h1"></path></svg>';
    const teaser = (
      i: number,
    ) => `<div class="story"><h2><a href="/p/${i}">How we rebuilt the build system, part ${i}</a></h2>
      <p>A look at caching, remote execution and the mistakes we made on the way, told by the team ${i}.</p>
      <div class="details"><a href="/p/${i}#reactions"><span>${40 + i} reactions</span></a><a href="/p/${i}#comments">${icon}${i}<span class="label">&nbsp;comments</span></a></div></div>`;
    const doc = page(`<main><h1>Latest posts</h1><div class="feed">${[1, 2, 3, 4].map(teaser).join('')}</div></main>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out, trace.join('\n')).toContain('How we rebuilt the build system, part 4');
    expect(out).not.toContain('reactions');
    expect(out).not.toMatch(/\d comments/);
  });

  it('keeps counts that are text or data: in a sentence, in a table cell', () => {
    const doc =
      page(`<main><h1>Our forum in numbers</h1>${para('The forum', 3)}<p>The launch post drew 27 comments in an hour.</p>
      <table><tr><th>Month</th><th>Activity</th></tr><tr><td>May</td><td>1,204 comments</td></tr></table></main>`);
    const out = text(extractMainContent(doc, {}));
    expect(out).toContain('The launch post drew 27 comments in an hour.');
    expect(out).toContain('1,204 comments');
  });
});

describe('ENGAGEMENT_COUNT', () => {
  it('reads a number padded with 100,000 blanks in one pass (quadratic before: two blank runs shared them)', () => {
    expect(ENGAGEMENT_COUNT.test(`0${'\t'.repeat(100_000)}!`)).toBe(false);
    expect(ENGAGEMENT_COUNT.test(`1.2${' '.repeat(100_000)}k${' '.repeat(100_000)}views`)).toBe(true);
    expect(ENGAGEMENT_COUNT.test('1.2kviews')).toBe(true);
    expect(ENGAGEMENT_COUNT.test('44 reactions')).toBe(true);
    expect(ENGAGEMENT_COUNT.test('44 k m views')).toBe(false);
  });
});
