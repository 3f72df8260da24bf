// CI smoke: a few searches with scrapeOptions; fails when search breaks or costs far more than its parts.
import { measureSearch, printSearch } from './measure.mjs';

const MAX_OVERHEAD = 3;
const ITERATIONS = 3;
const r = await measureSearch({ iterations: ITERATIONS });
printSearch(r, ITERATIONS);
if (!(r.overhead <= MAX_OVERHEAD)) {
  console.error(`search smoke FAILED: search with scrapes took ${r.overhead.toFixed(2)}x its parts`);
  process.exit(1);
}
