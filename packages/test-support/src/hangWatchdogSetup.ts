// Runs in every test worker: the hang watchdog (in vitest's main process) adds this file to each project's setup
// files. It tells the watchdog which worker process runs the file, through the file's task meta, which the worker sends
// with its next report (the end of this hook). Why: with files in parallel workers, the main process cannot otherwise
// tell which worker runs which file, and ending the wrong one would fail a file that was moving.
import { beforeAll } from 'vitest';

// The file suite is the hook's second argument; vitest reads a hook's fixtures from its first one's pattern (none).
// biome-ignore lint/correctness/noEmptyPattern: vitest requires a destructuring pattern there
beforeAll(({}, file) => {
  (file.meta as Record<string, unknown>).hangWatchdogPid = process.pid;
});
