import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { dispatchPageCall, pageStateOf } from './dispatchPageCall.js';
import { PAGE_HELPER_SOURCE } from './pageHelper.js';
import { SANDBOX_CHILD_SOURCE } from './sandboxChild.js';
import {
  DEFAULT_SANDBOX_LIMITS,
  isolatedCommand,
  runtimeDataBaselineBytes,
  sandboxIsolation,
} from './sandboxIsolation.js';
import { createSandboxCgroup, type SandboxCgroup } from './sandboxMemoryCgroup.js';

/** Heap of a sandbox process: plenty for driving a page, small enough that a memory bomb dies fast. */
export const SANDBOX_HEAP_MB = 128;
/** All writable memory of one sandbox process (kernel limit, RLIMIT_DATA): the heap plus Buffers and stacks. */
export const SANDBOX_MEMORY_MB = DEFAULT_SANDBOX_LIMITS.dataBytes / (1024 * 1024);
/** All processes of one run together, where the host gives the service a memory cgroup (sandboxMemoryCgroup.ts). */
export const SANDBOX_GROUP_MEMORY_MB = 512;
/** Calls a sandbox may make in one run: a loop of page calls must not keep the browser busy forever. */
export const SANDBOX_MAX_CALLS = 5_000;
/** A result larger than this (as JSON) is dropped with `truncated`: responses stay a sane size. */
export const SANDBOX_RESULT_MAX_CHARS = 1_000_000;
/** Console output kept per stream; past it the rest is dropped (`truncated`). */
export const SANDBOX_OUTPUT_MAX_BYTES = 64 * 1024;
/**
 * Largest message the parent accepts from the sandbox on its channel. It is checked while the bytes arrive: a
 * sandbox that sends more (a 60 MB "result" through an escaped process) is killed before the server buffers it.
 */
export const SANDBOX_MESSAGE_MAX_BYTES = 4 * 1024 * 1024;
/** Bytes the parent reads from the sandbox's raw stdout/stderr before it stops the run (console output is separate). */
const RAW_OUTPUT_MAX_BYTES = SANDBOX_OUTPUT_MAX_BYTES;
/** Characters of a page call's error text passed back to the code. */
const ERROR_TEXT_MAX = 2_000;

export type SandboxLanguage = 'node' | 'bash';

export interface SandboxOptions {
  /** `node` (default): Playwright JavaScript. `bash`: a shell with the `page` command (see pageHelper.ts). */
  language?: SandboxLanguage;
  /** A bubblewrap binary instead of the system one (SCRAPE_SANDBOX_BWRAP in the service). */
  bwrapPath?: string;
}

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
  /** Set when the host cannot isolate user code: the run was refused and nothing executed. */
  unavailable?: string;
}

/**
 * Whether user code can run here: bubblewrap namespaces, a dedicated uid and kernel limits (see sandboxIsolation).
 * Kept under its old name for callers; it now means the whole isolation, not only the network namespace.
 */
export function sandboxHasNetworkIsolation(bwrapPath?: string): boolean {
  return sandboxIsolation(bwrapPath).available;
}

/** Why the sandbox cannot run here (the missing capability), or undefined when it can. */
export function sandboxUnavailableReason(bwrapPath?: string): string | undefined {
  const isolation = sandboxIsolation(bwrapPath);
  return isolation.available ? undefined : isolation.missing;
}

/** The permission model's flag: `--permission` since Node 22.13 (stable in 24), `--experimental-permission` before. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

function spawnSandbox(
  language: SandboxLanguage,
  code: string,
  timeoutMs: number,
  cgroup: SandboxCgroup | undefined,
  bwrapPath: string | undefined,
): ChildProcess | string {
  const isolation = sandboxIsolation(bwrapPath);
  if (!isolation.available) return isolation.missing;
  const limits = {
    ...DEFAULT_SANDBOX_LIMITS,
    dataBytes: DEFAULT_SANDBOX_LIMITS.dataBytes + runtimeDataBaselineBytes(SANDBOX_HEAP_MB),
    cpuSeconds: Math.ceil(timeoutMs / 1000) + 2,
  };
  const nodeArgs = [
    PERMISSION_FLAG,
    `--max-old-space-size=${SANDBOX_HEAP_MB}`,
    '--no-warnings',
    '-e',
    SANDBOX_CHILD_SOURCE,
  ];
  // bash: the page helper is a function over node (the same channel); PATH covers /usr/bin only.
  const bashArgs = [
    '--noprofile',
    '--norc',
    '-c',
    [
      `page() { ${shellQuote(process.execPath)} ${PERMISSION_FLAG} --max-old-space-size=64 --no-warnings`,
      ` -e ${shellQuote(PAGE_HELPER_SOURCE)} -- "$@"; }\nexport PATH=/usr/bin:/bin\n${code}`,
    ].join(''),
  ];
  const { command, args } =
    language === 'bash'
      ? isolatedCommand(isolation, '/usr/bin/bash', bashArgs, limits, cgroup?.path)
      : isolatedCommand(isolation, process.execPath, nodeArgs, limits, cgroup?.path);
  // No env, no inherited descriptors besides the page channel (fd 3, a socket pair without a path).
  return spawn(command, args, { env: {}, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

type Message = {
  type?: string;
  id?: number;
  target?: unknown;
  method?: unknown;
  args?: unknown;
  result?: unknown;
  stdout?: string;
  stderr?: string;
  error?: string;
  truncated?: boolean;
};

/** Nothing ran: the host cannot isolate user code (`missing` names what it lacks). */
function unavailableResult(missing: string): SandboxResult {
  return {
    result: null,
    stdout: '',
    stderr: '',
    exitCode: 126,
    killed: false,
    truncated: false,
    error: `the sandbox cannot run on this host: ${missing}`,
    unavailable: missing,
  };
}

/** The code finished (node): its result (dropped when over SANDBOX_RESULT_MAX_CHARS), output, or its error. */
function doneResult(message: Message): SandboxResult {
  const oversized =
    message.error === undefined && JSON.stringify(message.result ?? null).length > SANDBOX_RESULT_MAX_CHARS;
  return {
    result: message.error === undefined && !oversized ? (message.result ?? null) : null,
    stdout: String(message.stdout ?? '').slice(0, SANDBOX_OUTPUT_MAX_BYTES),
    stderr: String(message.stderr ?? '').slice(0, SANDBOX_OUTPUT_MAX_BYTES),
    exitCode: message.error === undefined ? 0 : 1,
    killed: false,
    truncated: message.truncated === true || oversized,
    error: message.error === undefined ? undefined : String(message.error).slice(0, ERROR_TEXT_MAX),
  };
}

/** How the sandbox process ended, as the process said it and as the parent saw it. */
interface Ending {
  language: SandboxLanguage;
  raw: { stdout: string; stderr: string };
  killed: boolean;
  overflow: string | undefined;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timeoutMs: number;
  cgroup: SandboxCgroup | undefined;
}

/**
 * The result of a process that closed without a `done` message: a bash run's output and exit code, or why the
 * code did not finish (an overflow, the deadline, memory, or the process' own exit).
 */
function endedResult(ending: Ending): SandboxResult {
  const { language, raw, killed, overflow, exitCode, signal, timeoutMs, cgroup } = ending;
  const crashText = raw.stderr;
  if (language === 'bash' && !killed && overflow === undefined) {
    return {
      result: raw.stdout,
      stdout: raw.stdout,
      stderr: raw.stderr,
      exitCode: exitCode ?? 1,
      killed: false,
      truncated: false,
      error: exitCode === 0 ? undefined : `the command exited with ${signal ?? `code ${exitCode}`}`,
    };
  }
  const error =
    overflow ??
    (killed
      ? `execution timed out after ${timeoutMs} ms`
      : /heap out of memory|Allocation failed|bad_alloc|Cannot allocate memory/i.test(crashText) || cgroup?.hitLimit()
        ? `the code ran out of memory (${SANDBOX_MEMORY_MB} MB)`
        : `the sandbox process exited (${signal ?? `code ${exitCode}`})`);
  return {
    result: null,
    stdout: language === 'bash' ? raw.stdout : '',
    stderr: crashText.slice(-2_000),
    exitCode: exitCode ?? (killed ? 137 : 1),
    killed,
    truncated: overflow !== undefined,
    error,
  };
}

/**
 * Newline-framed JSON from the channel, measured as it arrives: a message over SANDBOX_MESSAGE_MAX_BYTES (or one
 * that is not JSON) ends the run (`stop`) before it is buffered.
 */
function readMessages(channel: Socket, onMessage: (message: Message) => void, stop: (why: string) => void): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  channel.on('data', (chunk: Buffer) => {
    let start = 0;
    let newline: number;
    while ((newline = chunk.indexOf(10, start)) >= 0) {
      pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      try {
        onMessage(JSON.parse(line) as Message);
      } catch {
        return stop('the sandbox sent a malformed message');
      }
    }
    pendingBytes += chunk.length - start;
    if (pendingBytes > SANDBOX_MESSAGE_MAX_BYTES)
      return stop(`the sandbox sent a message over ${SANDBOX_MESSAGE_MAX_BYTES} bytes`);
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
}

/** A page call of the code, run when whitelisted (dispatchPageCall) within what is left of the deadline. */
function answerCall(
  page: Page,
  context: BrowserContext,
  message: Message & { id: number },
  msLeft: number,
  reply: (message: object) => void,
  stateFor: (target: unknown) => object,
): void {
  const id = message.id;
  dispatchPageCall(page, context, message.target, String(message.method), message.args, msLeft).then(
    (value) => reply({ type: 'reply', id, value, ...stateFor(message.target) }),
    (error: unknown) =>
      reply({
        type: 'reply',
        id,
        error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX),
      }),
  );
}

/**
 * Runs `code` in a fresh sandbox process against `page`: the code's page calls come over the channel and only the
 * whitelisted ones (dispatchPageCall) reach Playwright. The process is killed at `timeoutMs` whatever it does. Where
 * the host cannot isolate it, nothing runs and `unavailable` names the missing capability.
 */
export function runSandboxedCode(
  code: string,
  page: Page,
  context: BrowserContext,
  timeoutMs: number,
  options: SandboxOptions = {},
): Promise<SandboxResult> {
  const language = options.language ?? 'node';
  return new Promise((resolve) => {
    const cgroup = createSandboxCgroup(`scrape-sandbox-${randomUUID()}`, SANDBOX_GROUP_MEMORY_MB * 1024 * 1024);
    const child = spawnSandbox(language, code, timeoutMs, cgroup, options.bwrapPath);
    if (typeof child === 'string') {
      cgroup?.release();
      resolve(unavailableResult(child));
      return;
    }
    const channel = child.stdio[3] as Socket;
    const deadline = Date.now() + timeoutMs;
    let settled = false;
    let killed = false;
    let overflow: string | undefined;
    let calls = 0;
    const raw = { stdout: '', stderr: '', bytes: 0 };
    const finish = (result: SandboxResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      channel.destroy();
      resolve(result);
    };
    const stop = (why: string) => {
      overflow ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const collect = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      raw.bytes += chunk.length;
      if (raw.bytes > RAW_OUTPUT_MAX_BYTES * 2)
        return stop(`the code wrote more than ${RAW_OUTPUT_MAX_BYTES * 2} bytes of output`);
      if (raw[stream].length < RAW_OUTPUT_MAX_BYTES)
        raw[stream] += chunk.toString().slice(0, RAW_OUTPUT_MAX_BYTES - raw[stream].length);
    };
    child.stdout?.on('data', collect('stdout'));
    child.stderr?.on('data', collect('stderr'));
    const reply = (message: object) => {
      if (!settled && channel.writable) channel.write(JSON.stringify(message) + '\n');
    };
    const stateFor = (target: unknown) => {
      const index = target && typeof target === 'object' ? (target as { page?: unknown }).page : undefined;
      const statePage = typeof index === 'number' ? context.pages()[index] : page;
      return statePage
        ? { page: typeof index === 'number' ? index : null, state: pageStateOf(context, statePage) }
        : {};
    };
    readMessages(
      channel,
      (message) => {
        if (settled || !message || typeof message !== 'object') return;
        if (message.type === 'ready' && language === 'node') {
          reply({ type: 'run', code, ...stateFor(undefined) });
        } else if (message.type === 'done' && language === 'node') {
          finish(doneResult(message));
        } else if (message.type === 'call' && typeof message.id === 'number') {
          if (++calls > SANDBOX_MAX_CALLS)
            return reply({ type: 'reply', id: message.id, error: `more than ${SANDBOX_MAX_CALLS} page calls` });
          answerCall(page, context, { ...message, id: message.id }, deadline - Date.now(), reply, stateFor);
        }
      },
      stop,
    );
    channel.on('error', () => {});
    child.on('error', (error) => {
      if (child.pid !== undefined) return;
      finish({
        result: null,
        stdout: '',
        stderr: '',
        exitCode: 1,
        killed: false,
        truncated: false,
        error: `sandbox failed to start: ${error.message}`,
      });
    });
    child.on('close', (exitCode, signal) => {
      finish(endedResult({ language, raw, killed, overflow, exitCode, signal, timeoutMs, cgroup }));
    });
    // After the handler above has read the group's counters: the processes are gone, the group can go.
    child.on('close', () => cgroup?.release());
  });
}
