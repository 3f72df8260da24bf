import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the server's old generation grow past what survived the last full collection, in percent.
 * The main heap holds ~80 MB of loaded code at start and ~110 MB with the page caches; V8's own controller chose a
 * limit only ~10 MB above that (factor ~1.1, picked from its measured allocation and GC speeds), so a full
 * mark-compact (100-350 ms of marking on the main and helper threads) ran every 10-20 scrapes. A fixed factor of 2
 * spaces them out; the heap stays bounded by twice what is live (and by --max-old-space-size).
 */
export const HEAP_GROWING_PERCENT = 100;
const FLAG = '--heap-growing-percent';

/**
 * Sets the server's heap growth unless the operator chose one (`node --heap-growing-percent=N …`, any N; 0 is V8's
 * own heuristics). V8 reads the flag at each full collection, so setting it at start-up takes effect for the main
 * thread and the transform threads alike. Returns the flag set, or null when left to the operator.
 */
export function applyHeapGrowth(execArgv: readonly string[] = process.execArgv): string | null {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return null;
  const flag = `${FLAG}=${HEAP_GROWING_PERCENT}`;
  setFlagsFromString(flag);
  return flag;
}
