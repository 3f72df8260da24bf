// CI smoke: a few monitor checks over a handful of changing pages come out right (new, then changed with diffs),
// and a check's cost per page stays within a generous multiple of a plain scrape's.
import { measure, print } from './measure.mjs';

/** A check adds a history comparison, a diff and a record write per page (1.5x measured); 10x means something broke. */
const MAX_RATIO = 10;

const result = await measure({ rounds: 3, pages: 5 });
print('Monitor check cost per page (smoke)', result);
if (result.ratio > MAX_RATIO) result.failures.push(`check/scrape ratio ${result.ratio.toFixed(2)} > ${MAX_RATIO}`);
if (result.failures.length) {
  console.error(`\nFAILED:\n${result.failures.join('\n')}`);
  process.exit(1);
}
console.log('\nmonitor smoke ok');
