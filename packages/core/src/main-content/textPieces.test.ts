import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { measureTree } from './measureTree.js';
import { compactText, squeezedText, wholeText } from './textPieces.js';

describe('block texts kept on the block', () => {
  it('give what reading the element gives, and the same string on a second ask', () => {
    const { document } = parseHTML(
      '<html><body><div><p>  One\n two </p><script>var x = 1;</script><span hidden> three\u00a0four </span></div>' +
        '</body></html>',
    );
    const tree = measureTree(document.body as unknown as Element, { keepComments: false });
    for (const s of tree.preorder) {
      const raw = s.el.textContent ?? '';
      expect(wholeText(s)).toBe(raw);
      expect(squeezedText(s)).toBe(raw.replace(/\s+/g, ' ').trim());
      expect(compactText(s)).toBe(raw.replace(/\s+/g, ''));
      expect(wholeText(s)).toBe(s.allText);
      expect(squeezedText(s)).toBe(s.squeezed);
      expect(compactText(s)).toBe(s.compact);
    }
    // hidden and script text is in textContent, as before: the passes read the same text
    expect(squeezedText(tree.root)).toBe('One two var x = 1; three four');
  });
});
