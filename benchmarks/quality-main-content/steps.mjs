// Iteration helper: time of each processHtml step over a stratified sample. usage: node steps.mjs [step]
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { listPages, loadPage, stratifiedSample } from './lib.mjs';
const ids = listPages();
const types = new Map();
const sample = stratifiedSample(
  ids,
  (id) => (types.has(id) ? types.get(id) : types.set(id, loadPage(id).type).get(id)),
  Number(process.argv[2] ?? 15),
);
const t = new Map();
for (const id of sample) {
  const p = loadPage(id);
  const s = createHtmlPipelineState({ body: p.html, url: p.url }, { onlyMainContent: true, outputs: ['markdown'] });
  for (const step of HTML_PIPELINE_STEPS) {
    const t0 = performance.now();
    step.run(s);
    t.set(step.name, (t.get(step.name) ?? 0) + performance.now() - t0);
  }
}
for (const [k, v] of t) console.log(k.padEnd(14), (v / sample.length).toFixed(1), 'ms/page');
