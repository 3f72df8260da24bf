import { createLlmClient, createWebhookSender, resolveLlmSetup } from '@scrape/scraper/internal';
import type { JobWorker } from '@scrape/jobs';
import type { AgentRuns, AgentRunsContext, AgentRunsOptions } from './agentRunsContext.js';
import { startAgentWorker } from './agentWorker.js';
import { agentSnapshot, agentStatus, agentTrace, cancelAgentRun, listAgentRuns } from './readAgentRuns.js';
import { startAgentRun } from './startAgentRun.js';

// The steps: starting a run (startAgentRun), reading and cancelling runs (readAgentRuns), the worker (agentWorker),
// the trace (agentTrace), the page_code tool (runPageCode); what they share is in agentRunsContext.

/**
 * Agent runs on the job queue (@scrape/jobs: LMDB embedded, BullMQ on Redis): one job of kind `agent` with one work
 * item per run, so any worker process runs it, a dead worker's run is taken over, and cancel aborts it wherever it
 * runs. The trace and snapshots live in the job's state; the outcome is the item's result.
 */
export function createAgentRuns(options: AgentRunsOptions): AgentRuns {
  const setup = resolveLlmSetup(options.llm);
  const ctx: AgentRunsContext = {
    options,
    setup,
    client: setup.ok ? createLlmClient(setup.config) : undefined,
    webhooks: createWebhookSender({
      allowPrivateUrls: options.allowPrivateUrls,
      secret: options.webhookSecret || undefined,
      logger: options.log,
    }),
  };
  let worker: JobWorker | undefined;
  return {
    start: (body, account, team) => startAgentRun(ctx, body, account, team),
    status: (id, team) => agentStatus(ctx, id, team),
    list: (team, before, baseUrl) => listAgentRuns(ctx, team, before, baseUrl),
    cancel: (id, team) => cancelAgentRun(ctx, id, team),
    trace: (id, team) => agentTrace(ctx, id, team),
    snapshot: (id, snapshotId, team) => agentSnapshot(ctx, id, snapshotId, team),
    async startWorker() {
      worker = await startAgentWorker(ctx);
    },
    async close() {
      await worker?.close();
      await ctx.webhooks.idle();
      await ctx.webhooks.close();
    },
  };
}
