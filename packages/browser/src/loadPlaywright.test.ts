import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadPlaywright } from '../dist/loadPlaywright.js';

/** Counts playwright-core's modules in a fresh Node after running `code` (an ES module body). */
function playwrightModulesAfter(code: string): number {
  const probe = `import { createRequire } from 'node:module';
${code}
const cache = createRequire(import.meta.url).cache;
console.log(Object.keys(cache).filter((k) => k.includes('playwright-core')).length);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: import.meta.dirname });
  return Number(String(out).trim());
}

describe('loadPlaywright', () => {
  // The point of the lazy import: a process that imports the package but never renders does not load Playwright.
  it('importing the package does not load playwright-core', () => {
    expect(playwrightModulesAfter("await import('../dist/index.js');")).toBe(0);
  });

  it('the probe sees playwright-core once it is loaded', () => {
    expect(
      playwrightModulesAfter("await (await import('../dist/loadPlaywright.js')).loadPlaywright();"),
    ).toBeGreaterThan(0);
  });

  it('loads once and gives the same module each time', async () => {
    const first = loadPlaywright();
    expect(loadPlaywright()).toBe(first);
    expect(typeof (await first).chromium.launch).toBe('function');
  });
});
