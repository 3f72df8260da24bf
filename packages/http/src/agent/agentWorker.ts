import type { JobRecord, JobWorker } from '@scrape/jobs';
import { ScrapeError } from '@scrape/scraper';
import { createAgentTools, runAgentJob } from '@scrape/scraper/internal';
import {
  type AgentParams,
  type AgentRunsContext,
  DEFAULT_AGENT_RUN_TIMEOUT_MS,
  notify,
  type StoredOutcome,
} from './agentRunsContext.js';
import { createTraceSink } from './agentTrace.js';
import { runPageCode } from './runPageCode.js';

// The worker side: runs an agent item with the model and the service's tools, charges it, announces its ending.

/** Charges a completed run to the account it bills (one reservation per run, so a retry cannot take twice). */
export async function charge(
  ctx: AgentRunsContext,
  params: AgentParams,
  jobId: string,
  credits: number,
): Promise<void> {
  if (!ctx.options.accounts || !params.billTo || credits <= 0) return;
  // One reservation id per run: a retried charge cannot take twice.
  const reservationId = `agent:${jobId}`;
  try {
    await ctx.options.accounts.store.reserveCredits(params.billTo, 0, reservationId);
    await ctx.options.accounts.store.settleCredits(params.billTo, reservationId, credits);
  } catch (error) {
    ctx.options.log.error(
      { account: params.billTo, credits, err: String(error) },
      'agent run credits could not be charged',
    );
  }
}

/** One run: the model's turns with the scrape, map, search (and page_code) tools, traced into the job's state. */
async function runOne(ctx: AgentRunsContext, job: JobRecord, signal: AbortSignal): Promise<StoredOutcome> {
  const store = await ctx.options.jobs();
  const params = job.params as AgentParams;
  const sink = createTraceSink(store, job, (action) => notify(ctx, job.id, params, 'action', [action]));
  if (!ctx.client) {
    const error = {
      code: 'internal' as const,
      source: 'system' as const,
      retryable: false,
      message: 'No LLM is configured on the worker that took this run (SCRAPE_LLM_BASE_URL, SCRAPE_LLM_MODEL)',
    };
    return { status: 'failed', outcome: 'failed', error, creditsUsed: 0, creditsSpent: 0 };
  }
  const tools = createAgentTools({
    scrape: (body, toolSignal) => ctx.options.scraper.scrape(body, { signal: toolSignal, team: job.team || undefined }),
    onlyUnder: params.strictConstrainToURLs ? params.urls : undefined,
    map: (body, toolSignal) => ctx.options.scraper.jobs.map(body, { team: job.team || undefined, signal: toolSignal }),
    search: (body, toolSignal) => ctx.options.scraper.search(body, { team: job.team || undefined, signal: toolSignal }),
    pageCode: ctx.options.interact
      ? (url, code) => runPageCode(ctx.options.interact!, job.team || undefined, url, code)
      : undefined,
  });
  return runAgentJob({
    job: {
      runId: job.id,
      prompt: params.prompt,
      urls: params.urls,
      schema: params.schema,
      maxCredits: params.maxCredits,
    },
    client: ctx.client,
    tools,
    trace: sink,
    signal,
    maxSteps: ctx.options.maxSteps,
    timeoutMs: ctx.options.runTimeoutMs ?? DEFAULT_AGENT_RUN_TIMEOUT_MS,
  });
}

/** This process' worker for agent items; none when it has no model (it then neither opens nor takes them). */
export async function startAgentWorker(ctx: AgentRunsContext): Promise<JobWorker | undefined> {
  const { options } = ctx;
  if (!ctx.client) return undefined;
  const store = await options.jobs();
  return store.startWorker({
    concurrency: options.concurrency ?? 2,
    handlers: {
      agent: async (item, context) => {
        const params = context.job.params as AgentParams;
        if (item.attempt === 1) notify(ctx, context.job.id, params, 'started');
        const outcome = await runOne(ctx, context.job, context.signal);
        if (outcome.status === 'completed') await charge(ctx, params, context.job.id, outcome.creditsUsed);
        if (outcome.status === 'completed') notify(ctx, context.job.id, params, 'completed', [outcome.data]);
        // A cancelled run was announced by the cancel itself.
        else if (outcome.outcome !== 'cancelled')
          notify(ctx, context.job.id, params, 'failed', [], outcome.error.message);
        return { result: outcome, credits: outcome.status === 'completed' ? outcome.creditsUsed : 0 };
      },
    },
    onError: (error) =>
      options.log.error({ err: error instanceof ScrapeError ? error.error : String(error) }, 'agent run failed'),
  });
}
