import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));

/**
 * Runs vitest in `dir` (its own `vitest.config.ts`) as a child process with environment `env` (the caller's), for
 * tests of this package's reporters and watchdog on a real run. Killed after `boundMs`; the output is stdout and
 * stderr, colours removed.
 */
export function vitestOnFixtures(
  dir: string,
  env: NodeJS.ProcessEnv,
  boundMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--config', 'vitest.config.ts', '--root', '.'], {
      cwd: dir,
      env: { ...env, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const bound = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.on('close', (code) => {
      clearTimeout(bound);
      resolve({ code, output: stripVTControlCharacters(output) });
    });
  });
}
