// CI smoke for the service benchmark: the same code paths with small samples. Fails when the built server does not
// start, answers differently from the bare pipeline, errors under a short load, or does not shut down cleanly.
import {
  benchPage,
  measureLatency,
  measureThroughput,
  printSummary,
  startPageServer,
  startScrapeServer,
} from './lib.mjs';

const ITERATIONS = 20;
const WARMUP = 3;
const DURATION_SEC = 3;
const CONNECTIONS = 4;

const html = benchPage();
const page = await startPageServer(html);
const server = await startScrapeServer();
const problems = [];
try {
  const latency = await measureLatency(server, page.url, { iterations: ITERATIONS, warmup: WARMUP });
  const throughput = await measureThroughput(server, page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS });
  printSummary({ pageBytes: Buffer.byteLength(html), latency, throughput });
  if (throughput.requests === 0) problems.push('no request completed under load');
  if (throughput.errors + throughput.timeouts + throughput.non2xx > 0) {
    problems.push(
      `under load: ${throughput.errors} errors, ${throughput.timeouts} timeouts, ${throughput.non2xx} non-2xx`,
    );
  }
} catch (err) {
  problems.push(String(err?.stack ?? err));
} finally {
  const code = await server.close();
  await page.close();
  if (code !== 0) problems.push(`scrape-server exited with ${code} on SIGTERM`);
}
if (problems.length > 0) {
  console.error(`service smoke FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('service smoke: ok');
