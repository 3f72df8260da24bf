// Before/after of the two steps that follow cleaning, main-content extraction and HTML → markdown, in one run: this
// worktree's build and another (e.g. a copy of packages/core/dist taken before a change) alternate page by page, the
// order swapped every page and every round, on pages cleaned once; CPU time, ratio this/other per round and the
// median. Both read the same cleaned document (copy mode leaves it untouched); each converts its own extraction.
// Usage: node benchmarks/core-html/stepsVersus.mjs <otherCoreDist> [--limit N] [--rounds R] [--step S]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HTML_PIPELINE_STEPS, createHtmlPipelineState } from '../../packages/core/dist/html/processHtml.js';
import { extractMainContent } from '../../packages/core/dist/main-content/extractMainContent.js';
import { htmlToMarkdown } from '../../packages/core/dist/markdown/htmlToMarkdown.js';
import { listPages, loadPage } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? Number(args[args.indexOf(`--${k}`) + 1]) : d);
const otherDir = args[0];
const ids = listPages();
if (!otherDir || otherDir.startsWith('--') || !ids) {
  console.error('usage: stepsVersus.mjs <otherCoreDist> [--limit N] [--rounds R] [--step S] (needs wcxb-dev)');
  process.exit(2);
}
const load = (rel) => import(pathToFileURL(resolve(otherDir, rel)).href);
const other = {
  extract: (await load('main-content/extractMainContent.js')).extractMainContent,
  markdown: (await load('markdown/htmlToMarkdown.js')).htmlToMarkdown,
};
const current = { extract: extractMainContent, markdown: htmlToMarkdown };
const step = opt('step', 3);
const rounds = opt('rounds', 3);
const CLEAN_UPTO = HTML_PIPELINE_STEPS.findIndex((s) => s.name === 'clean');
const pages = ids
  .filter((_, i) => i % step === 0)
  .slice(0, opt('limit', Infinity))
  .map((id) => {
    const page = loadPage(id);
    const state = createHtmlPipelineState({ body: page.html, url: page.url }, { onlyMainContent: true });
    for (let i = 0; i <= CLEAN_UPTO; i++) HTML_PIPELINE_STEPS[i].run(state);
    return { url: page.url, state };
  });

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
/** CPU of one build's two steps on one page: [extract, markdown]. */
function timeSteps(build, page) {
  const t0 = cpuUs();
  const el = build.extract(page.state.document, { url: page.url, hints: page.state.hints, copy: true });
  const t1 = cpuUs();
  build.markdown(el);
  return [t1 - t0, cpuUs() - t1];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratios = { extract: [], markdown: [], both: [] };
for (let r = 0; r < rounds; r++) {
  const sum = { current: [0, 0], other: [0, 0] };
  pages.forEach((page, n) => {
    const order = (n + r) % 2 === 0 ? ['current', 'other'] : ['other', 'current'];
    for (const name of order) {
      const [e, m] = timeSteps(name === 'current' ? current : other, page);
      sum[name][0] += e;
      sum[name][1] += m;
    }
  });
  const ratio = (i) => sum.current[i] / sum.other[i];
  ratios.extract.push(ratio(0));
  ratios.markdown.push(ratio(1));
  ratios.both.push((sum.current[0] + sum.current[1]) / (sum.other[0] + sum.other[1]));
  console.log(
    `round ${r + 1}: extract ${ratio(0).toFixed(3)}  markdown ${ratio(1).toFixed(3)}  ` +
      `(this ${((sum.current[0] + sum.current[1]) / 1000).toFixed(0)} ms, other ` +
      `${((sum.other[0] + sum.other[1]) / 1000).toFixed(0)} ms)`,
  );
}
const medians = Object.entries(ratios).map(([step, list]) => `${step} ${median(list).toFixed(3)}`);
console.log(`median of ${rounds} rounds over ${pages.length} pages, this/other CPU: ${medians.join(', ')}`);
