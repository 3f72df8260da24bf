// A vitest reporter that names every test which failed first and passed on its retry (the configs allow one retry on
// this shared 2-core machine), so a flaky test is seen in CI's output instead of passing silently. `.ci/run` adds
// the `retried: N passed only on a retry` lines up into its closing count.
// Under each name it prints what the failed attempt threw (vitest keeps the errors of the failed attempts in the
// passed test's `result().errors`): the message, the top of the stack and the causes, each bounded, so the flake can
// be diagnosed from the CI log alone. A fast-check failure's message holds its `{ seed, path }` and `Counterexample`
// lines, which replay the failing case; they are always printed.
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

/** Lines of an error's message printed (a fast-check report is about 6, an assertion's diff a few more). */
const MESSAGE_LINES = 20;
/** Stack frames printed per error: enough to reach the test's own line through a helper or two. */
const STACK_FRAMES = 20;
/** Lines of an assertion's expected/received diff printed. */
const DIFF_LINES = 20;
/** Characters per printed line; a counterexample of generated JSON can run to many kilobytes. */
const LINE_CHARS = 2_000;
/** Causes followed (fast-check puts the failing assertion in the cause of its own error). */
const CAUSE_DEPTH = 3;
/** Lines of fast-check's report that replay the failure; printed even when the message is cut. */
const FAST_CHECK_REPLAY = /^\{ seed: |^Counterexample: /;

/** The fields of a serialized test error this reporter reads (vitest's TestError, loosely). */
interface AttemptError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  stacks?: { method?: string; file?: string; line?: number; column?: number }[];
  diff?: unknown;
  cause?: unknown;
}

interface Retried {
  name: string;
  details: string[];
}

export class RetryReporter implements Reporter {
  private readonly retried: Retried[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    const result = testCase.result();
    if (result.state === 'passed' && diagnostic?.flaky) {
      const errors: readonly AttemptError[] = result.errors ?? [];
      this.retried.push({
        name: `${testCase.module.relativeModuleId} > ${testCase.fullName}`,
        details: attemptDetails(errors, diagnostic.retryCount),
      });
    }
  }

  onTestRunEnd(): void {
    for (const { name, details } of this.retried) {
      console.log(`retried: passed only on its retry: ${name}`);
      for (const line of details) console.log(`retried:   ${line}`);
    }
    console.log(`retried: ${this.retried.length} passed only on a retry`);
  }
}

/** The lines printed under a retried test's name: each error of its failed attempts, bounded. */
export function attemptDetails(errors: readonly AttemptError[], retries: number): string[] {
  const attempts = retries === 1 ? 'the first attempt' : `the ${retries} failed attempts`;
  if (errors.length === 0) return [`(vitest kept no error of ${attempts})`];
  const lines: string[] = [];
  errors.forEach((error, index) => {
    const of = errors.length === 1 ? '' : ` (${index + 1} of ${errors.length})`;
    lines.push(`${attempts} failed${of}:`);
    lines.push(...errorLines(error, 0).map((line) => `  ${line}`));
  });
  return lines;
}

/** One error's name and message, its diff, the top of its stack, then its causes indented below it. */
function errorLines(error: AttemptError, depth: number): string[] {
  const name = typeof error.name === 'string' && error.name !== '' ? error.name : 'Error';
  const message = messageLines(typeof error.message === 'string' ? error.message : String(error.message));
  const lines = [`${name}: ${message[0] ?? ''}`, ...message.slice(1).map((line) => `  ${line}`)];
  if (typeof error.diff === 'string' && error.diff !== '') {
    const diff = stripVTControlCharacters(error.diff)
      .split('\n')
      .filter((line) => line.trim() !== '');
    lines.push(...bounded(diff, DIFF_LINES, 'diff lines').map((line) => `  ${line}`));
  }
  lines.push(...stackLines(error).map((line) => `  ${line}`));
  const cause = error.cause;
  if (cause !== null && typeof cause === 'object' && depth < CAUSE_DEPTH) {
    lines.push('caused by:', ...errorLines(cause as AttemptError, depth + 1).map((line) => `  ${line}`));
  }
  return lines;
}

/** The message's lines, at most MESSAGE_LINES of them, with fast-check's replay lines kept wherever they fall. */
function messageLines(message: string): string[] {
  const all = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (all.length <= MESSAGE_LINES) return all.map(cut);
  const kept = all.slice(0, MESSAGE_LINES);
  const replay = all.slice(MESSAGE_LINES).filter((line) => FAST_CHECK_REPLAY.test(line));
  return [...kept, ...replay, `(${all.length - kept.length - replay.length} more lines of the message)`].map(cut);
}

/**
 * The top of the stack: vitest's parsed frames when it has them (source-mapped, its own frames left out), else the
 * `at` lines of the raw stack without vitest's runner frames.
 */
function stackLines(error: AttemptError): string[] {
  if (Array.isArray(error.stacks) && error.stacks.length > 0) {
    const frames = error.stacks.map(
      (f) => `at ${f.method || '<anonymous>'} (${shortPath(f.file)}:${f.line}:${f.column})`,
    );
    return bounded(frames, STACK_FRAMES, 'frames');
  }
  if (typeof error.stack !== 'string') return [];
  const frames = error.stack
    .split('\n')
    .map((line) => line.trim())
    // vitest's runner frames (`@vitest+runner@…`, `vitest/dist`) come below the test's own and say nothing of it.
    .filter((line) => line.startsWith('at ') && !/[/\\]@?vitest[+/@\\]/.test(line))
    .map((line) =>
      line.replace(/(\(|at )(?:file:\/\/)?(\/[^:)]+)/, (_m, lead: string, file: string) => lead + shortPath(file)),
    );
  return bounded(frames, STACK_FRAMES, 'frames');
}

/** A file under the working directory as a relative path (shorter lines in the log); others as they are. */
function shortPath(file: string | undefined): string {
  if (!file) return '<unknown>';
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || rel === '' ? file : rel;
}

function bounded(lines: string[], limit: number, what: string): string[] {
  if (lines.length <= limit) return lines.map(cut);
  return [...lines.slice(0, limit).map(cut), `(${lines.length - limit} more ${what})`];
}

function cut(line: string): string {
  return line.length <= LINE_CHARS
    ? line
    : `${line.slice(0, LINE_CHARS)}… (${line.length - LINE_CHARS} more characters)`;
}
