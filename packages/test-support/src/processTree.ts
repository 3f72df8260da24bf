// The processes under a pid, read from /proc (Linux), for the hang watchdog: what a stalled test left running, what
// state each process is in (R running, S sleeping, D in the kernel) and what it waits on, and a way to end them all.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessRow {
  pid: number;
  ppid: number;
  /** One letter of /proc/<pid>/stat: R running, S sleeping, D uninterruptible, Z zombie, T stopped. */
  state: string;
  /** Where in the kernel it sleeps ("0" when running), e.g. `futex_wait_queue`, `pipe_read`, `do_epoll_wait`. */
  wchan: string;
  /** Start time in clock ticks since boot (orders processes by age). */
  startTicks: number;
  args: string;
}

function readRow(pid: number): ProcessRow | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    let wchan = '';
    try {
      wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8');
    } catch {
      // not readable on every kernel
    }
    return {
      pid,
      ppid: Number(rest[1]),
      state: rest[0] ?? '?',
      wchan,
      startTicks: Number(rest[19]),
      args: args || `[${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}]`,
    };
  } catch {
    return undefined; // exited while being read
  }
}

/** Every live process of the machine (empty where there is no /proc). */
export function allProcesses(): ProcessRow[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).flatMap((n) => readRow(Number(n)) ?? []);
}

/** The processes under `root` (not `root` itself), parents before their children, with their depth below `root`. */
export function descendantsOf(root: number, rows = allProcesses()): (ProcessRow & { depth: number })[] {
  const children = new Map<number, ProcessRow[]>();
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const out: (ProcessRow & { depth: number })[] = [];
  const walk = (pid: number, depth: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push({ ...child, depth });
      walk(child.pid, depth + 1);
    }
  };
  walk(root, 1);
  return out;
}

/** One line per process, indented by depth, cut to `width` columns. */
export function formatTree(rows: (ProcessRow & { depth: number })[], width = 160): string[] {
  return rows.map((r) => `${'  '.repeat(r.depth)}${r.pid} ${r.state} ${r.wchan || '-'} ${r.args}`.slice(0, width));
}

/** What a process holds open, counted by kind (socket, pipe, anon_inode:[eventfd], a file path…). */
export function openDescriptors(pid: number): Map<string, number> {
  const kinds = new Map<string, number>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return kinds;
  }
  for (const fd of fds) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const kind = /^(socket|pipe):/.exec(target)?.[1] ?? target;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

/** SIGKILL to `pid` and every process under it (all found before any is signalled, so none re-parents first). */
export function killTree(pid: number): number[] {
  const victims = [pid, ...descendantsOf(pid).map((r) => r.pid)];
  for (const victim of victims) {
    try {
      process.kill(victim, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return victims;
}
