import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { openingPhrase } from './dropInlineBoilerplate.js';
import { page, para, text } from './testPages.fixture.js';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { disabledRules }));
}
const story = (inner: string) => `<article><h1>Title</h1>${para('The story', 2)}${inner}${para('The story goes on', 2)}</article>`;

describe('openingPhrase', () => {
  it('matches a phrase of any language at the start, ending at a word boundary', () => {
    expect(openingPhrase('folgen sie uns auf mastodon', 'callToAction')).toBe('folgen sie uns');
    expect(openingPhrase('подпишитесь на наш канал', 'callToAction')).toBe('подпишитесь');
    expect(openingPhrase('订阅我们的新闻', 'callToAction')).toBe('订阅');
    expect(openingPhrase('follow us on x', 'callToAction')).toBe('follow us on');
    // "donated" is not "donate"; a phrase in the middle is no opening
    expect(openingPhrase('donated books fill the shelves', 'callToAction')).toBeNull();
    expect(openingPhrase('readers who subscribe to the paper', 'callToAction')).toBeNull();
  });
});

describe('dropInlineBoilerplate: calls to action', () => {
  it('drops a call to action with a link inside the story, in several languages', () => {
    for (const [line, words] of [
      ['<p>Subscribe to <a href="/newsletter">our daily newsletter</a> for more.</p>', 'daily newsletter'],
      ['<p>Folgen Sie uns auf <a href="https://social.example/@zeitung">Mastodon</a> und im Radio.</p>', 'Mastodon'],
      ['<p>Abonnez-vous à <a href="/lettre">notre lettre du matin</a>.</p>', 'lettre du matin'],
    ]) {
      const out = extract(story(line));
      expect(out).toContain('The story goes on paragraph 2');
      expect(out).not.toContain(words);
      expect(extract(story(line), new Set(['inline-call-to-action']))).toContain(words);
    }
  });

  it('keeps a sentence that opens with such words but links nowhere', () => {
    const prose = '<p>Subscribe to nothing, the mayor said, and you will miss what the council decides next week.</p>';
    expect(extract(story(prose))).toContain('Subscribe to nothing, the mayor said');
  });
});

describe('dropFigureCaptions', () => {
  it('drops figure captions', () => {
    const figure = '<figure><img src="/a.jpg" alt=""><figcaption>The bridge at dawn, seen from the river.</figcaption></figure>';
    expect(extract(story(figure))).not.toContain('The bridge at dawn');
    expect(extract(story(figure), new Set(['figure-captions']))).toContain('The bridge at dawn');
  });
});
