import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { collectContentHints, extractMainContent } from './extractMainContent.js';
import { findBodyEvidence } from './findBodyEvidence.js';
import { measureTree } from './measureTree.js';
import { para, text } from './testPages.fixture.js';

/** A short article beside a strip of teasers of other stories that hold more prose than it does. */
function newsPage(marking: 'itemprop' | 'jsonld' | 'none'): Document {
  const story = para('The council vote', 3);
  const teasers = Array.from({ length: 6 }, (_, i) => {
    const title = `<h3><a href="/news/${i}">Other story ${i}</a></h3>`;
    return `<div class="card">${title}${para(`Teaser summary ${i}`, 1)}</div>`;
  }).join('');
  const storyText = parseHTML(`<div>${story}</div>`).document.querySelector('div')?.textContent ?? '';
  const ld = JSON.stringify({ '@type': 'NewsArticle', articleBody: storyText });
  const jsonld = marking === 'jsonld' ? `<script type="application/ld+json">${ld}</script>` : '';
  const wrap = marking === 'itemprop' ? 'itemprop="articleBody"' : 'class="txt"';
  const body = `<div ${wrap}>${story}</div>`;
  return parseHTML(`<!doctype html><html><head>${jsonld}</head><body><div class="page"><div class="col">
    <h1>Council votes on the new bridge</h1><p class="lead">The lead says what happened, in one sentence.</p>${body}
    </div><div class="more">${teasers}</div></div></body></html>`).document as unknown as Document;
}

function extract(document: Document, disabledRules?: ReadonlySet<string>): string {
  const hints = collectContentHints(document);
  for (const el of Array.from(document.querySelectorAll('script'))) el.remove();
  return text(extractMainContent(document, { hints, disabledRules }));
}

describe('body evidence (itemprop=articleBody, JSON-LD articleBody)', () => {
  it('roots a short article marked itemprop="articleBody" there, teasers beside it left out, the lead kept', () => {
    const out = extract(newsPage('itemprop'));
    expect(out).toContain('The council vote paragraph 3');
    expect(out).toContain('The lead says what happened');
    expect(out).not.toContain('Teaser summary 2');
    // without the rule the teasers outweigh the story and the root holds both
    expect(extract(newsPage('itemprop'), new Set(['body-evidence']))).toContain('Teaser summary 2');
  });

  it('finds the element whose text is the JSON-LD articleBody', () => {
    const out = extract(newsPage('jsonld'));
    expect(out).toContain('The council vote paragraph 1');
    expect(out).not.toContain('Teaser summary 4');
    expect(extract(newsPage('jsonld'), new Set(['body-evidence']))).toContain('Teaser summary 4');
  });

  it('changes nothing on a page that marks no body', () => {
    expect(extract(newsPage('none'))).toBe(extract(newsPage('none'), new Set(['body-evidence'])));
  });
});

describe('findBodyEvidence over the JSON-LD articleBody', () => {
  const measure = (html: string) =>
    measureTree(parseHTML(html).document.body as unknown as Element, { keepComments: false });

  it('finds the body inside blocks whose texts miss it (their subtrees are not read again)', () => {
    const story = `${'The council voted on the new bridge across the river today. '.repeat(8)}The end.`;
    const tree = measure(
      `<html><body><div class="side"><p>${'Other story text here. '.repeat(30)}</p></div>` +
        `<div class="col"><div class="story"><p>${story}</p></div><div class="more">Most read</div></div></body></html>`,
    );
    expect(findBodyEvidence(tree.preorder, story)?.cls).toBe('story');
  });

  it('reads a block holding a capital sigma whose text misses the body: a child may end the word there', () => {
    // lower-cased alone, the story's last "Σ" ends a word ("ς"); in its parent a letter follows it ("σ")
    const story = `${'Η ΠΟΛΗ ΨΗΦΙΖΕΙ ΓΙΑ ΤΗ ΝΕΑ ΓΕΦΥΡΑ ΣΗΜΕΡΑ '.repeat(10)}ΤΕΛΟΣ`;
    const tree = measure(
      `<html><body><div class="col"><div class="story">${story}</div><span>ΚΑΙ</span></div></body></html>`,
    );
    expect(findBodyEvidence(tree.preorder, story)?.cls).toBe('story');
  });
});
