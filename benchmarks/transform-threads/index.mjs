// Full run: node benchmarks/transform-threads/index.mjs (build first). Writes benchmarks/results/transform-threads.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureThreadCost, printSummary } from './lib.mjs';

const result = await measureThreadCost({ iterations: 200, warmup: 20 });
printSummary(result);
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/transform-threads.json', import.meta.url),
  JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2) + '\n',
);
if (!result.same) {
  console.error('FAIL: the thread answered differently from the in-process call');
  process.exit(1);
}
