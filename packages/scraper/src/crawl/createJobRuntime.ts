import {
  createJobStore,
  DEFAULT_JOBS_REDIS_PREFIX,
  isJobError,
  type JobRecord,
  type JobStore,
  type JobWorker,
  type CommitEvent,
  type QueueCounts,
} from '@scrape/jobs';
import type { StoreHome } from '../createLazyStores.js';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import { errors, isScrapeError } from '../errors.js';
import type { Engine } from '../engines/engine.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import {
  parseBatchRequest,
  parseCrawlRequest,
  parseMapRequest,
  type BatchRequest,
  type WebhookConfig,
} from './crawlRequest.js';
import { createJobHandlers, type JobBilling } from './createJobHandlers.js';
import { createWebhookSender, type WebhookSender } from './createWebhookSender.js';
import { createRawFetcher } from './fetchRaw.js';
import { mapSite, type MapLink } from './mapSite.js';
import { createRobotsRules } from './robotsRules.js';
import { createCrawlScope } from './crawlScope.js';
import { crawlRequestFromPrompt, previewCrawlParams } from './previewCrawlParams.js';
import type { LlmProvider } from '../llm/llmProvider.js';
import { createExtractHandler } from '../extract/createExtractHandler.js';
import { createExtractJobs } from '../extract/createExtractJobs.js';

/** How often an in-process iterator looks for new results. */
const RESULTS_POLL_MS = 100;
const RESULTS_PAGE = 100;

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

export interface StartJobWorkerOptions {
  concurrency?: number;
  billing?: JobBilling;
  /** Called after each page commit (in addition to the webhooks sent here). */
  onCommitted?: (event: CommitEvent) => void | Promise<void>;
}

export interface JobContext {
  team?: string;
  signal?: AbortSignal;
  /** Initial job state (e.g. the host's billing flag), there before the first item runs. */
  state?: Record<string, unknown>;
}

/** Crawl, batch and map for one scraper: the job store, the handlers, webhooks and the in-process iterators. */
export function createJobRuntime(options: JobRuntimeOptions) {
  const fetchRaw = createRawFetcher(options.engine);
  const robots = createRobotsRules(fetchRaw);
  const webhooks: WebhookSender = createWebhookSender({
    ...options.ssrf,
    secret: options.webhookSecret,
    logger: options.logger,
  });
  let opening: Promise<JobStore> | undefined;
  const owned = !options.jobs;
  const workers: JobWorker[] = [];
  let localWorker: JobWorker | undefined;

  const jobs = (): Promise<JobStore> => {
    if (options.jobs) return Promise.resolve(options.jobs);
    opening ??= (async () => {
      const home = options.home;
      try {
        const leaseMs = options.jobLeaseMs;
        const prefix =
          options.jobsRedisKeyPrefix?.trim() ||
          (home.kind === 'redis' && home.keyPrefix ? `${home.keyPrefix}jobs:` : DEFAULT_JOBS_REDIS_PREFIX);
        return home.kind === 'redis'
          ? await createJobStore({ redisUrl: home.redisUrl, redisKeyPrefix: prefix, leaseMs })
          : await createJobStore({ dataDir: home.dataDir, leaseMs });
      } catch (error) {
        opening = undefined;
        throw errors.unavailable('Service Unavailable', {
          reason: `the job store could not be opened: ${isJobError(error) ? error.message : String(error)}`,
        });
      }
    })();
    return opening;
  };

  const prefixOf = (job: JobRecord) => (job.kind === 'batch' ? 'batch_scrape' : job.kind);
  const webhookOf = (job: JobRecord) => (job.params as { webhook?: WebhookConfig | null }).webhook ?? null;
  const failedNotified = new Set<string>();

  function notify(event: CommitEvent): void {
    const webhook = webhookOf(event.job);
    if (!webhook) return;
    const prefix = prefixOf(event.job);
    if (event.outcome.result !== undefined)
      webhooks.send({ webhook, prefix, event: 'page', jobId: event.job.id, data: [event.outcome.result] });
    if (event.jobFinished) webhooks.send({ webhook, prefix, event: 'completed', jobId: event.job.id });
    if (event.job.status === 'failed' && !failedNotified.has(event.job.id)) {
      failedNotified.add(event.job.id);
      webhooks.send({ webhook, prefix, event: 'failed', jobId: event.job.id, error: event.job.error });
    }
  }

  async function startJobWorker(workerOptions: StartJobWorkerOptions = {}): Promise<JobWorker> {
    const store = await jobs();
    const handlers = {
      ...createJobHandlers({ store, scrape: options.scrape, fetchRaw, robots, billing: workerOptions.billing }),
      extract: createExtractHandler({
        scrape: options.scrape,
        map: (body, context) => runtimeMap(body, context),
        billing: workerOptions.billing,
      }),
    };
    const worker = store.startWorker({
      handlers,
      concurrency: workerOptions.concurrency,
      onCommitted: async (event) => {
        notify(event);
        await workerOptions.onCommitted?.(event);
      },
      onError: (error, item) => {
        if (signalLike(error)) return;
        options.logger?.warn({ err: String(error), jobId: item?.jobId }, 'job item failed');
      },
    });
    workers.push(worker);
    return worker;
  }

  /** Validates, checks the webhook target, and creates the crawl job (its first item is the start URL). */
  async function startCrawl(body: unknown, context: JobContext = {}): Promise<JobRecord> {
    let request = parseCrawlRequest(body);
    // A prompt becomes crawl options through the configured model (400 SCRAPE_LLM_NOT_CONFIGURED without one).
    if (request.prompt)
      request = await crawlRequestFromPrompt(body as Record<string, unknown>, request, options.llm, context.signal);
    if (request.webhook) await webhooks.check(request.webhook);
    const store = await jobs();
    const key = createCrawlScope(request).keyOf(request.url);
    if (!key) throw errors.invalidUrl();
    const job = await store.createJob({
      kind: 'crawl',
      team: context.team ?? '',
      params: request,
      maxItems: request.limit,
      state: context.state,
      items: [{ key, payload: { url: request.url, depth: 0, root: true } }],
    });
    if (request.webhook) webhooks.send({ webhook: request.webhook, prefix: 'crawl', event: 'started', jobId: job.id });
    return job;
  }

  async function startBatch(
    body: unknown,
    context: JobContext = {},
  ): Promise<{ job: JobRecord; invalidURLs: string[] }> {
    const request = parseBatchRequest(body);
    if (request.webhook) await webhooks.check(request.webhook);
    const store = await jobs();
    const items = request.urls.map((url) => ({ key: url, payload: { url } }));
    if (request.appendToId) {
      const existing = await store.getJob(request.appendToId, context.team ?? '');
      if (existing?.kind !== 'batch') throw errors.notFound('Batch scrape job not found', 'BATCH_NOT_FOUND');
      await store.enqueue(existing.id, items);
      return { job: (await store.getJob(existing.id))!, invalidURLs: request.invalidURLs };
    }
    const job = await store.createJob({
      kind: 'batch',
      team: context.team ?? '',
      params: request satisfies BatchRequest,
      items,
      state: context.state,
    });
    if (request.webhook)
      webhooks.send({ webhook: request.webhook, prefix: 'batch_scrape', event: 'started', jobId: job.id });
    return { job, invalidURLs: request.invalidURLs };
  }

  /** In-process: runs a job here (a worker is started on first use) and yields its documents as they land. */
  async function* follow(start: () => Promise<JobRecord>, context: JobContext): AsyncGenerator<ScrapeDocument> {
    const store = await jobs();
    localWorker ??= await startJobWorker();
    const job = await start();
    const onAbort = () => void store.cancelJob(job.id).catch(() => {});
    context.signal?.addEventListener('abort', onAbort, { once: true });
    let offset = 0;
    try {
      for (;;) {
        const current = await store.getJob(job.id);
        const page = (await store.readResults(job.id, { offset, limit: RESULTS_PAGE })) as ScrapeDocument[];
        offset += page.length;
        for (const doc of page) yield doc;
        if (page.length > 0) continue;
        if (current?.status !== 'running') {
          if (current?.status === 'failed')
            throw errors.unavailable(current.error ?? 'The job failed', { code: current.errorCode });
          return;
        }
        if (context.signal?.aborted) return;
        await new Promise((r) => setTimeout(r, RESULTS_POLL_MS));
      }
    } finally {
      context.signal?.removeEventListener('abort', onAbort);
    }
  }

  const runtimeMap = async (body: unknown, context: JobContext = {}): Promise<{ links: MapLink[] }> => {
    const request = parseMapRequest(body);
    return {
      links: await mapSite({
        request,
        scrape: options.scrape,
        fetchRaw,
        robots,
        team: context.team,
        signal: context.signal,
      }),
    };
  };
  const extract = createExtractJobs({ jobs, llm: options.llm, search: options.search });

  return {
    jobs,
    webhooks,
    startExtract: extract.start,
    readExtract: extract.read,
    startJobWorker,
    startCrawl,
    startBatch,
    crawl: (body: unknown, context: JobContext = {}) => follow(() => startCrawl(body, context), context),
    batch: (body: unknown, context: JobContext = {}) =>
      follow(async () => (await startBatch(body, context)).job, context),
    /** Work items per kind (metrics); null while no job store is open here, so a scrape of /metrics opens none. */
    async queueStats(kinds: readonly string[]): Promise<Record<string, QueueCounts> | null> {
      if (!options.jobs && !opening) return null;
      return (await jobs()).queueStats?.(kinds) ?? null;
    },
    previewParams: (body: unknown, signal?: AbortSignal) => previewCrawlParams(body, options.llm, signal),
    map: runtimeMap,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await webhooks.idle();
      await webhooks.close();
      if (owned && opening) await (await opening.catch(() => undefined))?.close();
    },
  };
}

export type JobRuntime = ReturnType<typeof createJobRuntime>;

function signalLike(error: unknown): boolean {
  return isScrapeError(error) && error.code === 'SCRAPE_ABORTED';
}
