import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A memory cgroup per sandbox run, where the host lets the service make one: RLIMIT_DATA bounds each process, this
 * bounds all of a run's processes together (a bash run may start up to the process limit). Where no writable memory
 * cgroup exists the run still has its per-process limits; `sandboxIsolation` does not depend on it.
 */
export interface SandboxCgroup {
  /** The cgroup directory: the wrapper writes the sandbox's pid to its `cgroup.procs` before dropping root. */
  path: string;
  /** Whether the kernel refused memory to the group (the run hit the limit). */
  hitLimit(): boolean;
  /** Removes the group once its processes are gone (retried briefly while they exit). */
  release(): void;
}

type Layout = { kind: 'v1' | 'v2'; base: string };
let layout: Layout | null | undefined;

function memoryCgroupBase(): Layout | null {
  if (layout !== undefined) return layout;
  layout = null;
  try {
    const lines = readFileSync('/proc/self/cgroup', 'utf8').split('\n');
    const v1 = lines.find((line) => /^\d+:([^:]*,)?memory(,[^:]*)?:/.test(line));
    const v2 = lines.find((line) => line.startsWith('0::'));
    const candidates: Layout[] = [];
    if (v1) candidates.push({ kind: 'v1', base: join('/sys/fs/cgroup/memory', v1.slice(v1.lastIndexOf(':') + 1)) });
    if (v2 && existsSync('/sys/fs/cgroup/cgroup.controllers')) {
      candidates.push({ kind: 'v2', base: join('/sys/fs/cgroup', v2.slice(3)) });
    }
    for (const candidate of candidates) {
      const probe = join(candidate.base, `scrape-sandbox-probe-${process.pid}`);
      try {
        mkdirSync(probe);
        const ok = existsSync(join(probe, candidate.kind === 'v1' ? 'memory.limit_in_bytes' : 'memory.max'));
        rmdirSync(probe);
        if (ok) return (layout = candidate);
      } catch {
        // not writable here: try the next layout
      }
    }
  } catch {
    // no /proc/self/cgroup: no cgroups
  }
  return layout;
}

/** A fresh memory cgroup limited to `limitBytes` (swap included where the kernel accounts it), or undefined. */
export function createSandboxCgroup(name: string, limitBytes: number): SandboxCgroup | undefined {
  const found = memoryCgroupBase();
  if (!found) return undefined;
  const path = join(found.base, name);
  try {
    mkdirSync(path);
    if (found.kind === 'v1') {
      writeFileSync(join(path, 'memory.limit_in_bytes'), String(limitBytes));
      if (existsSync(join(path, 'memory.memsw.limit_in_bytes')))
        writeFileSync(join(path, 'memory.memsw.limit_in_bytes'), String(limitBytes));
    } else {
      writeFileSync(join(path, 'memory.max'), String(limitBytes));
      if (existsSync(join(path, 'memory.swap.max'))) writeFileSync(join(path, 'memory.swap.max'), '0');
    }
  } catch {
    try {
      rmdirSync(path);
    } catch {
      // nothing was made
    }
    return undefined;
  }
  return {
    path,
    hitLimit() {
      try {
        if (found.kind === 'v1') return Number(readFileSync(join(path, 'memory.failcnt'), 'utf8')) > 0;
        return /(^|\n)(max|oom_kill) [1-9]/.test(readFileSync(join(path, 'memory.events'), 'utf8'));
      } catch {
        return false;
      }
    },
    release() {
      let tries = 0;
      const attempt = () => {
        try {
          rmdirSync(path);
        } catch {
          // processes still exiting: a few more tries, then leave the empty group to the host
          if (++tries < 20) setTimeout(attempt, 100).unref();
        }
      };
      attempt();
    },
  };
}

/** Whether runs get a memory cgroup on this host (a writable v1 memory hierarchy or a delegated v2 one). */
export function sandboxMemoryGroupAvailable(): boolean {
  return memoryCgroupBase() !== null;
}
