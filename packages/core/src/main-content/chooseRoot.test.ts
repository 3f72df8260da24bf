// The "choose the root" stage on its own: each rule of it shown doing its work, and shown off (disabledRules).
import { describe, expect, it } from 'vitest';
import { chooseRoot } from './chooseRoot.js';
import { computeGood, measureTree } from './measureTree.js';
import { describe as name } from './nodeNames.js';
import { ruleSwitch } from './rules.js';
import { page, para } from './testPages.fixture.js';
import type { ContentHints } from './collectContentHints.js';

function rootOf(body: string, hints: ContentHints, off: string[] = [], isArticle = false): string {
  const tree = measureTree(page(body).body, { keepComments: false });
  computeGood(tree);
  const trace: string[] = [];
  const context = { article: isArticle, discussion: false, hints };
  const root = name(chooseRoot(tree, context, ruleSwitch(new Set(off)), trace));
  if (process.env.DEBUG_ROOT) console.log(trace.join('\n'));
  return root;
}

const article: ContentHints = { jsonLdTypes: ['newsarticle'] };
const teaser = (i: number): string =>
  `<li class="teaser"><a href="/news/${i}">Another story, number ${i}, in brief</a>` +
  `<p>The summary of that other story ${i}, two lines long as a front page writes them.</p>` +
  `<time>Dec ${i}, 2025</time></li>`;

describe('chooseRoot', () => {
  it('does not count dated teasers of other stories beside the story (root-skips-teasers)', () => {
    const body = `<div class="page"><div class="story"><h1>The story</h1>${para('Story', 6)}</div>` +
      `<ul class="most-read">${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</ul></div>`;
    expect(rootOf(body, article, [], true)).toBe('div.story');
    expect(rootOf(body, article, ['root-skips-teasers'], true)).toBe('div.page');
  });

  it('treats a page whose heading is the headline its metadata names as a story (root-skips-teasers)', () => {
    const body = `<div class="page"><div class="story"><h1>The harbour reopens</h1>${para('Story', 6)}</div>` +
      `<ul class="most-read">${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</ul></div>`;
    expect(rootOf(body, { jsonLdTypes: [], headline: 'The harbour reopens' })).toBe('div.story');
    expect(rootOf(body, { jsonLdTypes: [] })).toBe('div.page');
  });

  it('counts dateless cards: a service page offers its own items (root-skips-teasers)', () => {
    const card = (i: number): string =>
      `<li class="offer"><a href="/services/${i}">Service number ${i}, for firms</a>` +
      `<p>What service ${i} does for your business and how long it takes, in a couple of plain words.</p></li>`;
    const body = `<div class="page"><div class="about">${para('About', 4)}</div>` +
      `<ul class="offers">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></div>`;
    expect(rootOf(body, article, [], true)).toBe('div.page');
  });
});
