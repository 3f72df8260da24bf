// Teasers of other stories (teaserCards.ts) in the root choice: a rail of them beside a story is no group of posts
// (root-teaser-siblings), a page's own feature cards are no teasers, a list made only of teasers stays a group.
import { describe, expect, it } from 'vitest';
import { chooseRoot } from './chooseRoot.js';
import { isTeaserBlock } from './teaserCards.js';
import { computeGood, measureTree, type MeasuredTree } from './measureTree.js';
import { describe as name } from './nodeNames.js';
import { ruleSwitch } from './ruleContext.js';
import { page, para } from './testPages.fixture.js';

function measured(body: string): MeasuredTree {
  const tree = measureTree(page(body).body, { keepComments: false });
  computeGood(tree);
  return tree;
}

function rootOf(body: string, off: string[] = [], article = false): string {
  const root = chooseRoot(measured(body), { article, discussion: false }, ruleSwitch(new Set(off)));
  return name(root);
}

/** Another story's teaser: its title as a link, a summary under it. */
const teaser = (i: number): string =>
  `<div class="card"><a href="/news/story-${i}">Other story number ${i} makes the headlines today</a>` +
  `<p>A summary of the other story number ${i}, long enough to outweigh a short article when many of them are ` +
  'added up in the column beside it, which is what happens on news pages.</p></div>';
const rail = (n: number): string => Array.from({ length: n }, (_, i) => teaser(i)).join('');

describe('teaser cards', () => {
  it("reads a block of teaser cards as teasers; prose and a page's own cards ending in a link as none", () => {
    const feature = (i: number): string =>
      `<li class="feature"><h2>Feature ${i}</h2><p>What feature ${i} does for you, in a sentence or two that ` +
      `explain it well enough.</p><a href="/docs/${i}">Learn more about feature ${i}</a></li>`;
    const own = measured(`<ul id="features">${[1, 2, 3, 4].map(feature).join('')}</ul>`);
    expect(isTeaserBlock(own.preorder.find((s) => s.el.id === 'features')!)).toBe(false);
    const tree = measured(`<div id="rail">${rail(4)}</div><div id="body">${para('Body', 4)}</div>`);
    const block = (id: string) => tree.preorder.find((s) => s.el.id === id)!;
    expect(isTeaserBlock(block('rail'))).toBe(true);
    expect(isTeaserBlock(block('body'))).toBe(false);
  });

  it('a rail of teasers beside a story column is no group of posts (root-teaser-siblings)', () => {
    const body =
      `<div class="row"><section class="column">${para('Story', 14)}</section>` +
      `<section class="column">${rail(2)}</section></div>`;
    expect(rootOf(body, [], true)).toBe('section.column');
    expect(rootOf(body, ['root-teaser-siblings'], true)).toBe('div.row');
    // only on pages marked as articles: a listing's columns of cards stay a group
    expect(rootOf(body)).toBe('div.row');
  });

  it('posts that are all teasers stay a group (a list of stories)', () => {
    const body = `<div class="list">${rail(5)}</div>`;
    expect(rootOf(body, [], true)).toBe('div.list');
  });
});
