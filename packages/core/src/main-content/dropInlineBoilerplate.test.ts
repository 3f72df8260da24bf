import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { openingPhrase } from './dropInlineBoilerplate.js';
import { page, para, text } from './testPages.fixture.js';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { disabledRules }));
}

describe('openingPhrase', () => {
  it('matches a phrase of any language at the start, ending at a word boundary', () => {
    expect(openingPhrase('lesen sie auch: die wahl', 'readAlso')).toBe('lesen sie auch');
    expect(openingPhrase('читайте также: выборы', 'readAlso')).toBe('читайте также');
    expect(openingPhrase('関連記事 選挙の行方', 'readAlso')).toBe('関連記事');
    expect(openingPhrase('foto: reuters', 'credit')).toBe('foto:');
    expect(openingPhrase('share on facebook', 'share')).toBe('share on');
    // "shared" is not "share"; a phrase in the middle is no opening
    expect(openingPhrase('shared values matter', 'share')).toBeNull();
    expect(openingPhrase('we read also the footnotes', 'readAlso')).toBeNull();
  });
});

describe('dropInlineBoilerplate', () => {
  const story = (inner: string) => `<article><h1>Title</h1>${para('The story', 2)}${inner}${para('The story goes on', 2)}</article>`;

  it('drops a one-link "read also" promo inside the story, in several languages', () => {
    for (const [promo, title] of [
      ['<p>Read also: <a href="/news/other-story">Mayor resigns after the budget vote</a></p>', 'Mayor resigns'],
      ['<p>Lire aussi : <a href="/fr/autre">Le maire démissionne après le vote</a></p>', 'Le maire'],
      ['<p><strong>Czytaj też:</strong> <a href="/pl/inny">Burmistrz rezygnuje po głosowaniu</a></p>', 'Burmistrz'],
    ]) {
      const out = extract(story(promo));
      expect(out).toContain('The story goes on paragraph 2');
      expect(out).not.toContain(title);
      expect(extract(story(promo), new Set(['inline-read-also', 'inline-credit', 'inline-call-to-action', 'inline-share', 'inline-tags']))).toContain(title);
    }
  });

  it('keeps a sentence that opens with such words but is prose, not a promo (few links, long text)', () => {
    const prose = '<p>Related studies found the same effect in three countries, which the authors discuss at length in ' +
      'their appendix and in a <a href="/paper">follow-up paper</a>.</p>';
    expect(extract(story(prose))).toContain('Related studies found the same effect');
  });

  it('drops photo credits, calls to action, share lines and tag lines', () => {
    const lines = '<p>Photo: Jane Roe / Agency</p>' +
      '<p>Subscribe to <a href="/newsletter">our daily newsletter</a> for more.</p>' +
      '<div>Share: <a href="https://facebook.com/x">Facebook</a> <a href="https://x.com/y">X</a></div>' +
      '<p>Tags: <a href="/t/a">budget</a>, <a href="/t/b">council</a></p>';
    const out = extract(story(lines));
    for (const gone of ['Jane Roe', 'daily newsletter', 'Facebook', 'council']) expect(out).not.toContain(gone);
    expect(out).toContain('The story goes on paragraph 1');
    const off = extract(story(lines), new Set(['inline-read-also', 'inline-credit', 'inline-call-to-action', 'inline-share', 'inline-tags']));
    expect(off).toContain('Jane Roe');
    expect(off).toContain('daily newsletter');
  });

  it('drops figure captions', () => {
    const figure = '<figure><img src="/a.jpg" alt=""><figcaption>The bridge at dawn, seen from the river.</figcaption></figure>';
    expect(extract(story(figure))).not.toContain('The bridge at dawn');
    expect(extract(story(figure), new Set(['figure-captions']))).toContain('The bridge at dawn');
  });
});
