import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, para, text } from './testPages.fixture.js';

function extract(body: string, disabledRules?: ReadonlySet<string>): string {
  return text(extractMainContent(page(body), { disabledRules }));
}
const story = (inner: string) =>
  `<article><h1>Title</h1>${para('The story', 2)}${inner}${para('The story goes on', 2)}</article>`;

describe('dropFigureCaptions', () => {
  it('drops figure captions', () => {
    const figure = '<figure><img src="/a.jpg" alt=""><figcaption>The bridge at dawn.</figcaption></figure>';
    expect(extract(story(figure))).not.toContain('The bridge at dawn');
    expect(extract(story(figure), new Set(['figure-captions']))).toContain('The bridge at dawn');
  });
});
