// Before/after inside ONE build, so both sides share modules and inline caches (two copies of a build compared with
// each other read ±4–10% apart on this machine): the change under test keeps its old path behind a temporary
// `globalThis[<flag>]` test while it is measured. Three contenders alternate page by page, order rotated every page
// and round: `old` (flag set), `old2` (flag set again: the same-vs-same control) and `new` (flag unset). CPU time of
// processHtml, or with --steps only of the named pipeline steps (the other steps run untimed); ratios over `old` per
// round and their medians. `globalThis.__abName` names the contender running, so a change with state kept across
// calls (a cache) can keep one per contender while measured. --reference adds Readability + turndown (the benchmark's
// reference, `lib.mjs`) as a fourth contender: each side's ratio to it per round.
// Usage: node benchmarks/core-html/flagVersus.mjs <coreDist/index.js> [--flag NAME] [--steps a,b] [--limit N]
//        [--rounds R] [--main false] [--reference] [--minor-gc] [--parse-only]
// --parse-only: times parseHtml alone (no other step runs), for changes to the parse: a round costs a fifth of a
// whole-pipeline round, so more rounds fit.
// --minor-gc (run node with --expose-gc): a young-generation collection before each timed call or step, so the
// collections the earlier work left due do not land on whichever contender runs next (the largest noise per round).
//        (defaults: flag __abOld, 200 pages, 5 rounds, onlyMainContent as the API)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPages, loadPage, REFERENCES } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dist = args[0];
const ids = listPages();
if (!dist || dist.startsWith('--') || !ids) {
  console.error('usage: flagVersus.mjs <coreDist/index.js> [--flag NAME] [--steps a,b] [--limit N] [--rounds R]');
  process.exit(2);
}
const core = await import(pathToFileURL(resolve(dist)).href);
const internal = await import(pathToFileURL(resolve(dist, '..', 'internal.js')).href);
const flag = opt('--flag', '__abOld');
const steps = opt('--steps', '') ? new Set(opt('--steps', '').split(',')) : null;
const rounds = Number(opt('--rounds', 5));
const options = opt('--main', 'true') === 'false' ? { onlyMainContent: false } : {};
const pages = ids.slice(0, Number(opt('--limit', 200))).map(loadPage);
const withReference = args.includes('--reference');
const parseOnly = args.includes('--parse-only');
const minorGc = args.includes('--minor-gc') && typeof globalThis.gc === 'function';
if (args.includes('--minor-gc') && !minorGc) console.error('--minor-gc needs node --expose-gc: ignored');
const settle = () => {
  if (minorGc) globalThis.gc({ type: 'minor' });
};
const names = ['old', 'old2', 'new', ...(withReference ? ['ref'] : [])];
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU µs of one contender on one page: the whole call, or the named steps only. */
function run(name, page) {
  if (name === 'ref') {
    settle();
    const start = cpuUs();
    try {
      REFERENCES.readabilityTurndown(page);
    } catch {
      // Readability throws on a page or two; its time up to the throw is kept, as for the other contenders
    }
    return cpuUs() - start;
  }
  globalThis[flag] = name !== 'new';
  globalThis.__abName = name;
  try {
    const input = { body: page.html, url: page.url };
    if (parseOnly) {
      settle();
      const start = cpuUs();
      internal.parseHtml(page.html);
      return cpuUs() - start;
    }
    if (!steps) {
      settle();
      const start = cpuUs();
      core.processHtml(input, options);
      return cpuUs() - start;
    }
    const state = internal.createHtmlPipelineState(input, options);
    let spent = 0;
    for (const step of internal.HTML_PIPELINE_STEPS) {
      if (steps.has(step.name)) settle();
      const start = steps.has(step.name) ? cpuUs() : 0;
      step.run(state);
      if (steps.has(step.name)) spent += cpuUs() - start;
    }
    return spent;
  } finally {
    globalThis[flag] = false;
    globalThis.__abName = undefined;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
for (const page of pages.slice(0, 20)) for (const name of names) run(name, page);
const ratios = { old2: [], new: [], oldRef: [], newRef: [] };
for (let round = 0; round < rounds; round++) {
  const totals = { old: 0, old2: 0, new: 0, ref: 0 };
  pages.forEach((page, index) => {
    for (let k = 0; k < names.length; k++) {
      const name = names[(index + round + k) % names.length];
      totals[name] += run(name, page);
    }
  });
  ratios.old2.push(totals.old2 / totals.old);
  ratios.new.push(totals.new / totals.old);
  const ms = (name) => (totals[name] / 1000 / pages.length).toFixed(2);
  let reference = '';
  if (withReference) {
    ratios.oldRef.push((totals.old + totals.old2) / 2 / totals.ref);
    ratios.newRef.push(totals.new / totals.ref);
    reference = `; over reference (${ms('ref')}): old ${ratios.oldRef.at(-1).toFixed(3)}, new ${ratios.newRef.at(-1).toFixed(3)}`;
  }
  console.log(
    `round ${round + 1}: ms/page old ${ms('old')}, old2 ${ms('old2')}, new ${ms('new')}; over old: control ` +
      `${ratios.old2.at(-1).toFixed(3)}, new ${ratios.new.at(-1).toFixed(3)}${reference}`,
  );
}
const timed = parseOnly ? ' (parse only)' : steps ? ` (steps ${[...steps].join(',')})` : '';
console.log(
  `median of ${rounds} rounds over ${pages.length} pages${timed}, ` +
    `CPU over old: control ${median(ratios.old2).toFixed(3)}, new ${median(ratios.new).toFixed(3)}` +
    (withReference
      ? `; over reference: old ${median(ratios.oldRef).toFixed(3)}, new ${median(ratios.newRef).toFixed(3)}`
      : ''),
);
