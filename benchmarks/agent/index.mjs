// Full run: agent overhead per step (model time excluded), 30 runs of 10 steps (a search, 8 scrapes, then finish).
import { measure, print } from './measure.mjs';

const { rows, failures } = await measure({ runs: 30, steps: 10 });
print('Agent overhead per step (30 runs × 10 steps)', rows);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exitCode = 1;
}
