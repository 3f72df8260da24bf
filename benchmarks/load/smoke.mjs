// CI smoke for the load benchmark: the same code paths, short. Fails on any 5xx, transport error or non-2xx under
// saturation, on a server that does not start or does not exit 0 on SIGTERM, or when nothing is served.
import { measureBare, measureService, printTable, problemsOf, startPageServer, startServer } from './lib.mjs';

const DURATION_SEC = 3;
const CONNECTIONS = 8;

const page = await startPageServer();
const problems = [];
try {
  const bare = await measureBare(page.url, { durationSec: 2, connections: CONNECTIONS });
  const rows = [bare];
  // Accounts on the embedded store: the whole admission path (key lookup, rate, credits, concurrency, settlement).
  const server = await startServer('embedded');
  try {
    rows.push(await measureService(server, page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS }));
  } finally {
    const code = await server.close();
    if (code !== 0) problems.push(`scrape-server exited ${code} on SIGTERM`);
  }
  printTable(rows, bare);
  problems.push(...problemsOf(rows));
} catch (err) {
  problems.push(String(err?.stack ?? err));
} finally {
  await page.close();
}
if (problems.length) {
  console.error(`load smoke FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('load smoke ok');
