import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('dropPostStamps (discussion pages)', () => {
  it('drops the edit notices, like counters and post numbers forum software stamps on posts, keeps posts that talk about editing', () => {
    const notices = [
      'Last edited: Jul 25, 2024',
      'Edited April 18, 2024 by someuser (see edit history)',
      'Last edited by other on 12. Sep 2024, 11:14, edited 4 times in total.',
    ];
    const posts = notices
      .map(
        (
          notice,
          i,
        ) => `<div class="post"><div class="author">user${i}</div><div class="post-body"><p>Post number ${i} says what its author thinks about the question, at some length and in full sentences.</p>
        <div class="notice">${notice}</div><div class="actions"><span class="post-likes">${i + 2} Likes</span><a href="#post-${i}">#${i + 11}</a></div></div></div>`,
      )
      .join('');
    const edited =
      '<div class="post"><div class="author">user9</div><div class="post-body"><p>Edited the config file as you said ' +
      'and it works now, thank you all for the help.</p></div></div>';
    const doc = page(`<div class="thread">${posts}${edited}</div>`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/help.42/' }));
    for (let i = 0; i < 3; i++) expect(out).toContain(`Post number ${i} says`);
    expect(out).toContain('Edited the config file');
    expect(out).not.toContain('Last edited');
    expect(out).not.toContain('see edit history');
    expect(out).not.toContain('times in total');
    expect(out).not.toContain('3 Likes');
    expect(out).not.toMatch(/#1[123]/); // the posts' numbers in the thread
  });
});
