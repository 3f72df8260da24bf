// CI smoke: a few agent runs complete with the right data, and the loop's own cost per step is not absurd.
import { measure, print } from './measure.mjs';

/** The loop and trace take well under a millisecond a step here; 250 ms means something (a retry, a sleep) is wrong. */
const MAX_LOOP_MEDIAN_MS = 250;

const { rows, failures } = await measure({ runs: 3, steps: 4 });
print('Agent overhead per step (smoke)', rows);
const loop = rows.find((r) => r.name.includes('loop + trace'));
if (!loop || loop.median > MAX_LOOP_MEDIAN_MS)
  failures.push(`loop median ${loop?.median} ms > ${MAX_LOOP_MEDIAN_MS} ms`);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nagent smoke ok');
