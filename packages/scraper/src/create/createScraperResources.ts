import { join } from 'node:path';
import { createCpuWorkerPool, type CpuWorkerPool } from '../cpu/createCpuWorkerPool.js';
import { createLazyStores, resolveStoreHome, type LazyStores } from '../createLazyStores.js';
import { createHomeProfileStore, type ProfileStore } from '../interact/profileStore.js';
import { createTesseractOcr, type TesseractOcr } from '../ocr/createTesseractOcr.js';
import { createPdfWorkerPool, type PdfWorkerPool } from '../pdf/createPdfWorkerPool.js';
import type { ScraperOptions } from '../scraperOptions.js';
import { createLocalSearchIndex, type LocalSearchIndex } from '../search/createLocalSearchIndex.js';
import { createSearxngProvider, type SearchProvider } from '../search/createSearxngProvider.js';

/** What a scraper owns besides its engines: stores, profiles, PDF threads, OCR, search and transform threads. */
export interface ScraperResources {
  /** Null when the caller injected a SourceCache or turned the cache off (no stores opened). */
  stores: LazyStores | null;
  profiles: ProfileStore | null;
  pdf: PdfWorkerPool;
  /** The scraper's one OCR engine, made on first call; undefined with `pdf.ocr: false`. */
  ocr(): TesseractOcr | undefined;
  /** Closes the OCR engine if it was ever made. */
  closeOcr(): Promise<void> | undefined;
  searchProvider: SearchProvider | undefined;
  searchIndex: LocalSearchIndex | undefined;
  cpu: CpuWorkerPool | undefined;
}

/**
 * Second step of `createScraper`: opens nothing yet (stores open on first use, threads and OCR start on first need)
 * but decides what exists, from the options.
 */
export function createScraperResources(options: ScraperOptions): ScraperResources {
  // Default: the service's own stores. An injected SourceCache or `false` means the caller decides (no stores opened).
  const stores: LazyStores | null =
    options.cache === undefined
      ? createLazyStores(resolveStoreHome(options), {
          clock: options.clock,
          // The page is already answered; what is lost is only its cached copy (logged without the URL).
          onWriteError: (err) =>
            options.logger?.warn({ err }, 'page cache write failed after the answer; the page stays uncached'),
        })
      : null;
  const profiles = stores ? createHomeProfileStore(stores.home) : null;
  // One OCR engine per scraper, made on the first PDF that may need it; the parse threads ask it for pages over
  // messages.
  let ocrEngine: TesseractOcr | undefined;
  const ocrOptions = options.pdf?.ocr;
  const pdf = createPdfWorkerPool({
    workers: options.pdf?.workers,
    ocr: ocrOptions === false ? undefined : () => (ocrEngine ??= createTesseractOcr(ocrOptions)),
  });
  const home = resolveStoreHome(options);
  const searxngUrl = options.search?.searxngUrl?.trim() || undefined;
  // Beside the cache in the embedded home; in memory per process with Redis (or with an injected cache).
  const searchIndex: LocalSearchIndex | undefined =
    options.search?.localIndex === false
      ? undefined
      : createLocalSearchIndex({
          path: stores && home.kind === 'embedded' ? join(home.dataDir, 'search', 'index.json') : undefined,
          logger: options.logger,
        });
  const threads = options.transformThreads ?? {};
  return {
    stores,
    profiles,
    pdf,
    ocr: () => (ocrOptions === false ? undefined : (ocrEngine ??= createTesseractOcr(ocrOptions))),
    closeOcr: () => ocrEngine?.close(),
    searchProvider: searxngUrl ? createSearxngProvider({ baseUrl: searxngUrl }) : undefined,
    searchIndex,
    cpu: threads === false ? undefined : createCpuWorkerPool({ workers: threads.workers }),
  };
}
