// CI smoke: the same code path with a small sample. Fails when the thread's result differs from the in-process one.
import { measureThreadCost, printSummary } from './lib.mjs';

const result = await measureThreadCost({ iterations: 10, warmup: 2 });
printSummary(result);
if (!result.same) {
  console.error('transform-threads smoke FAILED: the thread answered differently from the in-process call');
  process.exit(1);
}
