// CI smoke: the branding pass on a small and a large page; fails when the facts are wrong or the pass runs into its
// cap (it would then return nothing), not on noise.
import { run } from './measure.mjs';

/** The pass gives up at BRANDING_MAX_MS (3 s); a median near it means the element caps stopped working. */
const MAX_PASS_MS = 2_000;

const { rows, failures } = await run({ sizes: [0, 1000], iterations: 2 });
console.table(rows);
for (const row of rows)
  if (row['in-page pass ms'] > MAX_PASS_MS)
    failures.push(`${row['content blocks']} blocks: pass ${row['in-page pass ms']} ms`);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nbranding smoke ok');
