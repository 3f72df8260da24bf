// The hang watchdog on a real vitest run: a file whose worker is blocked in a synchronous wait on a child process
// (no vitest timeout can fire there) is reported and ended, its child with it, and the run goes on to the next file.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { expect, it } from 'vitest';
import { allProcesses } from './processTree.js';

const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/stall/', import.meta.url));

/** Runs vitest on the fixtures; killed after `boundMs` (a run without the watchdog would wait 300 s). */
function runFixtures(sleepSeconds: string, boundMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--config', 'vitest.config.ts', '--root', '.'], {
      cwd: FIXTURES,
      env: { ...process.env, STALL_FIXTURE_SLEEP: sleepSeconds, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const bound = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.on('close', (code) => {
      clearTimeout(bound);
      resolve({ code, output: stripVTControlCharacters(output) });
    });
  });
}

it('reports a blocked file, ends its worker and the child it waits on, and runs the next file', async () => {
  // A sleep length of this test's own, so its process can be told from any other on the machine.
  const sleepSeconds = String(300 + (process.pid % 97));
  const { code, output } = await runFixtures(sleepSeconds, 90_000);
  expect(output).toContain('hang-watchdog: blocked.fixture.ts showed no progress');
  expect(output).toContain('the first test not finished: "waits synchronously on a child process"');
  expect(output).toMatch(new RegExp(`hang-watchdog: +\\d+ S \\S+ sleep ${sleepSeconds}`));
  expect(output).toMatch(/✓ quick\.fixture\.ts/);
  expect(output).toContain('hang-watchdog: ended after no progress: blocked.fixture.ts');
  expect(code).toBe(1);
  expect(allProcesses().filter((p) => p.args === `sleep ${sleepSeconds}`)).toEqual([]);
}, 120_000);
