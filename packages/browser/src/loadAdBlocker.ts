import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FiltersEngine, Request } from '@ghostery/adblocker-playwright';

/** The list shipped with the package (dist/../lists): ad and tracker network rules, never fetched at run time. */
const SHIPPED_LIST = fileURLToPath(new URL('../lists/ads-and-trackers.txt', import.meta.url));

export interface AdBlocker {
  /** True when a request of this resource type, made by a page at `sourceUrl`, is an ad or tracker. */
  isBlocked(url: string, resourceType: string, sourceUrl: string): boolean;
  /** Number of network filters loaded (for logs and tests). */
  readonly filterCount: number;
}

/** Engines by their extra list files: a process normally has one (the pool's), tests may load another. */
const shared = new Map<string, AdBlocker>();

/**
 * One engine per set of lists: parsing costs milliseconds, matching is per request. `extraLists`: list files
 * (EasyList syntax) an operator drops on disk, added to the shipped one (SCRAPE_ADBLOCK_LISTS in the service).
 */
export function loadAdBlocker(extraLists: readonly string[] = []): AdBlocker {
  const key = extraLists.join('\n');
  const known = shared.get(key);
  if (known) return known;
  const files = [SHIPPED_LIST, ...extraLists];
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  const engine = FiltersEngine.parse(text, {
    loadCosmeticFilters: false,
    loadNetworkFilters: true,
    enableCompression: false,
  });
  const filterCount = engine.getFilters().networkFilters.length;
  const blocker: AdBlocker = {
    filterCount,
    isBlocked(url, resourceType, sourceUrl) {
      const request = Request.fromRawDetails({ url, sourceUrl, type: resourceType as never, requestId: '0' });
      return engine.match(request).match;
    },
  };
  shared.set(key, blocker);
  return blocker;
}
