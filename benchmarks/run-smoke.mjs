// CI smoke for every benchmark: runs each `benchmarks/<name>/smoke.mjs` in turn (small samples, same code paths)
// and fails when one fails. Full runs: `node benchmarks/<name>/index.mjs` (see benchmarks/README.md).
import { readdirSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const suites = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'smoke.mjs')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

let failed = 0;
for (const name of suites) {
  const started = Date.now();
  console.log(`\n=== benchmark smoke: ${name}`);
  const run = spawnSync(process.execPath, [join(here, name, 'smoke.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SMOKE: '1' },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    failed++;
    console.log(`=== ${name}: FAILED (exit ${run.status}) after ${secs}s`);
  } else {
    console.log(`=== ${name}: ok in ${secs}s`);
  }
}
console.log(`\nbenchmark smoke: ${suites.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
