// Full run: search latency with scrapeOptions for 5 results (see measure.mjs). Prints a table.
import { measureSearch, printSearch } from './measure.mjs';

const ITERATIONS = 30;
printSearch(await measureSearch({ iterations: ITERATIONS }), ITERATIONS);
