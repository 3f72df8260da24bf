// Shared parts of the core-html speed benchmark: WCXB page loading, the three contenders (our pipeline step by
// step, linkedom's bare parseHTML, Readability + turndown on linkedom), the timing loop and the peak-RSS probe.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import * as core from '@scrape/core';
import * as coreInternal from '@scrape/core/internal';
import { listWcxbPages, readWcxbHtml, readWcxbTruth } from '../wcxb.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const RESULTS_FILE = join(here, '..', 'results', 'core-html.json');
/** Pages run before timing starts, so JIT warm-up is not billed to whichever contender runs first. */
const WARMUP_PAGES = 20;
/** The goals from the issues: pipeline ≤ 0.25 of Readability+turndown (issue 25; it was 1/3) and ≤ 2× linkedom's
 *  bare parse. */
export const GOAL_VS_READABILITY = 0.25;
export const GOAL_VS_PARSE = 2;

/** Page ids, sorted; null when the data set is absent. */
export const listPages = listWcxbPages;

export function loadPage(id) {
  const html = readWcxbHtml(id);
  const url = readWcxbTruth(id)?.url ?? `https://wcxb.example/${id}`;
  return { id, url, html, bytes: Buffer.byteLength(html) };
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });

/** The contenders; each takes a page and returns something so the work cannot be optimised away. */
export const REFERENCES = {
  bareParse: (page) => parseHTML(page.html).document,
  readabilityTurndown: (page) => {
    const { document } = parseHTML(page.html);
    const article = new Readability(document).parse();
    return article?.content ? turndown.turndown(article.content) : '';
  },
};

/** linkedom as published (without our patch): the "bare parse" reference; skipped with a reason if unavailable. */
/**
 * linkedom as published (without our patch), the "bare parse" reference, timed in a child process against
 * our patched copy on the same pages (see stockFactor.mjs): returns how many times slower it parses, or a skip reason.
 */
export function measureStockFactor(ids) {
  const child = spawnSync(process.execPath, [join(here, 'stockFactor.mjs'), ...ids], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0)
    return { factor: null, reason: `stockFactor.mjs failed (exit ${child.status}): ${child.stderr.slice(0, 500)}` };
  const out = JSON.parse(child.stdout.trim().split('\n').pop());
  if (out.skipped) return { factor: null, reason: out.skipped };
  return {
    factor: out.stockCpuMsPerPage / out.patchedCpuMsPerPage,
    stockCpuMsPerPage: out.stockCpuMsPerPage,
    patchedCpuMsPerPage: out.patchedCpuMsPerPage,
    reason: null,
  };
}

/**
 * CPU time of this process (all threads, so concurrent GC counts) in ms. The machine is shared with other work:
 * wall time measures the neighbours too, CPU time mostly measures us. Both are reported; ratios use CPU time.
 */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Times `fn` and returns [wallMs, cpuMs, value]. */
function timed(fn) {
  const wall0 = performance.now();
  const cpu0 = cpuMs();
  const value = fn();
  return [performance.now() - wall0, cpuMs() - cpu0, value];
}

/** Runs our pipeline one step at a time, recording each step's [wall, cpu]. Throws what a step throws. */
function runPipelineTimed(page) {
  const state = coreInternal.createHtmlPipelineState({ body: page.html, url: page.url }, {});
  const steps = {};
  for (const step of coreInternal.HTML_PIPELINE_STEPS) {
    const [wall, cpu] = timed(() => step.run(state));
    steps[step.name] = [wall, cpu];
  }
  return { steps, result: state.result };
}

const add = (totals, name, [wall, cpu]) => {
  const t = (totals[name] ??= { wall: 0, cpu: 0 });
  t.wall += wall;
  t.cpu += cpu;
};

/** A failure as reported: the page, the contender and the first three lines of the error. */
function failureEntry(id, contender, error) {
  const lines = String(error?.stack ?? error).split('\n');
  return { id, contender, error: lines.slice(0, 3).join(' | ') };
}

/** One page's pipeline steps added to `steps`, and their sums to the pipeline's totals (with and without `html`). */
function addPipelineSteps(totals, steps, pageSteps) {
  let wall = 0;
  let cpu = 0;
  let wallNoHtml = 0;
  let cpuNoHtml = 0;
  for (const [name, [w, c]] of Object.entries(pageSteps)) {
    add(steps, name, [w, c]);
    wall += w;
    cpu += c;
    if (name !== 'html') {
      wallNoHtml += w;
      cpuNoHtml += c;
    }
  }
  add(totals, 'pipeline', [wall, cpu]);
  add(totals, 'pipelineMarkdownOnly', [wallNoHtml, cpuNoHtml]);
}

/** Runs every contender on the pages, untimed, so JIT warm-up is not billed to whichever contender runs first. */
export function warmUp(ids) {
  for (const id of ids) {
    const page = loadPage(id);
    try {
      runPipelineTimed(page);
      core.processHtml({ body: page.html, url: page.url });
      for (const reference of Object.values(REFERENCES)) reference(page);
    } catch {
      // reported in the timed pass
    }
  }
}

/**
 * Times every contender on every page, rotating their order page by page so garbage left by one is not always
 * collected during the same other one. Returns totals in ms and per-page failures.
 */
/** `oneCall: false` skips timing processHtml() as a whole (the smoke's time budget); steps are always timed.
 *  `rotation` shifts the contenders' order on every page (a later round of the same pages starts each page with
 *  another contender). */
export function timePages(ids, { log = () => {}, warmup = WARMUP_PAGES, oneCall = true, rotation = 0 } = {}) {
  const totals = {};
  const steps = {};
  const failures = [];
  const referenceFailures = [];
  let bytes = 0;
  let pages = 0;
  let emptyMarkdown = 0;
  const emptyMarkdownIds = [];
  let largest = { id: null, bytes: 0 };
  warmUp(ids.slice(0, Math.min(warmup, ids.length)));
  const contenders = ['pipeline', ...(oneCall ? ['processHtml'] : []), ...Object.keys(REFERENCES)];
  ids.forEach((id, index) => {
    const page = loadPage(id);
    if (page.bytes > largest.bytes) largest = { id, bytes: page.bytes };
    const perPage = {};
    let pageSteps;
    let failed = false;
    for (let k = 0; k < contenders.length; k++) {
      const name = contenders[(index + rotation + k) % contenders.length];
      try {
        if (name === 'pipeline') {
          const run = runPipelineTimed(page);
          pageSteps = run.steps;
          if (!/\S/.test(run.result.markdown)) {
            emptyMarkdown++;
            emptyMarkdownIds.push(id);
          }
        } else if (name === 'processHtml') {
          perPage.processHtml = timed(() => core.processHtml({ body: page.html, url: page.url }));
        } else {
          perPage[name] = timed(() => REFERENCES[name](page));
        }
      } catch (error) {
        failed = true;
        // A reference that throws (Readability does on a few pages) only drops the page from the comparison.
        (name in REFERENCES ? referenceFailures : failures).push(failureEntry(id, name, error));
      }
    }
    if (failed) return;
    pages++;
    bytes += page.bytes;
    for (const name of contenders) if (name !== 'pipeline') add(totals, name, perPage[name]);
    addPipelineSteps(totals, steps, pageSteps);
    if ((index + 1) % 100 === 0) log(`  ${index + 1}/${ids.length} pages`);
  });
  return { totals, steps, failures, referenceFailures, bytes, pages, emptyMarkdown, emptyMarkdownIds, largest };
}

/** Timed runs (rounds) as one run: their totals and step times summed, pages and bytes counted once
 *  per round as the totals are (ratios of the sums are then time-weighted over the rounds). */
export function mergeRuns(runs) {
  const merged = {
    ...runs[0],
    totals: {},
    steps: {},
    bytes: 0,
    pages: 0,
    emptyMarkdown: 0,
    emptyMarkdownIds: [...new Set(runs.flatMap((run) => run.emptyMarkdownIds))],
    failures: runs.flatMap((run) => run.failures),
    referenceFailures: runs.flatMap((run) => run.referenceFailures),
  };
  for (const run of runs) {
    merged.emptyMarkdown += run.emptyMarkdown;
    for (const [name, t] of Object.entries(run.totals)) add(merged.totals, name, [t.wall, t.cpu]);
    for (const [name, t] of Object.entries(run.steps)) add(merged.steps, name, [t.wall, t.cpu]);
    merged.bytes += run.bytes;
    merged.pages += run.pages;
  }
  return merged;
}

/** Peak RSS of one processHtml call on one page, in a fresh child process (maxRSS covers the whole process). */
export function measurePeakRss(id) {
  const child = spawnSync(process.execPath, [join(here, 'peakRss.mjs'), id], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`peakRss.mjs failed (exit ${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop());
}

export function summarize(run, rss, stock = { factor: null, reason: 'not measured' }) {
  const row = (t) => ({
    cpuMsPerPage: round(t.cpu / run.pages, 3),
    wallMsPerPage: round(t.wall / run.pages, 3),
    cpuMbPerSec: round(run.bytes / 1e6 / (t.cpu / 1000), 2),
    wallMbPerSec: round(run.bytes / 1e6 / (t.wall / 1000), 2),
  });
  const ratio = (a, b) => ({
    cpu: round(run.totals[a].cpu / run.totals[b].cpu, 3),
    wall: round(run.totals[a].wall / run.totals[b].wall, 3),
  });
  return {
    pages: run.pages,
    megabytes: round(run.bytes / 1e6, 1),
    pipeline: row(run.totals.pipeline),
    pipelineMarkdownOnly: row(run.totals.pipelineMarkdownOnly),
    processHtml: run.totals.processHtml ? row(run.totals.processHtml) : null,
    steps: Object.fromEntries(Object.entries(run.steps).map(([name, t]) => [name, row(t)])),
    references: {
      bareParse: row(run.totals.bareParse),
      // Published linkedom, scaled from its child-process ratio to our patched parse in this run.
      stockParse: stock.factor
        ? row({ cpu: run.totals.bareParse.cpu * stock.factor, wall: run.totals.bareParse.wall * stock.factor })
        : null,
      readabilityTurndown: row(run.totals.readabilityTurndown),
    },
    stockParseSkipped: stock.reason,
    stockParseFactor: stock.factor ? round(stock.factor, 3) : null,
    ratios: {
      pipelineVsReadabilityTurndown: ratio('pipeline', 'readabilityTurndown'),
      pipelineVsBareParse: ratio('pipeline', 'bareParse'),
      pipelineVsStockParse: stock.factor
        ? {
            cpu: round(run.totals.pipeline.cpu / run.totals.bareParse.cpu / stock.factor, 3),
            wall: round(run.totals.pipeline.wall / run.totals.bareParse.wall / stock.factor, 3),
          }
        : null,
      markdownOnlyVsReadabilityTurndown: ratio('pipelineMarkdownOnly', 'readabilityTurndown'),
      markdownOnlyVsBareParse: ratio('pipelineMarkdownOnly', 'bareParse'),
      goals: { vsReadabilityTurndown: round(GOAL_VS_READABILITY, 3), vsBareParse: GOAL_VS_PARSE },
    },
    emptyMarkdownPages: run.emptyMarkdown,
    emptyMarkdownIds: run.emptyMarkdownIds,
    failures: run.failures,
    referenceFailures: run.referenceFailures,
    peakRss: rss,
  };
}

export function printSummary(s) {
  const f = (n, w = 9) => n.toFixed(2).padStart(w);
  const line = (name, r) =>
    `  ${name.padEnd(30)} ${f(r.cpuMsPerPage)} ${f(r.wallMsPerPage)} ${f(r.cpuMbPerSec)} ${f(r.wallMbPerSec)}`;
  console.log(`\ncore-html: ${s.pages} pages, ${s.megabytes} MB`);
  console.log(
    `  ${''.padEnd(30)} ${'cpu ms/pg'.padStart(9)} ${'wall ms/pg'.padStart(9)} ${'cpu MB/s'.padStart(9)} ${'wall MB/s'.padStart(9)}`,
  );
  console.log('Pipeline steps (ours):');
  for (const [name, r] of Object.entries(s.steps)) console.log(line(name, r));
  console.log(line('= whole pipeline (all outputs)', s.pipeline));
  console.log(line('= without html serialization', s.pipelineMarkdownOnly));
  if (s.processHtml) console.log(line('processHtml() in one call', s.processHtml));
  console.log('References (same run, same pages):');
  console.log(line('linkedom parseHTML (bare, ours)', s.references.bareParse));
  if (s.references.stockParse)
    console.log(
      `${line('linkedom parseHTML (published)', s.references.stockParse)}  (${s.stockParseFactor}× ours, child process)`,
    );
  else console.log(`  published linkedom not measured: ${s.stockParseSkipped}`);
  console.log(line('Readability + turndown', s.references.readabilityTurndown));
  const r = s.ratios;
  console.log('Ratios (cpu / wall):');
  console.log(
    `  pipeline / (Readability+turndown)      = ${r.pipelineVsReadabilityTurndown.cpu.toFixed(3)} / ${r.pipelineVsReadabilityTurndown.wall.toFixed(3)}  (goal <= ${r.goals.vsReadabilityTurndown})`,
  );
  console.log(
    `  pipeline / bare parse (patched)        = ${r.pipelineVsBareParse.cpu.toFixed(3)} / ${r.pipelineVsBareParse.wall.toFixed(3)}  (goal <= ${r.goals.vsBareParse})`,
  );
  if (r.pipelineVsStockParse)
    console.log(
      `  pipeline / bare parse (published)      = ${r.pipelineVsStockParse.cpu.toFixed(3)} / ${r.pipelineVsStockParse.wall.toFixed(3)}  (goal <= ${r.goals.vsBareParse})`,
    );
  console.log(
    `  markdown-only pipeline / Readability   = ${r.markdownOnlyVsReadabilityTurndown.cpu.toFixed(3)} / ${r.markdownOnlyVsReadabilityTurndown.wall.toFixed(3)}`,
  );
  console.log(
    `  markdown-only pipeline / bare parse    = ${r.markdownOnlyVsBareParse.cpu.toFixed(3)} / ${r.markdownOnlyVsBareParse.wall.toFixed(3)}`,
  );
  if (s.peakRss)
    console.log(
      `Peak RSS, largest page ${s.peakRss.id} (${(s.peakRss.bytes / 1e6).toFixed(2)} MB): ${(s.peakRss.maxRssKb / 1024).toFixed(0)} MB (process after imports and page load: ${(s.peakRss.baselineRssKb / 1024).toFixed(0)} MB)`,
    );
  console.log(`Pages with empty markdown: ${s.emptyMarkdownPages} ${s.emptyMarkdownIds.slice(0, 20).join(' ')}`);
  console.log(
    `Failures of ours: ${s.failures.length}; of the references (page left out of the comparison): ${s.referenceFailures.length}`,
  );
  for (const x of [...s.failures, ...s.referenceFailures].slice(0, 10))
    console.log(`  FAIL ${x.id} ${x.contender}: ${x.error}`);
}

export function writeResults(summary, extra = {}) {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ benchmark: 'core-html', node: process.version, date: new Date().toISOString(), ...extra, ...summary }, null, 2)}\n`,
  );
}

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;
