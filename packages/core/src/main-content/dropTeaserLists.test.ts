import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const article = { hints: { jsonLdTypes: ['newsarticle'] } };

describe('dropTeaserLists (article pages)', () => {
  it('drops cards of other stories (a linked headline and a date each) beside the story', () => {
    const card = (
      i: number,
    ) => `<div class="post-item"><div class="tagline"><span class="date">Dec ${10 + i}, 2025</span></div>
      <h3 class="title"><a href="/news/${i}">Other headline number ${i}</a></h3><p>A short snippet of the other story ${i}, a line or two long, the way a section front sums up a story so that a reader can decide whether to open it.</p></div>`;
    const doc = page(`<div class="page"><div class="story"><h1>The story</h1>${para('The story', 12)}</div>
      <div class="more"><div class="post-list">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></div></div>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { ...article, trace }));
    expect(out, trace.join('\n')).toContain('The story paragraph 12');
    expect(out).not.toContain('Other headline number 2');
    expect(out).not.toContain('snippet of the other story');
    expect(trace.some((t) => t.includes('teaser cards'))).toBe(true);
  });

  it('keeps the items of a list article (linked headings between its paragraphs) and dateless service cards', () => {
    const item = (i: number) =>
      `<div class="pick"><h2><a href="https://shop.example/${i}">Pick number ${i}</a></h2><p>Why pick ${i} made the ` +
      `list, on ${`Dec ${i}, 2025`}.</p></div>`;
    const listicle = page(
      `<div class="entry">${para('Intro', 2)}${[1, 2, 3, 4].map(item).join('')}${para('Outro', 2)}</div>`,
    );
    const out = text(extractMainContent(listicle, article));
    for (const i of [1, 4]) expect(out).toContain(`Pick number ${i}`);
    const service = (i: number) =>
      `<div class="svc"><h3><a href="/services/${i}">Service number ${i}</a></h3><p>What service ${i} does for your ` +
      `business, who it is for, how long it takes and what it costs, told in a couple of plain sentences.</p></div>`;
    const services = page(
      `<div class="page"><div class="about">${para('About us', 8)}</div><div class="grid"><div ` +
        `class="cards">${[1, 2, 3, 4, 5, 6].map(service).join('')}</div></div></div>`,
    );
    const out2 = text(extractMainContent(services, article));
    expect(out2).toContain('About us paragraph 8');
    expect(out2).toContain('Service number 6');
  });
  it('counts cards of one kind across several lists as one stream (rows of three, an undated sponsored card in each)', () => {
    const card = (i: number) =>
      i % 3 === 1
        ? `<div class="post-item"><div class="sponsored"><h5>Sponsored Content</h5></div><h3 class="title"><a ` +
          `href="/ad/${i}">Paid headline number ${i}</a></h3><p>A paid snippet ${i}, a few lines long, written the ` +
          `way the other cards sum up their stories for a reader, with enough words that a row of three cards runs ` +
          `longer than one card may be, and then some more words on top of ` +
          `that.</p><p>${'More of the snippet, as long cards carry. '.repeat(4)}</p></div>`
        : `<div class="post-item"><div class="tagline"><span class="date">Dec ${10 + i}, 2025</span></div>
        <h3 class="title"><a href="/news/${i}">Other headline number ${i}</a></h3><p>A short snippet of the other story ${i}, a few lines long, the way a section front sums up a story, with enough words that a row of three cards runs longer than any one teaser card may be on its own, and more.</p><p>${'More of the snippet, as long cards carry. '.repeat(4)}</p></div>`;
    const row = (from: number) => `<div class="post-list">${[from, from + 1, from + 2].map(card).join('')}</div>`;
    const doc = page(`<div class="page"><div class="story"><h1>The story</h1>${para('The story', 30)}</div>
      <div class="more"><div class="section">${row(0)}${row(3)}${row(6)}</div></div></div>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { ...article, trace }));
    expect(out, trace.join('\n')).toContain('The story paragraph 30');
    expect(out, trace.join('\n')).not.toContain('Other headline number 2');
    expect(out).not.toContain('Paid headline number 4');
  });
});
