// CI smoke for core-html: the same code paths on ~50 pages. Fails when a step throws, when too many pages come out
// empty, or when the ratios blow far past the goals (bounds are generous: CI machines are shared and noisy).
import { listPages, measurePeakRss, measureStockFactor, printSummary, summarize, timePages } from './lib.mjs';

const SAMPLE_PAGES = 40;
/** Enough to get the JIT past its first tiers before timing. */
const WARMUP_PAGES = 8;
/** Goal 1/3; fail only when we are as slow as the reference itself. */
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
const step = Math.max(1, Math.floor(ids.length / SAMPLE_PAGES));
const sample = ids.filter((_, i) => i % step === 0).slice(0, SAMPLE_PAGES);
const run = timePages(sample, { warmup: WARMUP_PAGES, oneCall: false });
const summary = summarize(run, measurePeakRss(run.largest.id), measureStockFactor(sample));
printSummary(summary);

const problems = [];
if (run.failures.length > 0) problems.push(`${run.failures.length} page runs threw`);
if (summary.ratios.pipelineVsReadabilityTurndown.cpu > MAX_VS_READABILITY)
  problems.push(`pipeline/readability ${summary.ratios.pipelineVsReadabilityTurndown.cpu} > ${MAX_VS_READABILITY}`);
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
