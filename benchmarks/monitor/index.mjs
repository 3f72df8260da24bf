// Full run: monitor check cost per page against plain scrapes of the same 30 pages, 10 rounds.
import { measure, print } from './measure.mjs';

const result = await measure({ rounds: 10, pages: 30 });
print('Monitor check cost per page (10 rounds × 30 pages)', result);
if (result.failures.length) {
  console.error(result.failures.join('\n'));
  process.exitCode = 1;
}
