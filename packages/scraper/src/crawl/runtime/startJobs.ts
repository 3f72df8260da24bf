import type { JobRecord, JobStore } from '@scrape/jobs';
import { errors } from '../../errors.js';
import type { LlmProvider } from '../../llm/llmProvider.js';
import { parseBatchRequest, parseCrawlRequest, type BatchRequest } from '../crawlRequest.js';
import { createCrawlScope } from '../crawlScope.js';
import type { WebhookSender } from '../createWebhookSender.js';
import { crawlRequestFromPrompt } from '../previewCrawlParams.js';
import type { JobContext } from './jobRuntimeTypes.js';

/** What creating a crawl or batch job needs: the job store, the webhooks, the model (a crawl's prompt). */
export interface StartJobDeps {
  jobs: () => Promise<JobStore>;
  webhooks: WebhookSender;
  llm: LlmProvider;
}

/** Validates, checks the webhook target, and creates the crawl job (its first item is the start URL). */
export async function startCrawlJob(deps: StartJobDeps, body: unknown, context: JobContext = {}): Promise<JobRecord> {
  const { webhooks } = deps;
  let request = parseCrawlRequest(body);
  // A prompt becomes crawl options through the configured model (400 SCRAPE_LLM_NOT_CONFIGURED without one).
  if (request.prompt)
    request = await crawlRequestFromPrompt(body as Record<string, unknown>, request, deps.llm, context.signal);
  if (request.webhook) await webhooks.check(request.webhook);
  const store = await deps.jobs();
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

/** Validates and creates the batch job, or appends its URLs to an existing batch of the team (`appendToId`). */
export async function startBatchJob(
  deps: StartJobDeps,
  body: unknown,
  context: JobContext = {},
): Promise<{ job: JobRecord; invalidURLs: string[] }> {
  const { webhooks } = deps;
  const request = parseBatchRequest(body);
  if (request.webhook) await webhooks.check(request.webhook);
  const store = await deps.jobs();
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
