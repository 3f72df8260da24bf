// Full run: cache-hit scrapes against fresh HTTP-engine scrapes of the same page, one run (goal: hit ≥ 10× faster).
// Usage: node benchmarks/cache-hit/index.mjs   (build first: pnpm --filter @scrape/scraper... build)
import { measureAll, printTable } from './measure.mjs';

const ITERATIONS = 200;
const WARMUP = 20;

const result = await measureAll({ iterations: ITERATIONS, warmup: WARMUP });
printTable(result, { iterations: ITERATIONS });
if (result.problems.length > 0) {
  console.error(`\nINVALID RUN:\n  ${result.problems.join('\n  ')}`);
  process.exit(1);
}
