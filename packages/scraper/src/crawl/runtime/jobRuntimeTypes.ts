import type { JobStore } from '@scrape/jobs';
import type { StoreHome } from '../../createLazyStores.js';
import type { Engine } from '../../engines/engine.js';
import type { LlmProvider } from '../../llm/llmProvider.js';
import type { SsrfOptions } from '../../ssrf/addressPolicy.js';
import type { ScrapeContext, ScrapeDocument } from '../../types.js';

export interface JobRuntimeOptions {
  home: StoreHome;
  /** An existing job store (default: opened in `home` on first use, closed by `close()`). */
  jobs?: JobStore;
  engine: Engine;
  ssrf: SsrfOptions;
  scrape: (body: unknown, context: ScrapeContext) => Promise<ScrapeDocument>;
  webhookSecret?: string;
  /** A dead worker's items are taken over after about this long (default: the job store's). */
  jobLeaseMs?: number;
  /** Prefix of the job queue's Redis keys (default `<cache prefix>jobs:`, or DEFAULT_JOBS_REDIS_PREFIX). */
  jobsRedisKeyPrefix?: string;
  llm: LlmProvider;
  /** Web search for extract's `enableWebSearch` (the scraper's `search`). */
  search?: (
    body: unknown,
    context: { team?: string; signal?: AbortSignal },
  ) => Promise<{ data: { web?: Record<string, unknown>[] } }>;
  logger?: {
    info: (o: object, m?: string) => void;
    warn: (o: object, m?: string) => void;
    error: (o: object, m?: string) => void;
  };
}

export interface JobContext {
  team?: string;
  signal?: AbortSignal;
  /** Initial job state (e.g. the host's billing flag), there before the first item runs. */
  state?: Record<string, unknown>;
}
