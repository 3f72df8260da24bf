import { systemClock } from '@scrape/cache';
import { createLlmProvider } from '../llm/llmProvider.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { ScraperOptions } from '../scraperOptions.js';
import { sourceCacheFromStores } from '../sourceCache.js';
import { createTransformMemo } from '../steps/transformMemo.js';
import type { ScraperEngines } from './createScraperEngines.js';
import type { ScraperResources } from './createScraperResources.js';

/**
 * Third step of `createScraper`: what every pipeline run of this scraper reads (engines, stores as the narrow
 * views the steps need, LLM, SSRF settings, the transform memo).
 */
export function buildPipelineDeps(
  options: ScraperOptions,
  engines: ScraperEngines,
  resources: ScraperResources,
): PipelineDeps {
  const { stores } = resources;
  return {
    engines: { fetch: engines.fetch, browser: engines.browser },
    pdf: resources.pdf,
    ocr: resources.ocr,
    cache: stores ? sourceCacheFromStores(stores) : options.cache || undefined,
    history: stores
      ? {
          compareWithHistory: (input) => stores.use((s) => s.history.compareWithHistory(input)),
          entries: (team, url, tag) => stores.use((s) => s.history.entries(team, url, tag)),
        }
      : undefined,
    llm: createLlmProvider(options.llm),
    artifacts: stores ? { putArtifact: (input) => stores.use((s) => s.artifacts.putArtifact(input)) } : undefined,
    clock: options.clock ?? systemClock,
    ssrf: { allowPrivateUrls: options.allowPrivateUrls ?? false, allowAddress: options.allowAddress },
    transformMemo:
      options.cache !== false && options.transformMemoBytes !== 0
        ? createTransformMemo(options.transformMemoBytes)
        : undefined,
    proxies: options.proxies ?? {},
    profiles: resources.profiles ?? undefined,
    searchIndex: resources.searchIndex,
    ffmpegPath: options.ffmpegPath,
  };
}
