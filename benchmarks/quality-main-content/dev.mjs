// Iteration helper (not part of CI): scores the pipeline on a stratified subset of the dev-tune split, with the rules
// named by --off switched off (see MAIN_CONTENT_RULES); --real runs processHtml itself, --proxy a light stand-in.
// Pages of the frozen split are left out.
// Output: $MC_TMP/mc-last.json and, with --dump, $MC_TMP/mc-dump/ (MC_TMP defaults to /tmp).
// usage: node dev.mjs [--step N] [--offset K] [--type T] [--ids a,b] [--off r1,r2] [--dump] [--real|--proxy] [--ref] [--worst N]
import { parseHTML } from 'linkedom';
import * as core from '../../packages/core/dist/main-content/extractMainContent.js';
import {
  listPages,
  stratifiedSample,
  evaluate,
  summarize,
  printTable,
  runOurs,
  runReadability,
  runWithout,
} from './lib.mjs';
import { writeFileSync, mkdirSync } from 'node:fs';
import { isFrozen } from './split.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => {
  const i = args.indexOf(`--${k}`);
  return i < 0 ? d : args[i + 1];
};
const has = (k) => args.includes(`--${k}`);

const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'pre',
  'section',
  'article',
  'ul',
  'ol',
  'table',
  'blockquote',
  'dd',
  'dt',
  'figcaption',
]);
function text(el) {
  const parts = [];
  const stack = [el];
  while (stack.length) {
    const n = stack.pop();
    if (typeof n === 'string') {
      parts.push(n);
      continue;
    }
    if (n.nodeType === 3) {
      parts.push(n.data);
      continue;
    }
    if (n.nodeType !== 1) continue;
    const tag = n.localName;
    if (BLOCKS.has(tag)) stack.push('\n');
    const kids = n.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    if (BLOCKS.has(tag)) parts.push('\n');
  }
  return parts.join('');
}
function proxy(page) {
  const { document } = parseHTML(page.html);
  const hints = core.collectContentHints(document);
  for (const el of Array.from(
    document.querySelectorAll('script, style, template, head, link, meta, iframe, svg, canvas'),
  ))
    el.remove();
  const el = core.extractMainContent(document, { url: page.url, hints });
  return text(el);
}

let ids = listPages();
const typeOf = new Map();
for (const id of ids)
  typeOf.set(
    id,
    JSON.parse((await import('node:fs')).readFileSync(`../../../shared/data/wcxb-dev/ground-truth/${id}.json`, 'utf8'))
      ._internal.page_type.primary,
  );
// the frozen third (split.mjs) is never tuned on: only its aggregate figures are read (index.mjs, ablate.mjs)
ids = ids.filter((id) => !isFrozen(id));
if (opt('ids'))
  ids = opt('ids')
    .split(',')
    .filter((id) => !isFrozen(id));
else {
  if (opt('type')) ids = ids.filter((id) => typeOf.get(id) === opt('type'));
  ids = stratifiedSample(ids, (id) => typeOf.get(id), Number(opt('step', '5')), Number(opt('offset', '0')));
}
const off = opt('off') ? new Set(opt('off').split(',')) : undefined;
const extractors = { ours: has('real') ? runOurs : has('proxy') ? proxy : runWithout(off) };
if (has('ref')) extractors.readability = runReadability;
const tmp = process.env.MC_TMP ?? '/tmp';
const dumpDir = `${tmp}/mc-dump`;
mkdirSync(tmp, { recursive: true });
if (has('dump')) mkdirSync(dumpDir, { recursive: true });
const rows = evaluate(ids, extractors, {
  onPage: (name, row, txt, page) => {
    if (has('dump') && name === 'ours')
      writeFileSync(
        `${dumpDir}/${row.id}.txt`,
        `${page.url}\n${row.type} P=${row.p.toFixed(3)} R=${row.r.toFixed(3)} F1=${row.f1.toFixed(3)}\n=====OURS\n${txt}\n=====TRUTH\n${page.main}\n`,
      );
    if (row.error) console.error(name, row.id, row.error);
  },
});
const summaries = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, summarize(v)]));
printTable(summaries);
for (const [k, s] of Object.entries(summaries)) console.log(k, 'ms', s.overall.ms.toFixed(0));
const worst = Number(opt('worst', '0'));
if (worst)
  for (const r of [...rows.ours].sort((a, b) => a.f1 - b.f1).slice(0, worst))
    console.log(r.id, r.type, 'P', r.p.toFixed(2), 'R', r.r.toFixed(2), 'F1', r.f1.toFixed(2));
writeFileSync(`${tmp}/mc-last.json`, JSON.stringify(rows.ours));
