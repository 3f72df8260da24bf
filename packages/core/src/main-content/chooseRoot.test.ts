// The "choose the root" stage on its own: its rules shown doing their work, and shown off (disabledRules).
import { describe, expect, it } from 'vitest';
import { chooseRoot } from './chooseRoot.js';
import type { ContentHints } from './collectContentHints.js';
import { computeGood, measureTree } from './measureTree.js';
import { describe as name } from './nodeNames.js';
import { ruleSwitch } from './rules.js';
import { page, para } from './testPages.fixture.js';

function rootOf(body: string, off: string[] = [], hints: ContentHints = { jsonLdTypes: [] }, article = false): string {
  const tree = measureTree(page(body).body, { keepComments: false });
  computeGood(tree);
  return name(chooseRoot(tree, { article, discussion: false, hints }, ruleSwitch(new Set(off))));
}

describe('chooseRoot', () => {
  it('descends into the child that holds nearly all of the content text', () => {
    const body =
      `<div class="page"><div class="body">${para('Body', 10)}</div>` +
      '<div class="note"><p>Short note.</p></div></div>';
    expect(rootOf(body)).toBe('div.body');
  });

  it('stops at a group of alike siblings: posts (root-similar-siblings)', () => {
    const post = (i: number, n: number): string => `<div class="post">${para(`Post ${i}`, n)}</div>`;
    const body = `<div class="thread">${post(1, 10)}${post(2, 1)}${post(3, 1)}</div>`;
    expect(rootOf(body)).toBe('div.thread');
    expect(rootOf(body, ['root-similar-siblings'])).toBe('div.post');
  });

  it("keeps the page's <h1> on a page that is no article (root-keeps-title)", () => {
    const body = `<div class="product"><h1>Trail tent</h1><div class="desc">${para('Tent', 10)}</div></div>`;
    expect(rootOf(body)).toBe('div.product');
    expect(rootOf(body, ['root-keeps-title'])).toBe('div.desc');
    expect(rootOf(body, [], { jsonLdTypes: ['article'] }, true)).toBe('div.desc');
  });

  it('moves the root to the body the page marks itself (body-evidence)', () => {
    const body =
      `<div class="page"><div class="mega"><div class="col">${para('Menu', 6)}</div>` +
      `<div class="promo">${para('Offer', 6)}</div></div>` +
      `<div itemprop="articleBody">${para('Story', 3)}</div></div>`;
    expect(rootOf(body)).toBe('div');
    expect(rootOf(body, ['body-evidence'])).toBe('div.page');
  });
});
