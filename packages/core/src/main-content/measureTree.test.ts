import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';
import { measureTree } from './measureTree.js';

describe('measureTree', () => {
  it('never labels syntax-highlighting spans inside code as chrome', () => {
    const { document } = parseHTML(`<html><body><main><h1>Git basics</h1><p>Start a repository and commit, as the steps below show in order.</p>
      <pre><code><span class="hljs-comment"># create the repository first</span>
git init
<span class="token comment">// then stage every file</span>
git add .</code></pre><div class="comments"><p>Reader comment: thanks!</p></div></main></body></html>`);
    const tree = measureTree(document.body as unknown as Element, { keepComments: false });
    const labelled = tree.preorder.filter((s) => s.junk !== 0).map((s) => s.el.getAttribute('class'));
    expect(labelled).toEqual(['comments']);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('# create the repository first');
    expect(out).toContain('// then stage every file');
    expect(out).not.toContain('Reader comment');
  });
});
