// Full run: cost of the branding pass on pages of growing size. `node benchmarks/branding/index.mjs`
// (needs Chromium and built @scrape/browser + @scrape/scraper).
import { run } from './measure.mjs';

const { rows, failures } = await run({ sizes: [0, 100, 1000, 5000], iterations: 5 });
console.table(rows);
if (failures.length) {
  console.error(`FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
