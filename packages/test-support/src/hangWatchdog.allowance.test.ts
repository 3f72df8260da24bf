// The watchdog's bound against slow-but-moving files: a file is ended only after no progress for longer than the
// stall bound, or than its test in flight's own timeout times its tries plus the grace, whichever is longer; every
// test or hook event starts the quiet time again. (No vitest worker runs under this process, so nothing is killed.)
import type { TestCase, TestModule } from 'vitest/node';
import { expect, it } from 'vitest';
import { HangWatchdog } from './hangWatchdog.js';

const MINUTE = 60_000;

function fakeFile() {
  const module = {
    type: 'module',
    moduleId: '/repo/slow.test.ts',
    relativeModuleId: 'slow.test.ts',
    children: { allTests: () => [] },
    meta: () => ({}),
  } as unknown as TestModule;
  const test = (timeout: number | undefined) =>
    ({ module, fullName: 'a long test', options: { timeout, retry: 1, mode: 'run' } }) as unknown as TestCase;
  return { module, test };
}

function watchdog() {
  const written: string[] = [];
  const dog = new HangWatchdog({ stallMs: 10 * MINUTE, write: (text) => written.push(text) });
  dog.onInit({ config: { testTimeout: 30_000, retry: 1 }, projects: [] } as never);
  return { dog, written };
}

it('leaves a file alone while it moves, and ends it after the stall bound of quiet', () => {
  const { dog, written } = watchdog();
  const { module, test } = fakeFile();
  const start = Date.now();
  dog.onTestModuleQueued(module);
  dog.check(start + 10 * MINUTE - 1_000);
  expect(dog.ended).toEqual([]);
  // A 30 s test with one retry: its allowance is the stall bound (10 minutes), counted from its start.
  dog.onTestCaseReady(test(undefined));
  dog.check(Date.now() + 10 * MINUTE - 1_000);
  expect(dog.ended).toEqual([]);
  dog.check(Date.now() + 10 * MINUTE + 1_000);
  expect(dog.ended).toEqual(['slow.test.ts']);
  expect(written.join('')).toContain('slow.test.ts showed no progress for 60');
  expect(written.join('')).toContain('last seen in the test "a long test"');
});

it('gives a test with a long own timeout that timeout times its tries, plus the grace', () => {
  const { dog } = watchdog();
  const { module, test } = fakeFile();
  dog.onTestModuleQueued(module);
  // 300 s, tried twice: 10 minutes, plus a minute.
  dog.onTestCaseReady(test(300_000));
  dog.onHookStart({ name: 'beforeEach', entity: test(300_000) } as never);
  dog.check(Date.now() + 10 * MINUTE + 30_000);
  expect(dog.ended).toEqual([]);
  dog.check(Date.now() + 11 * MINUTE + 1_000);
  expect(dog.ended).toEqual(['slow.test.ts']);
});

it('forgets a file once it ends', () => {
  const { dog } = watchdog();
  const { module } = fakeFile();
  dog.onTestModuleQueued(module);
  dog.onTestModuleEnd(module);
  dog.check(Date.now() + 60 * MINUTE);
  expect(dog.ended).toEqual([]);
});
