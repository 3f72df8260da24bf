import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { STORY_BODY_CLASSES } from './blockWords.js';
import { chrome, footer, page, para, text } from './testPages.fixture.js';

// a page whose story is its one <article>, with a reviewers' note and a testimonial block printed after it inside
// the same column
const storyThenTail = (tail: string): Document =>
  page(`${chrome}<main><div class="column"><article><h1>Plant-based diets</h1>${para('The story', 6)}</article>
    ${tail}</div></main>${footer}`);

const tail = `<div class="sources"><h3>How we reviewed this article:</h3>
    <p>Our team of nutritionists relies on peer-reviewed studies, academic research institutions and medical
    journals, and avoids tertiary references when it reviews a health story for its readers.</p></div>
  <div class="quotes"><p>"The staff and the doctors are always kind and attentive to our kids."</p><p>Dana R.</p></div>`;

describe('dropAfterArticle', () => {
  it("drops what follows the page's one article inside the root", () => {
    const out = text(extractMainContent(storyThenTail(tail)));
    expect(out).toContain('The story paragraph 6');
    expect(out).not.toContain('How we reviewed this article');
    expect(out).not.toContain('always kind and attentive');
  });

  it('keeps the tail when switched off', () => {
    const out = text(extractMainContent(storyThenTail(tail), { disabledRules: new Set(['after-article']) }));
    expect(out).toContain('How we reviewed this article');
  });

  it('keeps what follows one of several articles (posts, teaser cards)', () => {
    const doc = page(`<main><div class="column"><article><h1>First post</h1>${para('The first post', 6)}</article>
      <article><h2>Second post</h2>${para('The second post', 2)}</article>
      <p>A closing paragraph of the column explains the matter in plain words, with commas, and full sentences.</p>
      </div></main>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The second post paragraph 2');
    expect(out).toContain('A closing paragraph');
  });

  it('keeps the text after a small article that is not the story (a quoted card)', () => {
    const doc = page(`<main><div class="column">${para('The intro', 3)}
      <article><p>A quoted card holds one short line of a different page.</p></article>${para('The rest', 5)}
      </div></main>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The rest paragraph 5');
  });

  it('drops what follows the one story-body block of a publishing system (after-body-class)', () => {
    const doc = page(`${chrome}<main><div class="column"><h1>Travel notes</h1>
      <div class="entry-content">${para('The story', 6)}</div>
      <div><p>Jane writes about travel and food for the magazine, and lives in Lisbon with two cats.</p></div>
      </div></main>${footer}`);
    expect(text(extractMainContent(doc, { copy: true }))).not.toContain('Jane writes about travel');
    const off = extractMainContent(doc, { copy: true, disabledRules: new Set(['after-body-class']) });
    expect(text(off)).toContain('Jane writes about travel');
    expect(text(off)).toContain('The story paragraph 6');
  });

  // hasBodyClass reads a class list through a one-regex pre-test: it must let through every spelling the word test
  // takes (any case, any white space between classes) and nothing the word test refuses
  const bodyClassPage = (cls: string): Document =>
    page(`${chrome}<main><div class="column"><h1>Travel notes</h1>
      <div class="${cls}">${para('The story', 6)}</div>
      <div><p>Jane writes about travel and food for the magazine, and lives in Lisbon with two cats.</p></div>
      </div></main>${footer}`);

  it.each([...STORY_BODY_CLASSES])('finds the story-body class %s in any case, among other classes', (name) => {
    const spellings = [name.toUpperCase(), `wide\t${name[0].toUpperCase()}${name.slice(1)}\nclearfix`, `a  ${name}`];
    for (const cls of spellings)
      expect(text(extractMainContent(bodyClassPage(cls), { copy: true })), cls).not.toContain('Jane writes');
  });

  it('does not take a story-body name inside a longer class for the class itself', () => {
    for (const cls of ['entry-contents', 'my-entry-content', 'post-content_', 'article-body-wrap'])
      expect(text(extractMainContent(bodyClassPage(cls), { copy: true })), cls).toContain('Jane writes');
  });
});
