// Full browser benchmark: `node benchmarks/browser/index.mjs` (after `pnpm --filter @scrape/browser build`).
// Latency of pool.render vs bare Playwright goto+content on the same pages (goal ≤ 1.3× on the static article),
// throughput at pool sizes 1 and 4, peak memory of Node + the Chromium process tree.
import { measureLatency, measureThroughput, printLatency, printThroughput, startSite } from './measure.mjs';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const site = await startSite();
const failures = [];
try {
  const article = await measureLatency({
    base: site.base,
    path: '/article',
    iterations: ITERATIONS,
    expect: 'Paragraph 59',
  });
  printLatency(`Latency, static article (/article), ${ITERATIONS} interleaved iterations`, article);
  const spa = await measureLatency({
    base: site.base,
    path: '/spa',
    iterations: Math.ceil(ITERATIONS / 2),
    expect: 'Arrived by fetch',
  });
  // bare misses the fetched content by design; only the render rows must contain it.
  spa.failures = spa.failures.filter((f) => !f.startsWith('bare'));
  printLatency('Latency, client-rendered page (/spa): bare returns the empty shell, render waits for the content', spa);
  const rows = [];
  for (const size of [1, 4])
    rows.push(await measureThroughput({ base: site.base, size, total: 24, expect: 'Paragraph 59' }));
  printThroughput(rows);
  failures.push(...article.failures, ...spa.failures, ...rows.flatMap((r) => r.failures));
} finally {
  await site.close();
}
if (failures.length) {
  console.error(`\nFAILED:\n${failures.slice(0, 20).join('\n')}`);
  process.exit(1);
}
