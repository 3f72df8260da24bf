import { errors } from '@scrape/scraper';
import type { JobRecord } from '@scrape/jobs';
import {
  type AgentParams,
  type AgentRunsContext,
  agentJob,
  notify,
  outcomeOf,
  type StoredOutcome,
  teamOf,
  UUID,
} from './agentRunsContext.js';
import { traceOf } from './agentTrace.js';

// The read calls: a run's status, the team's runs, a run's trace and one of its snapshots.

/** Runs one list call returns; `next` points at the rest. */
const LIST_PAGE = 50;

/** One run as GET /v2/agent lists it. */
function agentListItem(job: JobRecord, outcome: StoredOutcome | undefined) {
  const params = job.params as AgentParams;
  const status =
    job.status === 'running'
      ? 'processing'
      : job.status === 'completed' && outcome?.status === 'completed'
        ? 'completed'
        : 'failed';
  return {
    id: job.id,
    createdAt: new Date(job.createdAt).toISOString(),
    targetHint: params.urls?.[0] ?? params.prompt.slice(0, 100),
    origin: params.origin ?? 'api',
    settings: { hidden: false, starred: false },
    status,
    options: {
      prompt: params.prompt,
      model: params.model,
      ...(params.urls ? { urls: params.urls } : {}),
      ...(params.schema ? { schema: params.schema } : {}),
    },
  };
}

/** `GET /v2/agent/{id}`: processing, completed with its data, or failed (a cancel included) with its reason. */
export async function agentStatus(
  ctx: AgentRunsContext,
  id: string,
  team: string | undefined,
): Promise<Record<string, unknown>> {
  const job = await agentJob(ctx, id, team);
  const params = job.params as AgentParams;
  const base = {
    success: true,
    model: params.model,
    expiresAt: new Date(job.expiresAt).toISOString(),
    ...(params.effort ? { effort: params.effort } : {}),
  };
  if (job.status === 'running') return { ...base, status: 'processing', creditsUsed: 0 };
  if (job.status === 'cancelled')
    return { ...base, status: 'failed', error: 'Agent run was cancelled', creditsUsed: 0 };
  const outcome = await outcomeOf(ctx, job);
  if (job.status === 'completed' && outcome?.status === 'completed')
    return { ...base, status: 'completed', data: outcome.data, creditsUsed: outcome.creditsUsed };
  const error = outcome?.status === 'failed' ? outcome.error.message : (job.error ?? 'Agent run failed');
  return { ...base, status: 'failed', error, creditsUsed: 0 };
}

/** `GET /v2/agent`: the team's runs, newest first, LIST_PAGE at a time (`before`: older than that creation time). */
export async function listAgentRuns(
  ctx: AgentRunsContext,
  team: string | undefined,
  before: number | undefined,
  baseUrl: string,
): Promise<Record<string, unknown>> {
  const jobs = await (await ctx.options.jobs()).listJobs(teamOf(team), { kind: 'agent' });
  const older = jobs.filter((j) => before === undefined || j.createdAt < before);
  const page = older.slice(0, LIST_PAGE);
  const agents = await Promise.all(
    page.map(async (job) => agentListItem(job, job.status === 'completed' ? await outcomeOf(ctx, job) : undefined)),
  );
  const last = page.at(-1);
  return {
    success: true,
    agents,
    ...(older.length > page.length && last ? { next: `${baseUrl}/v2/agent?before=${last.createdAt}` } : {}),
  };
}

/** The run's trace events, a cancel's included, and the credits it used. */
export async function agentTrace(
  ctx: AgentRunsContext,
  id: string,
  team: string | undefined,
): Promise<Record<string, unknown>> {
  const job = await agentJob(ctx, id, team);
  const outcome = job.status === 'completed' ? await outcomeOf(ctx, job) : undefined;
  return {
    success: true,
    id: job.id,
    events: traceOf(job),
    creditsUsed: outcome?.status === 'completed' ? outcome.creditsUsed : 0,
  };
}

/** One page snapshot the run kept. */
export async function agentSnapshot(
  ctx: AgentRunsContext,
  id: string,
  snapshotId: string,
  team: string | undefined,
): Promise<Record<string, unknown>> {
  const job = await agentJob(ctx, id, team);
  if (!UUID.test(snapshotId)) throw errors.badRequest('Invalid snapshot ID');
  const snapshot = (job.state.snapshots as Record<string, string> | undefined)?.[snapshotId];
  if (snapshot === undefined) throw errors.notFound('Snapshot not found', 'AGENT_SNAPSHOT_NOT_FOUND');
  return { success: true, id: job.id, snapshotId, snapshot };
}

/** Cancels a running run wherever it runs; 409 when it ended already (or ends before the cancel takes). */
export async function cancelAgentRun(
  ctx: AgentRunsContext,
  id: string,
  team: string | undefined,
): Promise<{ success: true }> {
  const job = await agentJob(ctx, id, team);
  if (job.status === 'cancelled') throw errors.conflict('Agent is already cancelled');
  if (job.status !== 'running') throw errors.conflict('Agent already finished');
  const store = await ctx.options.jobs();
  await store.setJobState(id, { cancelRequestedAt: Date.now() });
  const stopped = await store.cancelJob(id, teamOf(team));
  // It finished between the read and the cancel: the run's own ending stands.
  if (stopped && stopped.status !== 'cancelled') throw errors.conflict('Agent already finished');
  notify(ctx, id, job.params as AgentParams, 'cancelled', [], 'Agent run was cancelled');
  return { success: true };
}
