import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { dispatchPageCall } from './dispatchPageCall.js';
import { SANDBOX_CHILD_SOURCE } from './sandboxChild.js';

/** Heap of a sandbox process: plenty for driving a page, small enough that a memory bomb dies fast. */
export const SANDBOX_HEAP_MB = 128;
/** Calls a sandbox may make in one run: a loop of page calls must not keep the browser busy forever. */
export const SANDBOX_MAX_CALLS = 5_000;
/** A result larger than this (as JSON) is dropped with `truncated`: responses stay a sane size. */
export const SANDBOX_RESULT_MAX_CHARS = 1_000_000;
/** Characters of a page call's error text passed back to the code. */
const ERROR_TEXT_MAX = 2_000;

export interface SandboxResult {
  result: unknown;
  stdout: string;
  stderr: string;
  /** 0: the code finished; 1: it threw; otherwise the sandbox process' exit code (137: killed). */
  exitCode: number;
  /** The sandbox was killed at its deadline. */
  killed: boolean;
  truncated: boolean;
  /** Why the code did not finish normally. */
  error?: string;
}

let networkIsolation: boolean | undefined;
/** `unshare -n` gives the sandbox an empty network namespace (needs root or user namespaces); checked once. */
export function sandboxHasNetworkIsolation(): boolean {
  networkIsolation ??= spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  return networkIsolation;
}

/** The permission model's flag: `--permission` since Node 22.13 (stable in 24), `--experimental-permission` before. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

function spawnSandbox(): ChildProcess {
  const nodeArgs = [PERMISSION_FLAG, `--max-old-space-size=${SANDBOX_HEAP_MB}`, '--no-warnings', '-e', SANDBOX_CHILD_SOURCE];
  // No env, no inherited descriptors besides the IPC channel; stdout/stderr piped only to notice crashes.
  const options = { env: {}, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[] };
  return sandboxHasNetworkIsolation() ? spawn('unshare', ['-n', process.execPath, ...nodeArgs], options) : spawn(process.execPath, nodeArgs, options);
}

/**
 * Runs `code` in a fresh sandbox process against `page`: the code's page calls come over IPC and only the whitelisted
 * ones (dispatchPageCall) reach Playwright. The process is killed at `timeoutMs` whatever it does.
 */
export function runSandboxedCode(code: string, page: Page, context: BrowserContext, timeoutMs: number): Promise<SandboxResult> {
  return new Promise((resolve) => {
    const child = spawnSandbox();
    const deadline = Date.now() + timeoutMs;
    let settled = false;
    let killed = false;
    let calls = 0;
    let crashText = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (crashText.length < 4_000) crashText += chunk.toString();
    });
    child.stdout?.resume();
    const finish = (result: SandboxResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      // After a successful spawn an 'error' is a message that could not be sent (the child is exiting or was killed
      // at the deadline, e.g. a page call's reply racing the kill): its 'exit', bounded by the timer, reports the run.
      if (child.pid !== undefined) return;
      finish({ result: null, stdout: '', stderr: '', exitCode: 1, killed: false, truncated: false, error: `sandbox failed to start: ${error.message}` });
    });
    child.on('exit', (exitCode, signal) => {
      const error = killed
        ? `execution timed out after ${timeoutMs} ms`
        : /heap out of memory|Allocation failed/i.test(crashText)
          ? `the code ran out of memory (${SANDBOX_HEAP_MB} MB)`
          : `the sandbox process exited (${signal ?? `code ${exitCode}`})`;
      finish({ result: null, stdout: '', stderr: crashText.slice(-2_000), exitCode: exitCode ?? (killed ? 137 : 1), killed, truncated: false, error });
    });
    child.on('message', (raw: unknown) => {
      const message = raw as { type?: string; id?: number; target?: unknown; method?: unknown; args?: unknown; result?: unknown; stdout?: string; stderr?: string; error?: string; truncated?: boolean };
      if (settled || !message || typeof message !== 'object') return;
      if (message.type === 'ready') {
        child.send({ type: 'run', code });
      } else if (message.type === 'done') {
        const oversized = message.error === undefined && JSON.stringify(message.result ?? null).length > SANDBOX_RESULT_MAX_CHARS;
        finish({
          result: message.error === undefined && !oversized ? (message.result ?? null) : null,
          stdout: String(message.stdout ?? ''),
          stderr: String(message.stderr ?? ''),
          exitCode: message.error === undefined ? 0 : 1,
          killed: false,
          truncated: message.truncated === true || oversized,
          error: message.error === undefined ? undefined : String(message.error),
        });
      } else if (message.type === 'call' && typeof message.id === 'number') {
        const id = message.id;
        if (++calls > SANDBOX_MAX_CALLS) {
          child.send({ type: 'reply', id, error: `more than ${SANDBOX_MAX_CALLS} page calls` });
          return;
        }
        dispatchPageCall(page, context, message.target, String(message.method), message.args, deadline - Date.now()).then(
          (value) => !settled && child.connected && child.send({ type: 'reply', id, value }),
          (error: unknown) => !settled && child.connected && child.send({ type: 'reply', id, error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX) }),
        );
      }
    });
  });
}
