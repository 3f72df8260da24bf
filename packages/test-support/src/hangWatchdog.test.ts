// The hang watchdog on a real vitest run: a file whose worker is blocked in a synchronous wait on a child process
// (no vitest timeout can fire there) is reported and ended, its child with it, and the run goes on to the next file;
// with files in parallel workers, the blocked file's own worker is the one ended, and the file moving beside it passes.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { allProcesses } from './processTree.js';
import { vitestOnFixtures } from './vitestOnFixtures.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Runs vitest on the fixtures of `set`; killed after `boundMs` (a run without the watchdog would wait 300 s). */
function runFixtures(set: 'stall' | 'parallel', sleepSeconds: string, boundMs: number) {
  return vitestOnFixtures(`${FIXTURES}${set}/`, { ...process.env, STALL_FIXTURE_SLEEP: sleepSeconds }, boundMs);
}

it('reports a blocked file, ends its worker and the child it waits on, and runs the next file', async () => {
  // A sleep length of this test's own, so its process can be told from any other on the machine.
  const sleepSeconds = String(300 + (process.pid % 97));
  const { code, output } = await runFixtures('stall', sleepSeconds, 90_000);
  expect(output).toContain('hang-watchdog: blocked.fixture.ts showed no progress');
  expect(output).toContain('the first test not finished: "waits synchronously on a child process"');
  expect(output).toMatch(new RegExp(`hang-watchdog: +\\d+ S \\S+ sleep ${sleepSeconds}`));
  expect(output).toMatch(/✓ quick\.fixture\.ts/);
  expect(output).toContain('hang-watchdog: ended after no progress: blocked.fixture.ts');
  expect(code).toBe(1);
  expect(allProcesses().filter((p) => p.args === `sleep ${sleepSeconds}`)).toEqual([]);
}, 120_000);

it("ends the blocked file's own worker when files run in parallel, and the file moving beside it passes", async () => {
  const sleepSeconds = String(400 + (process.pid % 97));
  const { code, output } = await runFixtures('parallel', sleepSeconds, 90_000);
  expect(output).toContain('hang-watchdog: blocked.fixture.ts showed no progress');
  // The worker named in the report is the one the sleep runs under (its parent in the process tree).
  const ended = output.match(/hang-watchdog: ending worker (\d+)/)?.[1];
  const sleepLine = output.split('\n').findIndex((line) => new RegExp(`\\d+ S \\S+ sleep ${sleepSeconds}`).test(line));
  expect(ended).toBeDefined();
  expect(output.split('\n')[sleepLine - 1]).toMatch(new RegExp(`hang-watchdog: +.*\\b${ended} `));
  expect(output).toMatch(/✓ moving\.fixture\.ts \(20 tests\)/);
  expect(output).not.toContain('moving.fixture.ts showed no progress');
  expect(code).toBe(1);
  expect(allProcesses().filter((p) => p.args === `sleep ${sleepSeconds}`)).toEqual([]);
}, 120_000);
