import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FiltersEngine, Request } from '@ghostery/adblocker-playwright';

/** The list shipped with the package (dist/../lists): ad and tracker network rules, never fetched at run time. */
const SHIPPED_LIST = fileURLToPath(new URL('../lists/ads-and-trackers.txt', import.meta.url));
/** Extra or replacement list files (EasyList syntax) an operator drops on disk, comma-separated. */
const LISTS_ENV = 'SCRAPE_ADBLOCK_LISTS';

export interface AdBlocker {
  /** True when a request of this resource type, made by a page at `sourceUrl`, is an ad or tracker. */
  isBlocked(url: string, resourceType: string, sourceUrl: string): boolean;
  /** Number of network filters loaded (for logs and tests). */
  readonly filterCount: number;
}

let shared: AdBlocker | undefined;

/** One engine per process: parsing the lists once costs milliseconds, matching is per request. */
export function loadAdBlocker(): AdBlocker {
  if (shared) return shared;
  const files = [
    SHIPPED_LIST,
    ...(process.env[LISTS_ENV]
      ?.split(',')
      .map((f) => f.trim())
      .filter(Boolean) ?? []),
  ];
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
  const engine = FiltersEngine.parse(text, {
    loadCosmeticFilters: false,
    loadNetworkFilters: true,
    enableCompression: false,
  });
  const filterCount = engine.getFilters().networkFilters.length;
  shared = {
    filterCount,
    isBlocked(url, resourceType, sourceUrl) {
      const request = Request.fromRawDetails({ url, sourceUrl, type: resourceType as never, requestId: '0' });
      return engine.match(request).match;
    },
  };
  return shared;
}
