// Full run: `node benchmarks/crawl/index.mjs` (600 pages, 3 interleaved rounds, 100,000-URL frontier).
// Results are written to benchmarks/results/crawl.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureAll, printResult } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const result = await measureAll({
  pages: 600,
  rounds: 3,
  frontierUrls: 100_000,
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
});
printResult(result);
mkdirSync(join(here, '..', 'results'), { recursive: true });
writeFileSync(
  join(here, '..', 'results', 'crawl.json'),
  JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2) + '\n',
);
if (result.failures.length) {
  console.error(`FAILED:\n${result.failures.join('\n')}`);
  process.exit(1);
}
