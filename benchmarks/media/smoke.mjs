// CI smoke: one short tone and one short clip through the same paths as index.mjs; fails when an artifact is wrong
// (codec, duration) or a scrape takes grossly long (a stuck ffmpeg), not on noise.
import { run } from './measure.mjs';

/** A 10 s tone transcodes in well under a second; 10 s means ffmpeg or the download is broken, not slow. */
const MAX_MEDIAN_MS = 10_000;

const { rows, failures } = await run({ toneSeconds: [10], clipSeconds: [5], iterations: 2 });
console.table(rows);
for (const row of rows)
  if (row['median ms'] > MAX_MEDIAN_MS) failures.push(`${row.case}: ${row['median ms']} ms (limit ${MAX_MEDIAN_MS})`);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nmedia smoke ok');
