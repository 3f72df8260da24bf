import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { chrome, footer, page, text } from './testPages.fixture.js';

const OFF = new Set(['item-title-headings']);

/** A blog's list of posts: each post's title is a linked heading wrapped with its date, then an excerpt. */
const post = (i: number): string => `<article class="entry">
  <div class="entry-title-wrapper"><h2 class="entry-title"><a href="/news/post-${i}">Partnership number ${i} signed
  with the regional office</a></h2><p class="date"><a href="/news/post-${i}">March ${i}</a></p></div>
  <div class="entry-excerpt"><p>The agreement number ${i} covers training, shared research and a joint programme for
  the coming years, with reviews every quarter.</p></div>
  <p class="entry-more"><a href="/news/post-${i}">Read more</a> <a href="/news/post-${i}#comments">Comment</a></p>
</article>`;

describe('item-title-headings', () => {
  it("keeps each post's linked title heading in a blog's list, drops the posts' link rows", () => {
    const doc = () =>
      page(`${chrome}<main><h1>News</h1><section class="blog-list">${[1, 2, 3, 4].map(post).join('')}</section>
        </main>${footer}`);
    const trace: string[] = [];
    const on = text(extractMainContent(doc(), { trace }));
    expect(on, trace.join('\n')).toContain('Partnership number 3 signed with the regional office');
    expect(on).toContain('The agreement number 3 covers training');
    expect(on).not.toContain('Read more');
    const off = text(extractMainContent(doc(), { disabledRules: OFF }));
    expect(off).not.toContain('Partnership number 3 signed');
    expect(off).toContain('The agreement number 3 covers training');
  });

  it('still drops a menu of linked headings that is no item of a group', () => {
    const doc = page(`${chrome}<main><h1>About the office</h1>
      <p>The office opened in the spring and serves the whole region with training, research and advice for people who
      run small firms, with a library open to everyone on weekdays and a reading room that stays open late.</p>
      <p>Its staff answer questions by phone and in person, and publish a yearly report on the firms of the region
      with figures on jobs, wages and exports that the regional council reads before it sets its budget.</p>
      <div class="links"><h3><a href="/contact">Contact the office by phone</a></h3><a href="/jobs">Jobs</a></div></main>
      ${footer}`);
    const out = text(extractMainContent(doc, {}));
    expect(out).toContain('The office opened in the spring');
    expect(out).not.toContain('Contact the office by phone');
  });
});
