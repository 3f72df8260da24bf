// A block opened by a recommendation heading does not count toward dominance when the root is chosen
// (root-skips-recommendations, recommendationBlocks.ts): a stream of other stories' teasers beside a short story no
// longer keeps the root above the story, in any language of the vocabulary; a block under the story's own table of
// contents still counts.
import { describe, expect, it } from 'vitest';
import { chooseRoot } from './chooseRoot.js';
import { computeGood, measureTree } from './measureTree.js';
import { describe as name } from './nodeNames.js';
import { ruleSwitch } from './ruleContext.js';
import { page, para } from './testPages.fixture.js';

function rootOf(body: string, off: string[] = [], discussion = false): string {
  const tree = measureTree(page(body).body, { keepComments: false });
  computeGood(tree);
  return name(chooseRoot(tree, { article: true, discussion }, ruleSwitch(new Set(off))));
}

/** Another story's teaser in a stream: its title as a link, a summary under it. */
const teaser = (i: number): string =>
  `<li><a href="/news/story-${i}">Other story number ${i} makes the headlines today</a>` +
  `<p>A summary of the other story number ${i}, long enough that many of them added up outweigh a short story ` +
  'beside them, which is what a stream of recommendations does on news pages.</p></li>';
const stream = (heading: string, n = 8): string =>
  `<div class="remote"><div class="hd"><h2>${heading}</h2></div>` +
  `<ul>${Array.from({ length: n }, (_, i) => teaser(i)).join('')}</ul></div>`;
const story = `<section class="story"><h1>The story</h1>${para('Story', 4)}</section>`;

describe('recommendation blocks in the root choice', () => {
  it('a stream opened by "Recommended for You" beside a short story leaves the root on the story', () => {
    const body = `<div id="page">${story}${stream('Recommended for You')}</div>`;
    expect(rootOf(body)).toBe('section.story');
    expect(rootOf(body, ['root-skips-recommendations'])).toBe('div#page');
  });

  it('matches the heading in the other languages of the vocabulary', () => {
    for (const heading of ['Das könnte Sie auch interessieren', 'Lire aussi', 'Leggi anche', 'Читайте также']) {
      const body = `<div id="page">${story}${stream(heading)}</div>`;
      expect(rootOf(body), heading).toBe('section.story');
    }
  });

  it("a block under the story's own table of contents still counts; threads keep weighing every block", () => {
    const guide = `<div class="guide"><h2>Table of contents</h2>${para('Guide', 12)}</div>`;
    expect(rootOf(`<div id="page">${story}${guide}</div>`)).toBe('div#page');
    expect(rootOf(`<div id="page">${story}${stream('Recommended for You')}</div>`, [], true)).toBe('div#page');
  });
});
