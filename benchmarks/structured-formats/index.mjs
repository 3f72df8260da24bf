// Full run: every WCXB dev page. Prints the table and writes benchmarks/results/structured-formats.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { listPages, printSummary, RESULTS_FILE, runPages, summarize } from './lib.mjs';

const ids = listPages();
if (!ids) {
  console.log('structured-formats: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const summary = summarize(runPages(ids));
printSummary(summary);
mkdirSync(dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, JSON.stringify({ date: new Date().toISOString(), ...summary }, null, 2) + '\n');
console.log(`\nwritten ${RESULTS_FILE}`);
