// Iteration helper: ancestors of the element holding a truth snippet. usage: node chain.mjs NNNN
import { parseHTML } from 'linkedom';
import { loadPage } from './lib.mjs';
import { isFrozen } from './split.mjs';
if (isFrozen(process.argv[2])) throw new Error(`${process.argv[2]} is in the frozen split (split.mjs): not for tuning`);
const p = loadPage(process.argv[2]);
const { document } = parseHTML(p.html);
const snippet = (p.with[0] ?? p.main.slice(0, 60)).slice(0, 40);
let el = [...document.querySelectorAll('body *')]
  .filter((e) => e.localName !== 'script' && e.textContent.includes(snippet))
  .pop();
console.log('snippet', snippet);
while (el) {
  console.log(
    `${el.localName}#${el.id}.${(el.getAttribute('class') ?? '').slice(0, 50)} ${el.getAttribute('style') ? 'style=' + el.getAttribute('style').slice(0, 40) : ''}${el.hasAttribute('hidden') ? ' HIDDEN' : ''}${el.getAttribute('aria-hidden') ? ' aria-hidden=' + el.getAttribute('aria-hidden') : ''} role=${el.getAttribute('role')} len=${el.textContent.length}`,
  );
  el = el.parentElement;
}
