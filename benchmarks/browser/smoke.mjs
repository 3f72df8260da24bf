// CI smoke: same code paths as index.mjs on a few iterations. Fails when a render is wrong or when the browser
// path is grossly slower than bare Playwright (a smart wait stuck at its cap, a launch per request), not on noise.
import { measureConcurrency, printConcurrency } from './concurrency.mjs';
import { measureLatency, measureThroughput, printLatency, printThroughput, startSite, summary } from './measure.mjs';

/** Far above the 1.3× goal: a 2-core CI box shared with other jobs is noisy; this catches a broken pool only. */
const MAX_RATIO = 4;
/**
 * Far below the goal of 4/1 ≥ 1 (issue 27): two short rounds on a shared box only catch a pool that serialises its
 * renders or multiplies its work at concurrency 4; the ratio itself is reported for the record.
 */
const MIN_SCALING = 0.5;

const site = await startSite();
const failures = [];
try {
  const article = await measureLatency({ base: site.base, path: '/article', iterations: 5, expect: 'Paragraph 59' });
  printLatency('Latency, static article (smoke)', article);
  const ratio = summary(article.times.render).median / summary(article.times.bare).median;
  if (ratio > MAX_RATIO) failures.push(`render is ${ratio.toFixed(2)}× bare (limit ${MAX_RATIO}×)`);
  const rows = [await measureThroughput({ base: site.base, size: 4, total: 8, expect: 'Paragraph 59' })];
  printThroughput(rows);
  failures.push(...article.failures, ...rows[0].failures);
  const scaling = await measureConcurrency({ base: site.base, rounds: 2, total: 6, sizes: [1, 4] });
  printConcurrency(scaling);
  const fourToOne = scaling.contenders.pool.ratio[4].median;
  console.log(`browser pool throughput 4/1: ${fourToOne.toFixed(2)} (goal ≥ 1)`);
  if (fourToOne < MIN_SCALING) failures.push(`pool throughput 4/1 is ${fourToOne.toFixed(2)} (limit ${MIN_SCALING})`);
  failures.push(...scaling.failures);
} finally {
  await site.close();
}
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nbrowser smoke ok');
