import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, para, text } from './testPages.fixture.js';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { disabledRules }));
}
const story = (inner: string) =>
  `<article><h1>Title</h1>${para('The story', 3)}${inner}${para('The story goes on', 3)}</article>`;
const OFF = new Set(['signup-boxes']);

describe('dropSignupBoxes', () => {
  it('drops the pitch, consent and thanks lines around an e-mail field, in any language', () => {
    const box =
      '<section><h3>Le courrier du soir</h3><p>Recevez chaque soir le meilleur de la rédaction.</p>' +
      '<form action="/nl"><input type="email" placeholder="Votre adresse"><button>OK</button></form>' +
      '<p>En vous inscrivant, vous acceptez notre politique de confidentialité.</p>' +
      '<p>Merci, votre inscription est confirmée.</p></section>';
    const kept = extract(story(box));
    expect(kept).not.toContain('Recevez chaque soir');
    expect(kept).not.toContain('En vous inscrivant');
    expect(kept).not.toContain('Merci, votre inscription');
    expect(kept).toContain('The story goes on paragraph 3');
    expect(extract(story(box), OFF)).toContain('Recevez chaque soir');
  });

  it('finds a field named for e-mail in a plain text input', () => {
    const box =
      '<div><p>Get the morning briefing in your inbox.</p>' +
      '<div><input type="text" name="EMAIL"><button>Go</button></div></div>';
    expect(extract(story(box))).not.toContain('morning briefing');
    expect(extract(story(box), OFF)).toContain('morning briefing');
  });

  it("keeps the story's paragraphs beside a form: the climb stops below a long block", () => {
    // the field sits straight in the story's block: no short block around it, nothing goes
    const inline = `<article><h1>Title</h1>${para('The story', 3)}<input type="email">${para('More', 2)}</article>`;
    expect(extract(inline)).toContain('The story paragraph 1');
    expect(extract(inline)).toContain('More paragraph 2');
  });

  it('leaves a search field alone', () => {
    const box = '<div><p>Search the archive of past issues.</p><input type="search" name="q"></div>';
    expect(extract(story(box))).toContain('Search the archive');
  });
});
