import { spawnSync } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { randomInt } from 'node:crypto';

/**
 * Kernel limits of one sandbox process tree (prlimit). Memory is RLIMIT_DATA, which counts the V8 heap, Buffers and
 * thread stacks (and, from Node 24, V8's code range: see runtimeDataBaselineBytes); RLIMIT_AS below ~1 GB stops node.
 */
export interface SandboxLimits {
  /** Writable private memory of each process, bytes. */
  dataBytes: number;
  /** Processes and threads of the sandbox's own uid (node alone needs ~8). */
  processes: number;
  /** CPU seconds of each process: a busy loop that outlives the wall-clock kill still dies. */
  cpuSeconds: number;
  /** Largest file a process may write (there is no writable file system; this bounds /dev tricks too). */
  fileBytes: number;
  /** Open descriptors. */
  openFiles: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  dataBytes: 256 * 1024 * 1024,
  processes: 32,
  cpuSeconds: 60,
  fileBytes: 1024 * 1024,
  openFiles: 64,
};

let runtimeBaseline: number | undefined;
/**
 * What this Node.js counts against RLIMIT_DATA before it runs a line of code, bytes (measured once, in a process
 * started like the sandbox's). Node 20 starts at about 48 MB; Node 24's V8 maps its code range writable up front and
 * starts at about 560 MB, so a plain 256 MB limit would stop it from starting at all. The sandbox's limit is this
 * baseline plus its own budget, which keeps what user code may allocate the same on every runtime (the memory cgroup,
 * where the host has one, bounds the real memory of the whole run).
 */
export function runtimeDataBaselineBytes(heapMb: number): number {
  if (runtimeBaseline !== undefined) return runtimeBaseline;
  const probe = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      '-e',
      "process.stdout.write(require('fs').readFileSync('/proc/self/status', 'utf8'))",
    ],
    { encoding: 'utf8', env: {}, timeout: 30_000 },
  );
  const kb = /^VmData:\s*(\d+)\s*kB/m.exec(probe.stdout ?? '')?.[1];
  runtimeBaseline = kb ? Number(kb) * 1024 : 0;
  return runtimeBaseline;
}

/**
 * Each run gets its own uid from this range (below 2^31, above the ranges systemd hands to users and containers'
 * usual maps), so RLIMIT_NPROC counts that run's processes alone and no two runs share an owner.
 */
const SANDBOX_UID_BASE = 2_000_000_000;
const SANDBOX_UID_SPAN = 1 << 24;

export type SandboxIsolation =
  | { available: true; bwrap: string; setpriv: string; prlimit: string }
  | { available: false; missing: string };

let cached: SandboxIsolation | undefined;
/** The bubblewrap override the cached answer was found with (a different one is checked afresh). */
let cachedFor: string | undefined;
let checkedAt = 0;
/** A host that could not isolate is asked again after this long (bubblewrap installed meanwhile, a slow probe). */
const RECHECK_UNAVAILABLE_MS = 60_000;

function findTool(name: string, override: string | undefined): string | undefined {
  if (override) return existsSync(override) ? override : undefined;
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'])
    if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  return undefined;
}

/** Read-only views of the system the sandboxed program needs to load (libraries, the node binary); nothing else. */
function bwrapArgs(): string[] {
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  // Debian's merged /usr: /lib, /lib64, /bin are links into /usr. On other layouts they are bound read-only as well.
  for (const dir of ['/bin', '/lib', '/lib64', '/sbin']) {
    if (!existsSync(dir)) continue;
    args.push(...(isUsrLink(dir) ? ['--symlink', `usr${dir}`, dir] : ['--ro-bind', dir, dir]));
  }
  // A node outside /usr (nvm, /opt) is bound alone, read-only, at its own path.
  if (!process.execPath.startsWith('/usr/')) args.push('--ro-bind', process.execPath, process.execPath);
  args.push('--proc', '/proc', '--dev', '/dev', '--chdir', '/');
  return args;
}

function isUsrLink(dir: string): boolean {
  try {
    return readlinkSync(dir).replace(/^\//, '') === `usr${dir}`;
  } catch {
    return false;
  }
}

/**
 * Whether this host can isolate a sandbox, checked once by starting one: bubblewrap (user, PID, mount, IPC, network,
 * UTS and cgroup namespaces, no capabilities, an empty root with /usr read-only, a private /proc), a dedicated
 * unprivileged uid (needs the service to run as root: CAP_SETUID), and prlimit. When any part is missing, `missing`
 * names it and no user code runs. `bwrapPath`: a bubblewrap binary to use instead of the one found in the system
 * directories (SCRAPE_SANDBOX_BWRAP in the service).
 */
export function sandboxIsolation(bwrapPath?: string): SandboxIsolation {
  const fresh = cachedFor === bwrapPath;
  if (cached && fresh && (cached.available || Date.now() - checkedAt < RECHECK_UNAVAILABLE_MS)) return cached;
  checkedAt = Date.now();
  cachedFor = bwrapPath;
  const bwrap = findTool('bwrap', bwrapPath);
  const setpriv = findTool('setpriv', undefined);
  const prlimit = findTool('prlimit', undefined);
  if (process.platform !== 'linux')
    return (cached = { available: false, missing: 'Linux namespaces (the sandbox runs on Linux only)' });
  if (!bwrap)
    return (cached = { available: false, missing: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap' });
  if (!setpriv || !prlimit)
    return (cached = { available: false, missing: 'setpriv and prlimit (util-linux) are not installed' });
  if (process.getuid?.() !== 0) {
    return (cached = {
      available: false,
      missing: 'CAP_SETUID: the service must run as root so each sandbox drops to its own unprivileged uid',
    });
  }
  const probe = spawnSync(
    setpriv,
    [...dropTo(randomUid()), prlimit, '--nproc=16', '--', bwrap, ...bwrapArgs(), '--', '/usr/bin/true'],
    {
      encoding: 'utf8',
      timeout: 10_000,
    },
  );
  if (probe.status !== 0) {
    const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().slice(0, 300);
    return (cached = {
      available: false,
      missing: `unprivileged user namespaces (bubblewrap could not start: ${why})`,
    });
  }
  return (cached = { available: true, bwrap, setpriv, prlimit });
}

function randomUid(): number {
  return SANDBOX_UID_BASE + randomInt(SANDBOX_UID_SPAN);
}

function dropTo(uid: number): string[] {
  return [
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    '--',
  ];
}

/**
 * The command line that runs `program args` isolated: setpriv drops root for a fresh uid, prlimit sets the kernel
 * limits, bubblewrap builds the namespaces. Each execs the next, so the returned process is the sandbox: killing it
 * kills the whole PID namespace (--die-with-parent). Descriptors the caller passes (the page channel) stay open;
 * nothing else of the host is reachable.
 */
export function isolatedCommand(
  isolation: Extract<SandboxIsolation, { available: true }>,
  program: string,
  args: string[],
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
  cgroupPath?: string,
): { command: string; args: string[] } {
  const prlimitArgs = [
    `--data=${limits.dataBytes}`,
    `--nproc=${limits.processes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
    '--memlock=0',
    '--msgqueue=0',
  ];
  const chain = [
    ...dropTo(randomUid()),
    isolation.prlimit,
    ...prlimitArgs,
    '--',
    isolation.bwrap,
    ...bwrapArgs(),
    '--',
    program,
    ...args,
  ];
  if (!cgroupPath) return { command: isolation.setpriv, args: chain };
  // Still root here: join the run's memory cgroup first, so every process the sandbox ever starts is in it.
  const join = 'echo $$ > "$0/cgroup.procs" && exec "$@"';
  return { command: '/bin/sh', args: ['-c', join, cgroupPath, isolation.setpriv, ...chain] };
}
