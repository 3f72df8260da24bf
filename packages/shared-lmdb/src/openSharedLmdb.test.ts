// The shared environment: one per file per process, counted, closed by the last user; and the deadlock it exists for
// (a second environment opened on a file while the first has an async write transaction in flight), run in a child
// process on the built package so a regression fails in bounded time instead of hanging this worker.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runModuleScript } from '@scrape/test-support';
import type { RootDatabase } from 'lmdb';
import { afterAll, describe, expect, it } from 'vitest';
import { openSharedLmdb } from './openSharedLmdb.js';

const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'shared-lmdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const namedDatabases = (root: RootDatabase) => ({ items: root.openDB({ name: 'items' }) });

describe('openSharedLmdb', () => {
  it('gives every user of a file the same environment and databases, and closes it with the last user', async () => {
    const a = openSharedLmdb(join(dir, 'one'), { setup: namedDatabases });
    const b = openSharedLmdb(join(dir, 'x', '..', 'one'), { setup: namedDatabases });
    expect(b.root).toBe(a.root);
    expect(b.dbs).toBe(a.dbs);
    await a.dbs.items.put('k', 1);
    await a.release();
    await a.release(); // a second release of one hold counts once
    expect(b.dbs.items.get('k')).toBe(1);
    await b.release();
    expect(() => b.dbs.items.get('k')).toThrow();
    const c = openSharedLmdb(join(dir, 'one'), { setup: namedDatabases });
    expect(c.root).not.toBe(a.root);
    expect(c.dbs.items.get('k')).toBe(1);
    await c.release();
  });

  it('opens another file apart', async () => {
    const a = openSharedLmdb(join(dir, 'a'), { encoding: 'json' });
    const b = openSharedLmdb(join(dir, 'b'), { encoding: 'json' });
    expect(b.root).not.toBe(a.root);
    await Promise.all([a.release(), b.release()]);
  });

  it('refuses a user that asks for another encoding or set-up of an open file', async () => {
    const a = openSharedLmdb(join(dir, 'shaped'), { setup: namedDatabases });
    expect(() => openSharedLmdb(join(dir, 'shaped'))).toThrow(/another encoding or set-up/);
    expect(() => openSharedLmdb(join(dir, 'shaped'), { setup: namedDatabases, encoding: 'json' })).toThrow();
    await a.release();
  });
});

// User `a` keeps async write transactions in flight while user `b` of the same file opens (its named database too),
// writes and releases, round after round; then `a` still works and reads what `b` wrote.
const SCENARIO = `
import { openSharedLmdb } from ${JSON.stringify(BUILT)};
const path = process.argv[1];
const setup = (root) => ({ items: root.openDB({ name: 'items' }) });
const a = openSharedLmdb(path, { setup });
let busy = true;
const churn = (async () => {
  while (busy) await a.root.transaction(() => a.dbs.items.put('a', (a.dbs.items.get('a') ?? 0) + 1));
})();
for (let round = 0; round < 20; round++) {
  await new Promise((r) => setImmediate(r));
  const b = openSharedLmdb(path, { setup });
  await b.dbs.items.put('b' + round, round);
  await b.release();
}
busy = false;
await churn;
const seen = Array.from({ length: 20 }, (_, i) => a.dbs.items.get('b' + i)).filter((v) => v !== undefined).length;
await a.release();
console.log(JSON.stringify({ seen }));
`;

it('opens a file again while another user has a write in flight, without hanging', async () => {
  expect(existsSync(BUILT), `${BUILT} is missing: build @scrape/shared-lmdb first`).toBe(true);
  // Seconds when it works; a deadlock is for good, so 60 s only bounds the failure on a loaded machine.
  const { code, signal, stdout } = await runModuleScript(SCENARIO, [join(dir, 'raced')], 60_000);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(JSON.parse(stdout)).toEqual({ seen: 20 });
}, 90_000);
