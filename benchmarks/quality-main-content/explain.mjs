// Iteration helper: prints the extractor's trace for one WCXB page. usage: node explain.mjs NNNN
import { parseHTML } from 'linkedom';
import * as core from '../../packages/core/dist/main-content/extractMainContent.js';
import { resolveStreamedContent } from '../../packages/core/dist/html/resolveStreamedContent.js';
import { loadPage } from './lib.mjs';
import { isFrozen } from './split.mjs';
if (isFrozen(process.argv[2])) throw new Error(`${process.argv[2]} is in the frozen split (split.mjs): not for tuning`);
const page = loadPage(process.argv[2]);
const { document } = parseHTML(page.html);
resolveStreamedContent(document, page.html);
const hints = core.collectContentHints(document);
for (const el of Array.from(
  document.querySelectorAll('script, style, template, head, link, meta, iframe, svg, canvas'),
))
  el.remove();
const trace = [];
core.extractMainContent(document, { url: page.url, hints, trace });
console.log(page.url, page.type, JSON.stringify(hints));
console.log(trace.slice(0, Number(process.argv[3] ?? 60)).join('\n'));
