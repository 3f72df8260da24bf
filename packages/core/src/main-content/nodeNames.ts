// How a measured block is named: its signature (tag and class, digits dropped: what makes siblings "alike") and a
// short description for trace lines.
import type { NodeStats } from './measureTree.js';

/** Tag and class with digits dropped: siblings with one signature are alike (posts, cards, rows). */
export function signature(s: NodeStats): string {
  return (s.sig ??= s.cls === '' ? s.el.localName : `${s.el.localName}.${s.cls.replace(/\d+/g, '').trim()}`);
}

/** `tag#id.class1.class2.class3`, for trace lines. */
export function describe(s: NodeStats): string {
  const id = s.el.getAttribute('id');
  const cls = (s.el.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 3).join('.');
  return `${s.el.localName}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}`;
}
