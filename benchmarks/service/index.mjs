// Full run of the service benchmark: service overhead (POST /v2/scrape vs bare undici GET + processHtml of the same
// page, same run) and throughput with autocannon. Writes benchmarks/results/service.json.
// Usage: node benchmarks/service/index.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  benchPage,
  measureLatency,
  measureThroughput,
  printSummary,
  startPageServer,
  startScrapeServer,
} from './lib.mjs';

/** Enough samples for a stable p99 on a noisy shared machine, still under a minute. */
const ITERATIONS = 300;
const WARMUP = 30;
/** A fixed, short load: enough to settle the JIT and pools, short enough to share the machine. */
const DURATION_SEC = 10;
const CONNECTIONS = 10;

const html = benchPage();
const page = await startPageServer(html);
const server = await startScrapeServer();
let failed = false;
try {
  const latency = await measureLatency(server, page.url, { iterations: ITERATIONS, warmup: WARMUP });
  const throughput = await measureThroughput(server, page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS });
  const summary = {
    pageBytes: Buffer.byteLength(html),
    latency,
    throughput,
    node: process.version,
    loadavg: loadavg(),
    at: new Date().toISOString(),
  };
  printSummary(summary);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/service.json', import.meta.url), JSON.stringify(summary, null, 2) + '\n');
  console.log('\nwrote benchmarks/results/service.json');
  if (throughput.errors + throughput.timeouts + throughput.non2xx > 0) {
    console.error('FAIL: the service answered errors under load');
    failed = true;
  }
} finally {
  const code = await server.close();
  await page.close();
  if (code !== 0) {
    console.error(`FAIL: scrape-server exited with ${code} on SIGTERM`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
