// CI smoke: the same code paths as index.mjs on a small sample; fails when a read does not return what was
// written or when throughput collapses far below anything plausible (a broken store, not a slow machine).
import { measureAll, printTable } from './measure.mjs';

/** Floors ~50× under what a 2-core CI box measures: they catch a store that is broken, not one that is slow. */
const MIN_OPS_PER_SEC = 20;

const { rows, latencies, failures } = await measureAll({ n: 120, reads: 600 });
printTable(rows, latencies);
for (const r of rows)
  if (r.perSec < MIN_OPS_PER_SEC)
    failures.push(`${r.home} ${r.op}: ${r.perSec.toFixed(1)} ops/s is below ${MIN_OPS_PER_SEC}`);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\ncache smoke ok');
