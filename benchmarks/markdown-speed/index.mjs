// Full run: node benchmarks/markdown-speed/index.mjs [--all]  (default: every 5th WCXB dev page, 2 rounds; --all: 1,497)
import { loadPages, measure, printTable, WCXB_HTML } from './measure.mjs';

const all = process.argv.includes('--all');
const pages = loadPages(all ? 1 : 5);
if (!pages) {
  console.log(`skipped: ${WCXB_HTML} is absent`);
  process.exit(0);
}
measure(pages.slice(0, 20), { withTurndown: true }); // warm-up: JIT both converters before timing
const result = measure(pages, { rounds: all ? 1 : 2 });
printTable(result);
if (result.failures.length) {
  console.error(`\nFAILED on ${result.failures.length} page(s):\n${result.failures.join('\n')}`);
  process.exit(1);
}
