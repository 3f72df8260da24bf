// The real embedded store in a fresh temporary folder per use, for the tests that wrap it (a gate, a counter).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createEmbeddedBackend } from '../src/backends/createEmbeddedBackend.js';
import type { ManualClock } from '../src/clock.js';

/**
 * Returns an opener of the real embedded store on `clock`, each in a new folder named after `prefix`; after each test
 * of the file the stores it opened are closed and their folders removed.
 */
export function useTempBackends(prefix: string): (clock: ManualClock) => ReturnType<typeof createEmbeddedBackend> {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  return (clock) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const real = createEmbeddedBackend({ dataDir: dir, clock });
    closers.push(async () => {
      await real.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return real;
  };
}
