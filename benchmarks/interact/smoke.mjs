// CI smoke: the sandbox runs code against a real page, contains process.exit, and its start-up cost is not absurd;
// a kept scrape page is adopted with its actions' state.
import { measure, measureKeep, print, printMemory, startSite } from './measure.mjs';

/** A sandbox start is ~50-150 ms here; 2 s means something (a hung spawn, a retry loop) is broken. */
const MAX_SANDBOX_MEDIAN_MS = 2_000;

const site = await startSite();
let failures = [];
try {
  const result = await measure({ base: site.base, iterations: 4 });
  print('Interact sandbox cost (smoke)', result.rows);
  failures = result.failures;
  const sandbox = result.rows.find((r) => r.name === 'sandbox: await page.title()');
  if (!sandbox || sandbox.median > MAX_SANDBOX_MEDIAN_MS)
    failures.push(`sandbox median ${sandbox?.median} ms > ${MAX_SANDBOX_MEDIAN_MS} ms`);
  // A kept page is adopted with the state its render's actions left (checked inside) and kept pages are counted.
  const keep = await measureKeep({ base: site.base, iterations: 2, keepForMemory: 2 });
  print('Interact session start (smoke)', keep.rows);
  printMemory(keep.memory);
  failures.push(...keep.failures);
} finally {
  await site.close();
}
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\ninteract smoke ok');
