// Runs the built `scrape-server` and `scrape-admin` bins as an operator would (environment in, JSON logs out), and a
// private redis-server, for the multi-process, fault and load tests.
import { execFile, spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { killTree } from '@scrape/test-support';

const SERVER_BIN = fileURLToPath(new URL('../dist/bin/scrape-server.js', import.meta.url));
const ADMIN_BIN = fileURLToPath(new URL('../dist/bin/scrape-admin.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  logs: Record<string, any>[];
  stderr: () => string;
  exited: Promise<number | null>;
  /** Peak resident set size seen so far (kB, from /proc), sampled every 100 ms. */
  peakRssKb: () => number;
  stop(): Promise<number | null>;
}

/**
 * How long `stop()` waits for a child to exit after SIGTERM before it SIGKILLs the child and everything under it. Less
 * than the tests' 30 s hook timeout: a shutdown that hangs fails the test with its exit code null, instead of an
 * afterAll that times out and leaves the process (and what it started) running after the file (issue 27).
 */
const STOP_GRACE_MS = 20_000;

/** SIGTERM, then SIGKILL to the process tree when `exited` has not settled within STOP_GRACE_MS. */
async function stopWithin<T>(child: ChildProcess, exited: Promise<T>): Promise<T> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const late = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) killTree(child.pid);
  }, STOP_GRACE_MS);
  try {
    return await exited;
  } finally {
    clearTimeout(late);
  }
}

function requireBuilt(path: string) {
  if (!existsSync(path))
    throw new Error(`${path} is missing: build @scrape/http first (pnpm --filter @scrape/http build)`);
}

/** A `scrape-server` child as spawned: its JSON log lines parsed as they arrive, stderr kept. */
export interface SpawnedServer {
  child: ChildProcessWithoutNullStreams;
  logs: Record<string, any>[];
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Spawns the built `scrape-server` with exactly `env` (plus PATH); does not wait for it to listen. */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  requireBuilt(SERVER_BIN);
  const child = spawn(process.execPath, [SERVER_BIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  const logs: Record<string, any>[] = [];
  let buf = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    buf += chunk;
    let nl: number;
    while ((nl = buf.indexOf('\n')) !== -1) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ unparsed: line });
      }
    }
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs, stderr: () => stderr, exited };
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const {
    child,
    logs,
    stderr: readStderr,
    exited,
  } = spawnServer({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(child.pid));
  }, 100);
  void exited.then(() => clearInterval(sampler));

  const started = Date.now();
  let listening: Record<string, any> | undefined;
  while (!(listening = logs.find((l) => l.msg === 'scrape-server listening'))) {
    if (child.exitCode !== null)
      throw new Error(
        `scrape-server exited (${child.exitCode}): ${readStderr()} ${JSON.stringify(logs).slice(0, 2000)}`,
      );
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`scrape-server did not start within ${timeoutMs} ms: ${readStderr()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    baseUrl: `http://127.0.0.1:${listening.addresses[0].port}`,
    logs,
    stderr: readStderr,
    exited,
    peakRssKb: () => Math.max(peak, rssKb(child.pid)),
    stop: () => stopWithin(child, exited),
  };
}

function rssKb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs `scrape-admin ...args --json` against the given store environment and returns its parsed output. */
export async function admin(env: Record<string, string>, ...args: string[]): Promise<any> {
  requireBuilt(ADMIN_BIN);
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_BIN, ...args, '--json'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout);
}

/** What `createKey` gives an account; rate and concurrency are unlimited unless named. */
export interface KeyLimits {
  credits: number;
  rate?: string;
  concurrency?: string;
  queue?: number;
}

/** Creates an account and a key for it through `scrape-admin keys create`; answers the admin's `{ key, id }`. */
export function createKey(
  env: Record<string, string>,
  account: string,
  limits: KeyLimits,
): Promise<{ key: string; id: string }> {
  const { credits, rate = 'unlimited', concurrency = 'unlimited', queue } = limits;
  const queueArgs = queue === undefined ? [] : ['--queue', String(queue)];
  return admin(
    env,
    'keys',
    'create',
    '--account',
    account,
    '--credits',
    String(credits),
    '--rate',
    rate,
    '--concurrency',
    concurrency,
    ...queueArgs,
  );
}

export interface RedisProcess {
  url: string;
  port: number;
  dir: string;
  child: ChildProcess;
  /** SIGKILL: the way a crashed or unplugged Redis goes away. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on now, as the kernel hands it out (a fixed port collides with other runs of this test). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A private redis-server on its own port (the shared 6379 stays up for everyone else). Append-only with fsync on
 * every write, in its own directory, so a killed and restarted server still has every credit.
 */
export async function startRedis(
  port: number,
  dir = mkdtempSync(join(tmpdir(), 'scrape-test-redis-')),
): Promise<RedisProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('error', () => undefined);
  const started = Date.now();
  while (!(await canConnect(port))) {
    if (child.exitCode !== null)
      throw new Error(`redis-server on port ${port} exited at start (is redis-server installed, the port free?)`);
    if (Date.now() - started > 10_000) throw new Error(`redis-server on port ${port} did not start within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    stop: () => stopWithin(child, exited),
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** POST /v2/scrape with a key; never throws for HTTP statuses (a network failure is status 0). */
export async function postScrape(
  baseUrl: string,
  key: string | undefined,
  body: unknown,
): Promise<{ status: number; body: any; headers?: Headers }> {
  try {
    const res = await fetch(`${baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the assertion shows it
    }
    return { status: res.status, body: parsed, headers: res.headers };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error) };
  }
}
