// CI smoke: 150 WCXB pages through the client-rendered check. Fails when it would send many server-rendered pages to
// the browser (each costs a render), or when one check takes long enough to matter next to a fetch.
import { listPages, print, run } from './lib.mjs';

const SAMPLE_PAGES = 150;
/** Server-rendered pages wrongly re-rendered: a few percent costs latency, more means the heuristic broke. */
const MAX_FALSE_POSITIVE_SHARE = 0.03;
/** The check runs on every HTTP page; 20 ms would be visible next to a fast fetch. Generous for shared CI boxes. */
const MAX_P95_MS = 20;

const ids = listPages();
if (!ids) {
  console.log('client-rendered smoke: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const step = Math.max(1, Math.floor(ids.length / SAMPLE_PAGES));
const summary = run(ids.filter((_, i) => i % step === 0).slice(0, SAMPLE_PAGES));
print(summary);
const problems = [];
if (summary.falsePositives > MAX_FALSE_POSITIVE_SHARE * summary.pages)
  problems.push(`${summary.falsePositives}/${summary.pages} server-rendered pages flagged`);
if (summary.msP95 > MAX_P95_MS) problems.push(`p95 ${summary.msP95} ms > ${MAX_P95_MS} ms`);
if (problems.length > 0) {
  console.error(`client-rendered smoke FAILED: ${problems.join('; ')}`);
  process.exit(1);
}
