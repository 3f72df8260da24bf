import { spawn } from 'node:child_process';

/** How a script run by `runModuleScript` ended: its exit code or signal, and what it printed on stdout. */
export interface ScriptRun {
  code: number | null;
  signal: string | null;
  stdout: string;
}

/**
 * Runs `source` as an ES module in a child Node process (with `args` after it), killed with SIGKILL after `boundMs`.
 * For scenarios that fail by hanging for good (a blocked event loop that no timer of the test's own can end): the
 * bound turns the hang into `signal: 'SIGKILL'` instead of a stuck test worker. stderr goes to the test's output.
 */
export function runModuleScript(source: string, args: string[], boundMs: number): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const bound = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      resolve({ code, signal, stdout });
    });
  });
}
