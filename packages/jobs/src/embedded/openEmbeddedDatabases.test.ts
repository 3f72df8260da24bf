// Two job stores of one process on one data directory (two scrapers on the default ./.scrape-data do this, as the
// http crawl-prompt test does): opening the second ran LMDB's synchronous openDB on the main thread while the first
// store's async transaction() held the write lock waiting for the main thread, and the process hung for good, its
// event loop blocked, so no test timeout could fire (issue 27: a CI run killed at 90 minutes, silent). The scenario
// runs in a child process, so a regression fails in bounded time instead of hanging this worker. It uses the built
// package (turbo builds it before the tests).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runModuleScript } from '@scrape/test-support';
import { afterAll, expect, it } from 'vitest';

const BUILT = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'jobs-shared-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Store `a` keeps async write transactions in flight (sweep) while store `b` of the same directory opens, writes
// and closes, round after round; then `a` still works and sees what `b` wrote.
const SCENARIO = `
import { createJobStore } from ${JSON.stringify(BUILT)};
const dataDir = process.argv[1];
const a = await createJobStore({ dataDir });
let busy = true;
const churn = (async () => { while (busy) await a.sweep(); })();
const ids = [];
for (let round = 0; round < 20; round++) {
  await new Promise((r) => setImmediate(r));
  const b = await createJobStore({ dataDir });
  const job = await b.createJob({ kind: 'crawl', team: 't', params: {}, items: [] });
  ids.push(job.id);
  await b.close();
}
busy = false;
await churn;
const seen = await Promise.all(ids.map((id) => a.getJob(id)));
await a.close();
console.log(JSON.stringify({ opened: ids.length, seenByFirst: seen.filter(Boolean).length }));
`;

it('opens a second store of a directory while the first has a write in flight, without hanging', async () => {
  expect(existsSync(BUILT), `${BUILT} is missing: build @scrape/jobs first`).toBe(true);
  // Seconds when it works; a deadlock is for good, so 60 s only bounds the failure on a loaded machine.
  const { code, signal, stdout } = await runModuleScript(SCENARIO, [dir], 60_000);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(JSON.parse(stdout)).toEqual({ opened: 20, seenByFirst: 20 });
}, 90_000);
