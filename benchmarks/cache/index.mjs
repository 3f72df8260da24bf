// Full run: page-cache throughput (puts/gets per second) for the embedded (LMDB + LRU) and Redis homes with
// ~100 KB Sources, and the latency of one LRU hit. `node benchmarks/cache/index.mjs [pages] [reads]`.
// The cache-hit vs fresh-scrape ratio needs the scraper and lives with the pipeline benchmark.
import { measureAll, printTable } from './measure.mjs';

const n = Number(process.argv[2] ?? 1000);
const reads = Number(process.argv[3] ?? 10000);
console.log(`@scrape/cache store benchmark: ${n} pages written, ${reads} reads per home, node ${process.version}`);
const { rows, latencies, failures } = await measureAll({ n, reads });
printTable(rows, latencies);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
