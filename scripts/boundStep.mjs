#!/usr/bin/env node
// Runs one step of `npm test` (scripts/run.sh) with two bounds, so a hang can never eat CI's whole budget in silence:
//   --quiet-minutes Q  the step printed nothing for Q minutes (vitest prints a line per finished test file, turbo one
//                      per task: a step that makes progress prints),
//   --max-minutes M    the step ran M minutes in all.
// Either one prints why, the processes (pid, state, kernel wait, command) as a forest, then ends the step and every
// process under it (SIGTERM, SIGKILL 15 s later) and exits 124. A step that exits but leaves a process holding its
// output open (a server, a browser, a `sleep` a test spawned), which would keep `tee` in .ci/run waiting for EOF, has
// those processes listed and killed; its own exit status is kept.
//
// usage: node scripts/boundStep.mjs --label NAME --quiet-minutes Q --max-minutes M -- command args...
import { execFileSync, spawn } from 'node:child_process';

const MINUTE = 60_000;
const KILL_GRACE_MS = 15_000;
/** How long a step's output may stay open after it exited before what holds it is ended. */
const DRAIN_MS = 10_000;

function parseArgs(argv) {
  const end = argv.indexOf('--');
  if (end < 0 || end === argv.length - 1) throw new Error('usage: boundStep.mjs --label NAME ... -- command args...');
  const options = { label: 'step', quietMinutes: 20, maxMinutes: 60 };
  for (let i = 0; i < end; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--label') options.label = value;
    else if (flag === '--quiet-minutes') options.quietMinutes = Number(value);
    else if (flag === '--max-minutes') options.maxMinutes = Number(value);
    else throw new Error(`boundStep.mjs: unknown option ${flag}`);
  }
  if (!(options.quietMinutes > 0 && options.maxMinutes > 0)) throw new Error('boundStep.mjs: bounds must be > 0');
  return { ...options, command: argv.slice(end + 1) };
}

/** pid → ppid and process group of every process, from ps. */
function processTable() {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,pgid='], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .map(([pid, ppid, pgid]) => ({ pid, ppid, pgid }));
}

/** The step's processes: those under `root`, and those still in its process group (orphans re-parented to init). */
function stepProcesses(root) {
  const table = processTable();
  const found = new Set(table.filter((p) => p.pgid === root).map((p) => p.pid));
  if (table.some((p) => p.pid === root)) found.add(root);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of table) {
      if (found.has(p.ppid) && !found.has(p.pid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

function printForest(label) {
  let forest = '';
  try {
    forest = execFileSync('ps', ['-e', '-o', 'pid,ppid,stat,wchan:22,etimes,args', '--forest'], { encoding: 'utf8' });
  } catch (error) {
    forest = `(ps failed: ${error.message})`;
  }
  const lines = forest.split('\n').map((line) => line.slice(0, 220));
  process.stderr.write(`\n${label}: processes (ps -e --forest):\n${lines.join('\n')}\n`);
}

function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function main() {
  const { label, quietMinutes, maxMinutes, command } = parseArgs(process.argv.slice(2));
  const tag = `boundStep[${label}]`;
  const started = Date.now();
  let lastOutput = started;
  // Its own process group, so processes it leaves behind can still be found (and ended) after it exits.
  const child = spawn(command[0], command.slice(1), { stdio: ['inherit', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', (chunk) => {
    lastOutput = Date.now();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    lastOutput = Date.now();
    process.stderr.write(chunk);
  });
  let timedOut = false;
  let exitCode = null;

  const end = (why) => {
    timedOut = true;
    process.stderr.write(`\n${tag}: ${why}; ending it and every process under it\n`);
    printForest(tag);
    const victims = stepProcesses(child.pid);
    signalAll(victims, 'SIGTERM');
    setTimeout(() => signalAll([...victims, ...stepProcesses(child.pid)], 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const watch = setInterval(() => {
    const now = Date.now();
    if (now - started > maxMinutes * MINUTE) end(`still running after ${maxMinutes} minutes`);
    else if (now - lastOutput > quietMinutes * MINUTE) end(`no output for ${quietMinutes} minutes`);
    if (timedOut) clearInterval(watch);
  }, 5_000);

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      signalAll(stepProcesses(child.pid), signal);
      process.exit(130);
    });
  }

  const finish = () => {
    clearInterval(watch);
    process.exit(timedOut ? 124 : (exitCode ?? 1));
  };
  child.on('exit', (code, signal) => {
    exitCode = code ?? (signal ? 128 : 1);
    // The output closes when every process holding it is gone; one that stays would block the readers after us.
    const drain = setTimeout(() => {
      const left = stepProcesses(child.pid).filter((pid) => pid !== child.pid);
      process.stderr.write(`\n${tag}: exited (${exitCode}) but ${left.length} process(es) still hold its output:\n`);
      printForest(tag);
      signalAll(left, 'SIGKILL');
      finish();
    }, DRAIN_MS);
    drain.unref();
    child.on('close', () => {
      clearTimeout(drain);
      finish();
    });
  });
  child.on('error', (error) => {
    process.stderr.write(`${tag}: could not start ${command[0]}: ${error.message}\n`);
    process.exit(127);
  });
}

main();
