// A vitest reporter that bounds how long a test file may go without progress. Vitest's own testTimeout and
// hookTimeout are timers inside the test worker: a worker whose event loop is blocked (a synchronous wait, a stuck
// native call) or a file stuck while it is imported never fires them, and the run then waits until CI's budget is
// gone, printing nothing. This reporter runs in vitest's main process: when a running file has shown no progress
// (no test or hook started or ended) for longer than any of its tests may legitimately take, it prints which file and
// which test or hook is running, the processes under vitest with their state, and what the worker holds open, then
// ends that worker and everything it started. Vitest reports the file as failed and goes on with the next one.
import { fileURLToPath } from 'node:url';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import type { ReportedHookContext, Vitest } from 'vitest/node';
import { allProcesses, descendantsOf, formatTree, killTree, openDescriptors, type ProcessRow } from './processTree.js';

export interface HangWatchdogOptions {
  /**
   * How long a file may show no progress, ms (default 10 minutes). A test with a longer own
   * timeout gets that timeout times its tries, plus `graceMs`. Generous on purpose: a file of this repository runs in
   * at most about a minute, and a slow-but-moving run on a loaded 2-core machine must never be ended by it.
   */
  stallMs?: number;
  /** Added to a test's own timeout times its tries, for its hooks and retry, ms (default a minute). */
  graceMs?: number;
  /** How often the running files are looked at, ms. */
  checkEveryMs?: number;
  /** Where the report goes (stderr by default, so it is seen in CI's log even when stdout is buffered). */
  write?: (text: string) => void;
}

interface Running {
  module: TestModule;
  /**
   * The worker process that runs it: told by the worker itself (hangWatchdogSetup.ts, from the file's first hook on),
   * else the one vitest worker no other running file is known to run in, else unknown (never a guess: with files in
   * parallel workers a guess could end a file that was moving).
   */
  workerPid?: number;
  /** Whether the worker itself told `workerPid`. */
  workerToldUs?: boolean;
  lastProgress: number;
  activity: string;
  /** The allowance of the test in flight (its beforeEach/afterEach hooks run inside it), ms. */
  testAllowance?: number;
}

const MINUTE = 60_000;
const DEFAULT_STALL_MS = 10 * MINUTE;

/** Vitest's fork and thread workers, by their entry file. */
const isVitestWorker = (row: ProcessRow) => /vitest[/\\]dist[/\\]workers[/\\](forks|threads)\.js/.test(row.args);

/** Run in every worker: it tells the watchdog its pid through the file's task meta (see that file). */
const WORKER_SETUP = fileURLToPath(new URL('./hangWatchdogSetup.ts', import.meta.url));

/** The pid a worker told through the file's task meta, if it has yet. */
const toldPid = (module: TestModule): number | undefined => {
  const pid = (module.meta() as { hangWatchdogPid?: unknown }).hangWatchdogPid;
  return typeof pid === 'number' ? pid : undefined;
};

/** The file a hook runs in (a file-level hook's entity is the file itself). */
const moduleOf = (hook: ReportedHookContext): TestModule =>
  hook.entity.type === 'module' ? hook.entity : hook.entity.module;

export class HangWatchdog implements Reporter {
  private readonly stallMs: number;
  private readonly graceMs: number;
  private readonly checkEveryMs: number;
  private readonly write: (text: string) => void;
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;
  private testTimeout = 5_000;
  private defaultRetry = 0;
  /** Files this watchdog reported and ended, or found no worker of to end (printed again in the closing lines). */
  readonly ended: string[] = [];

  constructor(options: HangWatchdogOptions = {}) {
    this.stallMs = options.stallMs ?? DEFAULT_STALL_MS;
    this.graceMs = options.graceMs ?? MINUTE;
    this.checkEveryMs = options.checkEveryMs ?? Math.min(30_000, Math.max(100, Math.floor(this.stallMs / 4)));
    this.write = options.write ?? ((text) => process.stderr.write(text));
  }

  onInit(vitest: Vitest): void {
    this.testTimeout = vitest.config.testTimeout;
    const retry = vitest.config.retry;
    this.defaultRetry = typeof retry === 'number' ? retry : 0;
    // Read when each run's config is sent to the workers, so adding it here reaches every file.
    for (const project of vitest.projects) {
      if (!project.config.setupFiles.includes(WORKER_SETUP)) project.config.setupFiles.push(WORKER_SETUP);
    }
  }

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    this.timer ??= setInterval(() => this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  onTestModuleQueued(module: TestModule): void {
    this.running.set(module.moduleId, {
      module,
      workerPid: this.onlyUnclaimedWorker(module.moduleId),
      lastProgress: Date.now(),
      activity: 'importing the file and collecting its tests',
    });
  }

  onTestModuleCollected(module: TestModule): void {
    this.progress(module, 'between tests');
  }

  onHookStart(hook: ReportedHookContext): void {
    const where = hook.entity.type === 'module' ? 'the file' : `"${hook.entity.fullName}"`;
    this.progress(moduleOf(hook), `the ${hook.name} hook of ${where}`);
  }

  onHookEnd(hook: ReportedHookContext): void {
    this.progress(moduleOf(hook), 'between tests');
  }

  onTestCaseReady(test: TestCase): void {
    const timeout = test.options.timeout ?? this.testTimeout;
    const retry = test.options.retry;
    const tries = 1 + (typeof retry === 'number' ? retry : this.defaultRetry);
    const running = this.progress(test.module, `the test "${test.fullName}"`);
    if (running) running.testAllowance = Math.max(this.stallMs, timeout * tries + this.graceMs);
  }

  onTestCaseResult(test: TestCase): void {
    const running = this.progress(test.module, 'between tests');
    if (running) running.testAllowance = undefined;
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const file of this.ended) this.write(`hang-watchdog: ended after no progress: ${file}\n`);
  }

  private progress(module: TestModule, activity: string): Running | undefined {
    const running = this.running.get(module.moduleId);
    if (!running) return undefined;
    // The queued module is a stub; the collected one holds the tests.
    running.module = module;
    const pid = toldPid(module);
    if (pid !== undefined) {
      running.workerPid = pid;
      running.workerToldUs = true;
    }
    running.lastProgress = Date.now();
    running.activity = activity;
    return running;
  }

  /** How long the file may stay quiet now: the test in flight's allowance, else the stall bound. */
  private allowanceOf(running: Running): number {
    return running.testAllowance ?? this.stallMs;
  }

  /**
   * The vitest worker that runs file `moduleId` when that can be told without its word: the only worker no other
   * running file is known to run in (one file at a time, or every other file's worker known). Undefined otherwise.
   */
  private onlyUnclaimedWorker(moduleId: string): number | undefined {
    const claimed = new Set<number>();
    for (const [id, other] of this.running) {
      if (id !== moduleId && other.workerToldUs && other.workerPid !== undefined) claimed.add(other.workerPid);
    }
    const free = descendantsOf(process.pid).filter((row) => isVitestWorker(row) && !claimed.has(row.pid));
    return free.length === 1 ? free[0]!.pid : undefined;
  }

  /** Ends the files that have shown no progress for longer than their allowance. */
  check(now = Date.now()): void {
    for (const [id, running] of this.running) {
      const quiet = now - running.lastProgress;
      if (quiet <= this.allowanceOf(running)) continue;
      this.running.delete(id);
      this.ended.push(running.module.relativeModuleId);
      // Not told by the worker (stuck before its first hook): by elimination now, when other files have told theirs.
      if (!running.workerToldUs) running.workerPid = this.onlyUnclaimedWorker(id) ?? running.workerPid;
      this.write(this.report(running, quiet));
      if (running.workerPid !== undefined) killTree(running.workerPid);
    }
  }

  /**
   * The first collected test that has not finished: a blocked worker cannot send its "test started" event, so the
   * test it is stuck in is often not the last one reported.
   */
  private unfinished(module: TestModule): string {
    for (const test of module.children.allTests()) {
      if (test.result().state === 'pending' && test.options.mode !== 'skip' && test.options.mode !== 'todo')
        return ` (the first test not finished: "${test.fullName}")`;
    }
    return '';
  }

  private report(running: Running, quietMs: number): string {
    const lines = [
      '',
      `hang-watchdog: ${running.module.relativeModuleId} showed no progress for ${Math.round(quietMs / 1000)} s`,
      `hang-watchdog: last seen in ${running.activity}${this.unfinished(running.module)}`,
      `hang-watchdog: processes under vitest (pid, state, kernel wait, command):`,
      ...formatTree(descendantsOf(process.pid, allProcesses())).map((l) => `hang-watchdog:   ${l}`),
    ];
    if (running.workerPid !== undefined) {
      const held = [...openDescriptors(running.workerPid)].sort((a, b) => b[1] - a[1]).slice(0, 15);
      lines.push(
        `hang-watchdog: the worker ${running.workerPid} holds open: ${held.map(([k, n]) => `${n}× ${k}`).join(', ')}`,
        `hang-watchdog: ending worker ${running.workerPid} and every process under it; the file counts as failed`,
      );
    } else {
      lines.push('hang-watchdog: which worker runs it cannot be told (several, none said): none ended, the run waits');
    }
    return `${lines.join('\n')}\n`;
  }
}
