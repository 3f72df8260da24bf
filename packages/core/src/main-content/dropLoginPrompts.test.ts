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

  // the gate reads the root's text, where the prompt's last word may run into the next block's
  it('finds a prompt whose last word touches the next text (the gate needs no end boundary)', () => {
    const posts = [
      'The new timetable moves the first bus to half past six, which suits the early shift.',
      'It also adds a late service on Fridays, which many of us asked for last year.',
      'Good news for the night workers who depend on it, thanks for posting this.',
    ]
      .map((body, i) => `<div class="post"><div class="author">user${i}</div><p>${body}</p></div>`)
      .join('');
    // "...to reply" and "Powered" touch in the root's textContent: "to replyPowered"
    const doc = page(
      `<div class="thread">${posts}<div class="reply-box"><p>Please log in to reply</p></div>` +
        '<p>Powered by forum software, version two.</p></div>',
    );
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/bus.7/' }));
    expect(out).toContain('first bus to half past six');
    expect(out).not.toContain('Please log in to reply');
  });

  it('reads no block of a root that never says what a prompt asks to do', () => {
    const note = '<p>Log in to the greenhouse log each morning, water the plants.</p>';
    const doc = page(`<article><h1>Garden notes</h1>${note.repeat(3)}</article>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Log in to the greenhouse log');
  });
});
