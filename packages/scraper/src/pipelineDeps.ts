import type { Engines } from './engines/engine.js';
import type { SourceCache } from './sourceCache.js';

/** What the pipeline's steps may use besides the plan: built once by createScraper. */
export interface PipelineDeps {
  engines: Engines;
  /** Absent: no page cache in this build/config; every scrape is fresh (`cacheState: "miss"`). */
  cache?: SourceCache;
}
