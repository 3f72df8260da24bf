// The retry reporter on a real vitest run: tests that fail on their first attempt and pass on their retry are named
// with what the first attempt threw (message, top of the stack, cause; fast-check's seed and counterexample lines).
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { attemptDetails } from './retryReporter.js';
import { vitestOnFixtures } from './vitestOnFixtures.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/retry/', import.meta.url));

/** Runs vitest on the retry fixtures; killed after `boundMs` (the run takes seconds). */
async function runFixtures(boundMs: number): Promise<{ code: number | null; lines: string[] }> {
  const { code, output } = await vitestOnFixtures(FIXTURES, process.env, boundMs);
  // Only the reporter's lines are compared: the run's own output would repeat the names in passing.
  return { code, lines: output.split('\n').filter((line) => line.startsWith('retried:')) };
}

/** The lines printed under `name`, up to the next test's name or the count. */
function blockOf(lines: string[], name: string): string[] {
  const start = lines.indexOf(`retried: passed only on its retry: ${name}`);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('retried:   '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

it("prints each test that passed only on its retry with its first attempt's error, stack and cause", async () => {
  const { code, lines } = await runFixtures(90_000);
  expect(code).toBe(0);
  expect(lines.at(-1)).toBe('retried: 2 passed only on a retry');
  expect(lines.filter((line) => line.includes('passes on its first attempt'))).toEqual([]);

  const flaky = blockOf(lines, 'flaky.fixture.ts > passes only on its retry');
  expect(flaky[0]).toBe('retried:   the first attempt failed:');
  expect(flaky[1]).toMatch(/AssertionError: first-attempt-marker: the first attempt broke/);
  // The top of the stack, source-mapped: the helper that threw, then the test's own line.
  expect(flaky[2]).toMatch(/at checkAttempt \(flaky\.fixture\.ts:8:\d+\)$/);
  expect(flaky[3]).toMatch(/flaky\.fixture\.ts:12:\d+\)$/);

  const property = blockOf(lines, 'property.fixture.ts > a property that passes only on its retry').join('\n');
  expect(property).toContain('Error: Property failed after');
  expect(property).toMatch(/\{ seed: 4242, path: "[\d:]+", endOnFailure: true \}/);
  expect(property).toContain('Counterexample: [10]');
  expect(property).toMatch(/caused by:\n.*AssertionError: property-marker: 10 is too large/);
}, 120_000);

it('bounds the message and the stack, and keeps fast-check replay lines past the message bound', () => {
  const message = [
    ...Array.from({ length: 30 }, (_, i) => `line ${i}`),
    '{ seed: 7, path: "3:1", endOnFailure: true }',
    `Counterexample: ["${'x'.repeat(5_000)}"]`,
  ].join('\n');
  const stack = ['Error: boom', ...Array.from({ length: 40 }, (_, i) => `    at step${i} (/elsewhere/file.js:${i}:1)`)];
  const details = attemptDetails([{ name: 'Error', message, stack: stack.join('\n') }], 1);
  expect(details[0]).toBe('the first attempt failed:');
  expect(details).toContain('    line 19');
  expect(details).not.toContain('    line 20');
  expect(details).toContain('    { seed: 7, path: "3:1", endOnFailure: true }');
  expect(details.find((line) => line.includes('Counterexample:'))).toMatch(/x… \(3020 more characters\)$/);
  expect(details).toContain('    (10 more lines of the message)');
  expect(details.filter((line) => line.trim().startsWith('at step'))).toHaveLength(20);
  expect(details).toContain('    (20 more frames)');
  expect(attemptDetails([], 1)).toEqual(['(vitest kept no error of the first attempt)']);
});
