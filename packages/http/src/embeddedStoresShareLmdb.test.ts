// Two monitor stores, and two account stores, of one process on one data directory: opening the second while the
// first had an async write transaction in flight ran LMDB's synchronous open on the main thread against the first's
// writer, which waited for the main thread: the process hung for good, its event loop blocked (issue 27, where the
// job store's file did this to a CI run). The scenario runs in a child process on the built service, so a regression
// fails in bounded time instead of hanging this worker.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runModuleScript } from '@scrape/test-support';
import { afterAll, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'http-shared-lmdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Store `a` keeps writing (one transaction after another) while store `b` of the same directory opens, writes and
// closes, round after round; then `a` still works and reads what `b` wrote.
const SCENARIO = `
import { createEmbeddedMonitorKv } from ${JSON.stringify(join(DIST, 'monitor/monitorKv.js'))};
import { createEmbeddedAccountStore } from ${JSON.stringify(join(DIST, 'accounts/createEmbeddedAccountStore.js'))};
const dataDir = process.argv[1];
async function race(open, write, read) {
  const a = open();
  let busy = true;
  const churn = (async () => { while (busy) await write(a, 'a', 1); })();
  for (let round = 0; round < 20; round++) {
    await new Promise((r) => setImmediate(r));
    const b = open();
    await write(b, 'b' + round, 1000);
    await b.close();
  }
  busy = false;
  await churn;
  const seen = (await Promise.all(Array.from({ length: 20 }, (_, i) => read(a, 'b' + i)))).filter(Boolean).length;
  await a.close();
  return seen;
}
const monitors = await race(
  () => createEmbeddedMonitorKv(dataDir),
  async (kv, key, n) => { await kv.put(key, { n }); await kv.patch(key, { n: n + 1 }); },
  (kv, key) => kv.get(key),
);
const accounts = await race(
  () => createEmbeddedAccountStore({ dataDir }),
  (store, key, n) => store.addCredits(key, n),
  async (store, key) => (await store.balance(key)) === 1000,
);
console.log(JSON.stringify({ monitors, accounts }));
`;

it('opens a second monitor or account store of a directory while the first writes, without hanging', async () => {
  expect(existsSync(join(DIST, 'monitor/monitorKv.js')), `${DIST} is missing: build @scrape/http first`).toBe(true);
  // Seconds when it works; a deadlock is for good, so 60 s only bounds the failure on a loaded machine.
  const { code, signal, stdout } = await runModuleScript(SCENARIO, [dir], 60_000);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(JSON.parse(stdout)).toEqual({ monitors: 20, accounts: 20 });
}, 90_000);
