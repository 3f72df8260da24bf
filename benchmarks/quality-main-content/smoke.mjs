// CI smoke: our pipeline on a fixed ~100-page stratified sample of WCXB dev and on the 93 real pages of the
// Readability test pages (a golden set of articles from many sites and languages, expected text beside each);
// fails when a mean F1 drops below its floor.
import { listReadabilityPages, loadReadabilityPage } from './corpora.mjs';
import {
  evaluate,
  listPages,
  loadPage,
  pipelineAvailable,
  printTable,
  runOurs,
  runProxy,
  stratifiedSample,
  summarize,
} from './lib.mjs';

/** A little under what the extractor reaches on this sample (0.883), so only real regressions fail. */
const F1_FLOOR = 0.86;
/** Every 15th page of each type: ~100 pages, all seven types. */
const STEP = 15;

/** A little under what the pipeline reaches on the Readability test pages (0.92, figcaptions stripped). */
const GOLDEN_F1_FLOOR = 0.9;

const ids = listPages();
if (ids === null) {
  console.log('quality-main-content smoke: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const types = new Map();
const sample = stratifiedSample(
  ids,
  (id) => (types.has(id) ? types.get(id) : types.set(id, loadPage(id).type).get(id)),
  STEP,
);
const real = pipelineAvailable();
if (!real)
  console.log('NOTE: pipeline not available in the built @scrape/core; scoring the extractor through the proxy.');
const rows = evaluate(sample, { ours: real ? runOurs : runProxy });
const summary = summarize(rows.ours);
printTable({ ours: summary });
const errors = rows.ours.filter((r) => r.error);
for (const r of errors) console.error(`error on ${r.id}: ${r.error}`);
const f1 = summary.overall.f1;
console.log(
  `smoke: ${sample.length} pages, mean F1 ${f1.toFixed(3)} (floor ${F1_FLOOR}), ${(summary.overall.ms / sample.length).toFixed(1)} ms/page`,
);
let goldenOk = true;
const golden = listReadabilityPages();
if (golden === null)
  console.log('quality-main-content smoke: ../shared/data/readability-test-pages is absent; skipping it.');
else {
  const g = summarize(evaluate(golden, { ours: real ? runOurs : runProxy }, { load: loadReadabilityPage }).ours);
  goldenOk = g.overall.f1 >= GOLDEN_F1_FLOOR;
  console.log(
    `smoke: Readability test pages, ${golden.length} pages, mean F1 ${g.overall.f1.toFixed(3)} (floor ${GOLDEN_F1_FLOOR})`,
  );
}
if (errors.length > 0 || !(f1 >= F1_FLOOR) || !goldenOk) {
  console.error('quality-main-content smoke: FAILED');
  process.exit(1);
}
