// CI smoke for core-html: the same code paths on 4 × 40 pages (one sample to warm up, three timed). Fails when a step
// throws, when too many pages come out empty, or when the ratios blow far past the goals (bounds are generous: CI
// machines are shared and noisy).
import {
  GOAL_VS_READABILITY,
  listPages,
  measurePeakRss,
  measureStockFactor,
  mergeRuns,
  printSummary,
  summarize,
  timePages,
  warmUp,
} from './lib.mjs';

const SAMPLE_PAGES = 40;
/** Timed passes, each over its own evenly spread sample (pages i with i % step === round), each starting every page
 *  with another contender; the bound and the printed ratio are their median (one pass read 0.29-0.43 over eight runs
 *  on a loaded machine). CPU of all threads, as before. Each page is timed once: the pipeline keeps caches across
 *  calls (class-list hints), so a page run again is cheaper than a page seen first, as a scraper mostly sees them. */
const ROUNDS = 3;
/** Untimed pages first, a sample of their own (i % step === ROUNDS), run twice: after 8 pages (the old warm-up) the
 *  timed pass still billed JIT warm-up (the optimising compiler's background threads) to our many functions: the
 *  same 40 pages read 0.29-0.43 that way and 0.25-0.30 after this warm-up on other pages; the full benchmark (1,000+
 *  pages after 20) is past warm-up too. */
const WARMUP_PAGES = SAMPLE_PAGES;
const WARMUP_PASSES = 2;
/** Goal 0.25; fail only when we are as slow as the reference itself. */
const MAX_VS_READABILITY = 1;
/** Goal 2× linkedom's bare parse as published; fail at twice the goal. */
const MAX_VS_PARSE = 4;
/** Against our patched linkedom, whose parse is ~2.5× faster than the published one (measured ~3×): fail at 6×. */
const MAX_VS_PATCHED_PARSE = 6;
/** Some WCXB pages are script shells with no text; more than this share empty means extraction broke. */
const MAX_EMPTY_SHARE = 0.1;
/** The largest sampled page is a few MB; a gigabyte would mean a leak or a blow-up. */
const MAX_PEAK_RSS_MB = 1024;

const ids = listPages();
if (!ids) {
  console.log('core-html smoke: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const step = Math.max(ROUNDS + 1, Math.floor(ids.length / SAMPLE_PAGES));
const sampleAt = (offset) => ids.filter((_, i) => i % step === offset).slice(0, SAMPLE_PAGES);
const sample = sampleAt(0);
for (let pass = 0; pass < WARMUP_PASSES; pass++) warmUp(sampleAt(ROUNDS).slice(0, WARMUP_PAGES));
const runs = [];
for (let round = 0; round < ROUNDS; round++)
  runs.push(timePages(sampleAt(round), { warmup: 0, oneCall: false, rotation: round }));
const run = mergeRuns(runs);
const summary = summarize(run, measurePeakRss(run.largest.id), measureStockFactor(sample));
printSummary(summary);
const roundRatios = runs.map((r) => r.totals.pipeline.cpu / r.totals.readabilityTurndown.cpu);
const medianRatio = [...roundRatios].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
console.log(
  `pipeline / (Readability+turndown), CPU, median of ${ROUNDS} rounds of ${SAMPLE_PAGES} pages each = ` +
    `${medianRatio.toFixed(3)} (rounds ${roundRatios.map((r) => r.toFixed(3)).join(', ')}; goal <= ${GOAL_VS_READABILITY})`,
);

const problems = [];
if (runs.some((r) => r.failures.length > 0)) problems.push(`${run.failures.length} page runs threw`);
if (medianRatio > MAX_VS_READABILITY)
  problems.push(`pipeline/readability ${medianRatio.toFixed(3)} > ${MAX_VS_READABILITY}`);
if (summary.ratios.pipelineVsStockParse && summary.ratios.pipelineVsStockParse.cpu > MAX_VS_PARSE)
  problems.push(`pipeline/published parse ${summary.ratios.pipelineVsStockParse.cpu} > ${MAX_VS_PARSE}`);
if (summary.ratios.pipelineVsBareParse.cpu > MAX_VS_PATCHED_PARSE)
  problems.push(`pipeline/patched parse ${summary.ratios.pipelineVsBareParse.cpu} > ${MAX_VS_PATCHED_PARSE}`);
if (run.emptyMarkdown > MAX_EMPTY_SHARE * run.pages)
  problems.push(`${run.emptyMarkdown}/${run.pages} pages gave empty markdown`);
if (summary.peakRss.maxRssKb / 1024 > MAX_PEAK_RSS_MB)
  problems.push(`peak RSS ${(summary.peakRss.maxRssKb / 1024).toFixed(0)} MB > ${MAX_PEAK_RSS_MB} MB`);
if (problems.length > 0) {
  console.error(`\ncore-html smoke FAILED: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('\ncore-html smoke: ok');
