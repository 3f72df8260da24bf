import type { JobRecord, JobStore, JobWorker, CommitEvent, QueueCounts } from '@scrape/jobs';
import type { ScrapeDocument } from '../types.js';
import { isScrapeError } from '../errors.js';
import { parseMapRequest } from './crawlRequest.js';
import { createJobHandlers, type JobBilling } from './createJobHandlers.js';
import { createWebhookSender, type WebhookSender } from './createWebhookSender.js';
import { createRawFetcher } from './fetchRaw.js';
import { mapSite, type MapLink } from './mapSite.js';
import { createRobotsRules } from './robotsRules.js';
import { previewCrawlParams } from './previewCrawlParams.js';
import { createExtractHandler } from '../extract/createExtractHandler.js';
import { createExtractJobs } from '../extract/createExtractJobs.js';
import { createCommitNotifier } from './runtime/createCommitNotifier.js';
import { followJob } from './runtime/followJob.js';
import type { JobContext, JobRuntimeOptions } from './runtime/jobRuntimeTypes.js';
import { openJobStore } from './runtime/openJobStore.js';
import { startBatchJob, startCrawlJob } from './runtime/startJobs.js';

export interface StartJobWorkerOptions {
  concurrency?: number;
  billing?: JobBilling;
  /** Called after each page commit (in addition to the webhooks sent here). */
  onCommitted?: (event: CommitEvent) => void | Promise<void>;
}

/**
 * Crawl, batch and map for one scraper: the job store, the handlers, webhooks and the in-process iterators. Its
 * steps (runtime/): opening the job store, creating crawl and batch jobs, the commit webhooks, following a job here.
 */
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
    opening ??= openJobStore(options).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  const notify = createCommitNotifier(webhooks);
  const startDeps = { jobs, webhooks, llm: options.llm };
  const startCrawl = (body: unknown, context: JobContext = {}) => startCrawlJob(startDeps, body, context);
  const startBatch = (body: unknown, context: JobContext = {}) => startBatchJob(startDeps, body, context);

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

  /** In-process: runs a job here (a worker is started on first use) and yields its documents as they land. */
  async function* follow(start: () => Promise<JobRecord>, context: JobContext): AsyncGenerator<ScrapeDocument> {
    const store = await jobs();
    localWorker ??= await startJobWorker();
    yield* followJob(store, start, context);
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
