// Full run of the load benchmark: the bare pipeline and scrape-server at saturation (legacy key, accounts on LMDB,
// accounts on Redis), same page, same run. Writes benchmarks/results/load.json.
// Usage: node benchmarks/load/index.mjs   (Redis from BENCH_REDIS_URL, default redis://127.0.0.1:6379)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { measureBare, measureService, printTable, problemsOf, startPageServer, startServer } from './lib.mjs';

/** Long enough for the JIT and pools to settle and for a stable p99; short enough to share a 2-core machine. */
const DURATION_SEC = 15;
/** Enough connections to saturate one process (its CPU, not the queue) without measuring only queueing. */
const CONNECTIONS = 16;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const page = await startPageServer();
const rows = [];
let failed = false;
try {
  const bare = await measureBare(page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS });
  rows.push(bare);
  for (const mode of ['legacy', 'embedded', 'redis']) {
    const server = await startServer(mode, { redisUrl: REDIS_URL });
    try {
      rows.push(await measureService(server, page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS }));
    } finally {
      const code = await server.close();
      if (code !== 0) {
        console.error(`FAIL: scrape-server (${mode}) exited ${code} on SIGTERM`);
        failed = true;
      }
    }
  }
  // The machine is shared: the bare pipeline runs again last, and the service is compared with the better of the two.
  const bareAgain = await measureBare(page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS });
  rows.push({ ...bareAgain, name: 'bare pipeline (again, last)' });
  printTable(rows, bareAgain.rps > bare.rps ? bareAgain : bare);
  console.log(
    `\npage ${page.bytes} bytes; ${CONNECTIONS} connections; ${DURATION_SEC} s each; loadavg ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/load.json', import.meta.url),
    JSON.stringify(
      {
        rows,
        durationSec: DURATION_SEC,
        connections: CONNECTIONS,
        pageBytes: page.bytes,
        node: process.version,
        loadavg: loadavg(),
        at: new Date().toISOString(),
      },
      null,
      2,
    ) + '\n',
  );
  console.log('wrote benchmarks/results/load.json');
  const problems = problemsOf(rows);
  if (problems.length) {
    console.error(`FAIL:\n  ${problems.join('\n  ')}`);
    failed = true;
  }
} finally {
  await page.close();
}
process.exit(failed ? 1 : 0);
