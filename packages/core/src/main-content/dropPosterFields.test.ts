import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('dropPosterFields (discussion pages)', () => {
  it('drops an author group that stands alone in most posts, keeps the names (linked or not) and the posts', () => {
    const authors = ['alice', 'bob', 'alice', 'carol', 'alice'];
    const groups = ['Members', 'Members', 'Members', 'Moderators', 'Members'];
    const posts = authors
      .map(
        (
          name,
          i,
        ) => `<article class="post"><div class="card"><div class="who"><span class="name">${name}</span> <time>wrote on 12 March 2024, 10:1${i} in Ponds and Water Gardens</time></div>
        <div class="group"><span>${groups[i]}</span></div></div>
        <div class="post-body"><p>Post ${i} by ${name} answers the question about the garden pond at some length, with reasons.</p></div></article>`,
      )
      .join('');
    const doc = page(`<nav><a href="/">Home</a> <a href="/forums">Forums</a></nav><div class="thread">${posts}</div>`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/pond.42/' }));
    for (let i = 0; i < 5; i++) expect(out).toContain(`Post ${i} by`);
    expect(out).not.toContain('Members');
    // the names stay, although "alice" stands alone in three posts of five: the post's first text is its author
    expect(out.match(/alice/g)?.length).toBeGreaterThanOrEqual(6);
  });
});
