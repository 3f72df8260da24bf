// CI smoke: the same code paths with small samples. Fails when a hit is not a hit, serves different markdown, reaches
// the page, or when the embedded hit is not at least the goal's 10× faster than a fresh scrape (a broken cache or
// memory, not a slow machine: the full run measures well above that).
import { GOAL_RATIO, measureAll, printTable } from './measure.mjs';

const ITERATIONS = 25;
const WARMUP = 3;

const result = await measureAll({ iterations: ITERATIONS, warmup: WARMUP });
printTable(result, { iterations: ITERATIONS });
const embedded = result.rows.find((r) => r.name === 'cache hit, embedded (LMDB + LRU)');
if (!embedded || !(embedded.ratio >= GOAL_RATIO))
  result.problems.push(`embedded cache hit is ${embedded?.ratio?.toFixed(1)}× faster than fresh, below ${GOAL_RATIO}×`);
if (result.problems.length > 0) {
  console.error(`\ncache-hit smoke FAILED:\n  ${result.problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\ncache-hit smoke: ok');
