import type { FastifyBaseLogger } from 'fastify';
import type { JobRecord, JobStore } from '@scrape/jobs';
import { errors, type LlmOptions, type Scraper } from '@scrape/scraper';
import {
  type AgentRunResult,
  type AgentWebhookEvent,
  type createLlmClient,
  type createWebhookSender,
  type InteractSessions,
  type resolveLlmSetup,
  type WebhookConfig,
  type WebhookEvent,
} from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';

// What the agent runs' steps share: the options, the model client, the webhook sender, and the run's stored form.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AgentRunsOptions {
  jobs: () => Promise<JobStore>;
  scraper: Scraper;
  /** Interact sessions: the `page_code` tool runs code in one (absent: no such tool). */
  interact?: InteractSessions;
  accounts?: Accounts;
  log: FastifyBaseLogger;
  /** The model (the service: SCRAPE_LLM_*); `false` or absent: none, and POST /v2/agent is a 400. */
  llm?: Partial<LlmOptions> | false;
  /** Model turns per run (default DEFAULT_AGENT_MAX_STEPS). */
  maxSteps?: number;
  /** Runs this process works on at once. */
  concurrency?: number;
  /** Webhook targets may be private addresses (local use and tests); default: refused by the SSRF guard. */
  allowPrivateUrls?: boolean;
  /** Key of the webhook signature (`X-Firecrawl-Signature`; the service: SCRAPE_WEBHOOK_SECRET); absent: unsigned. */
  webhookSecret?: string;
  /** Wall-clock budget of one run, ms (default DEFAULT_AGENT_RUN_TIMEOUT_MS; SCRAPE_AGENT_RUN_TIMEOUT_MS). */
  runTimeoutMs?: number;
}

/** A quarter of an hour: dozens of model turns on a slow local model; a run still going after that is stuck. */
export const DEFAULT_AGENT_RUN_TIMEOUT_MS = 15 * 60_000;

export interface AgentParams {
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  maxCredits?: number;
  strictConstrainToURLs?: boolean;
  model: string;
  effort?: string;
  origin?: string;
  /** Charged when the run completes (accounts with limited credits only). */
  billTo?: string;
  webhook?: {
    url: string;
    headers: Record<string, string>;
    metadata: Record<string, unknown>;
    events: AgentWebhookEvent[];
  };
}

/** What the worker stores as the run's one item result. */
export type StoredOutcome = AgentRunResult;

export interface AgentRuns {
  start(body: unknown, account: Account | null, team: string | undefined): Promise<{ success: true; id: string }>;
  status(id: string, team: string | undefined): Promise<Record<string, unknown>>;
  list(team: string | undefined, before: number | undefined, baseUrl: string): Promise<Record<string, unknown>>;
  cancel(id: string, team: string | undefined): Promise<{ success: true }>;
  trace(id: string, team: string | undefined): Promise<Record<string, unknown>>;
  snapshot(id: string, snapshotId: string, team: string | undefined): Promise<Record<string, unknown>>;
  /** Starts this process' worker (after the store opened). */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface AgentRunsContext {
  readonly options: AgentRunsOptions;
  readonly setup: ReturnType<typeof resolveLlmSetup>;
  /** The model client; absent when no model is configured (this process then runs no agents). */
  readonly client: ReturnType<typeof createLlmClient> | undefined;
  readonly webhooks: ReturnType<typeof createWebhookSender>;
}

export const teamOf = (team: string | undefined) => team ?? '';

/** The team's agent run `id` (400 for an id that is no UUID, 404 for anything else not found). */
export async function agentJob(ctx: AgentRunsContext, id: string, team: string | undefined): Promise<JobRecord> {
  if (!UUID.test(id)) throw errors.badRequest('Invalid job ID format. Job ID must be a valid UUID.');
  const job = await (await ctx.options.jobs()).getJob(id, teamOf(team));
  if (job?.kind !== 'agent') throw errors.notFound('Agent job not found', 'AGENT_JOB_NOT_FOUND');
  return job;
}

/** The run's outcome, its one item result (absent while it runs). */
export async function outcomeOf(ctx: AgentRunsContext, job: JobRecord): Promise<StoredOutcome | undefined> {
  const [result] = await (await ctx.options.jobs()).readResults(job.id, { limit: 1 });
  return result as StoredOutcome | undefined;
}

/** POSTs `agent.<event>` to the run's webhook (signed, SSRF-guarded, retried: the crawl's sender). */
export function notify(
  ctx: AgentRunsContext,
  jobId: string,
  params: AgentParams,
  event: AgentWebhookEvent,
  data?: unknown[],
  error?: string,
): void {
  if (!params.webhook) return;
  // The sender filters by the webhook's own event list, which here holds the agent's event names.
  const webhook = params.webhook as unknown as WebhookConfig;
  const delivery = { webhook, prefix: 'agent', event: event as WebhookEvent, jobId };
  ctx.webhooks.send({ ...delivery, ...(data ? { data } : {}), ...(error ? { error } : {}) });
}
