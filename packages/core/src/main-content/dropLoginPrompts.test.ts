import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('dropLoginPrompts', () => {
  it('drops the log-in prompt that stands in for the reply form, keeps a post that talks about logging in', () => {
    const posts = [
      'I cannot log in to reply to my own thread since the update, what changed?',
      'Clear the cookies of the site, then log in again and it works.',
      'That fixed it, thanks a lot for the quick help!',
    ]
      .map(
        (body, i) =>
          `<div class="post"><div class="author">user${i}</div><div class="post-body"><p>${body}</p></div></div>`,
      )
      .join('');
    const doc = page(
      `<div class="thread">${posts}<div class="reply-box"><p>You must log in or register to reply ` +
        `here.</p></div></div>`,
    );
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/help.42/' }));
    expect(out).toContain('I cannot log in to reply to my own thread');
    expect(out).toContain('That fixed it');
    expect(out).not.toContain('You must log in');
  });
});
