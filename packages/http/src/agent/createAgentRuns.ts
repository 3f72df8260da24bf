import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRecord, JobStore, JobWorker } from '@scrape/jobs';
import { errors, ScrapeError, type LlmOptions, type Scraper } from '@scrape/scraper';
import {
  createAgentTools,
  createWebhookSender,
  createLlmClient,
  parseAgentRequest,
  resolveLlmSetup,
  runAgentJob,
  type AgentRunResult,
  type AgentTraceEvent,
  type AgentTraceSink,
  type AgentWebhookEvent,
  type WebhookConfig,
  type WebhookEvent,
  type InteractSessions,
} from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';

/** Account feature marking a team whose zero data retention is enforced: agent runs keep traces, so they refuse it. */
export const FEATURE_ENFORCED_ZDR = 'enforcedZeroDataRetention';
const ZDR_REFUSED = 'Your team has zero data retention enabled. This is not supported on extract.';
/** Trace events one run keeps (a run is bounded by its steps far below this; the cap guards the job record). */
const MAX_TRACE_EVENTS = 1_000;
/** Snapshots one run keeps; the oldest page snapshot goes first (the result's is always kept). */
const MAX_SNAPSHOTS = 20;
/** Runs one list call returns; `next` points at the rest. */
const LIST_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The model name reported when the client named none (the run uses whatever SCRAPE_LLM_MODEL names). */
const DEFAULT_MODEL_NAME = 'spark-1-pro';

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

interface AgentParams {
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
type StoredOutcome = AgentRunResult;

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

const teamOf = (team: string | undefined) => team ?? '';
/** Seconds one page_code step may run (the navigation, then the code). */
const PAGE_CODE_TIMEOUT_S = 30;

/** Opens `url` in a fresh session of the run's team, runs `code` there, and always closes the session. */
async function runPageCode(
  interact: InteractSessions,
  team: string | undefined,
  url: string,
  code: string,
): Promise<string> {
  const session = await interact.createBrowser({}, team, { unbilled: true });
  try {
    const opened = await interact.execute(
      session.id,
      {
        code: `await page.goto(${JSON.stringify(url)}); return page.url();`,
        language: 'node',
        timeout: PAGE_CODE_TIMEOUT_S,
      },
      team,
    );
    if (!opened.success) throw new Error(`could not open ${url}: ${opened.error ?? 'unknown error'}`);
    const ran = await interact.execute(session.id, { code, language: 'node', timeout: PAGE_CODE_TIMEOUT_S }, team);
    return JSON.stringify({
      success: ran.success,
      result: ran.result,
      stdout: ran.stdout,
      ...(ran.error ? { error: ran.error } : {}),
    });
  } finally {
    await interact.stopBrowser(session.id, team).catch(() => {});
  }
}

function checkJobId(id: string): void {
  if (!UUID.test(id)) throw errors.badRequest('Invalid job ID format. Job ID must be a valid UUID.');
}

/** The trace header every synthesized event of a run carries (the orchestrator is the run itself). */
function traceBase(job: JobRecord) {
  return {
    schemaVersion: 1 as const,
    runId: job.id,
    agent: { id: job.id, role: 'orchestrator' as const, name: 'agent' },
  };
}

/** The error and `run.finished` events of a run cancelled before its worker could write its ending. */
function cancelledEnding(job: JobRecord, written: number): AgentTraceEvent[] {
  const base = traceBase(job);
  const at = new Date(job.finishedAt ?? job.updatedAt).toISOString();
  const error = {
    code: 'cancelled' as const,
    source: 'system' as const,
    retryable: false,
    message: 'Agent run was cancelled',
  };
  let sequence = written;
  return [
    {
      ...base,
      eventId: `${job.id}:error`,
      occurredAt: at,
      producerSequence: ++sequence,
      type: 'error.occurred',
      error,
    },
    {
      ...base,
      eventId: `${job.id}:finished`,
      occurredAt: at,
      producerSequence: ++sequence,
      type: 'run.finished',
      outcome: 'cancelled',
      error,
    },
  ];
}

/** The run's trace as stored, completed with the events of a cancel the worker could not write, in time order. */
function traceOf(job: JobRecord): AgentTraceEvent[] {
  const events = [...((job.state.trace as AgentTraceEvent[] | undefined) ?? [])];
  // A run cancelled before its worker could write its ending (not started yet, or the worker died) still ends.
  if (job.status === 'cancelled' && !events.some((e) => e.type === 'run.finished')) {
    events.push(...cancelledEnding(job, events.length));
  }
  const cancelAt = job.state.cancelRequestedAt as number | undefined;
  // Only a cancel that took: one that lost the race with the run's own ending was answered 409.
  if (cancelAt !== undefined && job.status === 'cancelled') {
    events.push({
      ...traceBase(job),
      eventId: `${job.id}:cancel`,
      occurredAt: new Date(cancelAt).toISOString(),
      producerSequence: 0,
      type: 'run.cancel_requested',
      reason: 'user',
    });
  }
  return events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.producerSequence - b.producerSequence);
}

/** The stored parameters of a new run: the request's fields that are set, the model, whom to bill, the webhook. */
function agentParams(
  request: ReturnType<typeof parseAgentRequest>,
  body: unknown,
  billTo: string | undefined,
): AgentParams {
  return {
    prompt: request.prompt,
    ...(request.urls ? { urls: request.urls } : {}),
    ...(request.schema ? { schema: request.schema } : {}),
    ...(request.maxCredits !== undefined ? { maxCredits: request.maxCredits } : {}),
    ...(request.strictConstrainToURLs !== undefined ? { strictConstrainToURLs: request.strictConstrainToURLs } : {}),
    model: request.model ?? DEFAULT_MODEL_NAME,
    ...(request.effort ? { effort: request.effort } : {}),
    ...(typeof (body as { origin?: unknown }).origin === 'string'
      ? { origin: (body as { origin: string }).origin }
      : {}),
    ...(billTo !== undefined ? { billTo } : {}),
    ...(request.webhook ? { webhook: request.webhook } : {}),
  };
}

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

/**
 * The run's trace and snapshots, written to the job's state in order (a later write never overtakes an earlier one);
 * at most MAX_TRACE_EVENTS events (the ending always) and the last MAX_SNAPSHOTS snapshots.
 */
function createTraceSink(
  store: JobStore,
  job: JobRecord,
  onAction: (action: { tool: string; toolCallId: string }) => void,
): AgentTraceSink {
  // A taken-over run starts again; its trace continues after what the first worker wrote.
  let trace = [...((job.state.trace as AgentTraceEvent[] | undefined) ?? [])];
  const snapshots = new Map<string, string>(
    Object.entries((job.state.snapshots as Record<string, string> | undefined) ?? {}),
  );
  let writes = Promise.resolve();
  return {
    async emit(event) {
      if (event.type === 'tool_call.finished') {
        onAction({ tool: event.toolName, toolCallId: event.toolCallId });
      }
      const terminal = event.type === 'run.finished' || event.type === 'error.occurred';
      if (trace.length >= MAX_TRACE_EVENTS && !terminal) return;
      trace = [...trace, { ...event, producerSequence: trace.length + 1 }];
      const snapshot = trace;
      writes = writes.then(() => store.setJobState(job.id, { trace: snapshot }));
      await writes;
    },
    async snapshot(snapshotId, content) {
      snapshots.set(snapshotId, content);
      while (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
      const all = Object.fromEntries(snapshots);
      writes = writes.then(() => store.setJobState(job.id, { snapshots: all }));
      await writes;
    },
  };
}

/**
 * Agent runs on the job queue (@scrape/jobs: LMDB embedded, BullMQ on Redis): one job of kind `agent` with one work
 * item per run, so any worker process runs it, a dead worker's run is taken over, and cancel aborts it wherever it
 * runs. The trace and snapshots live in the job's state; the outcome is the item's result.
 */
export function createAgentRuns(options: AgentRunsOptions): AgentRuns {
  const setup = resolveLlmSetup(options.llm);
  const client = setup.ok ? createLlmClient(setup.config) : undefined;
  let worker: JobWorker | undefined;
  const webhooks = createWebhookSender({
    allowPrivateUrls: options.allowPrivateUrls,
    secret: options.webhookSecret || undefined,
    logger: options.log,
  });

  /** POSTs `agent.<event>` to the run's webhook (signed, SSRF-guarded, retried: the crawl's sender). */
  function notify(
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
    webhooks.send({ ...delivery, ...(data ? { data } : {}), ...(error ? { error } : {}) });
  }

  async function agentJob(id: string, team: string | undefined): Promise<JobRecord> {
    checkJobId(id);
    const job = await (await options.jobs()).getJob(id, teamOf(team));
    if (job?.kind !== 'agent') throw errors.notFound('Agent job not found', 'AGENT_JOB_NOT_FOUND');
    return job;
  }

  async function outcomeOf(job: JobRecord): Promise<StoredOutcome | undefined> {
    const [result] = await (await options.jobs()).readResults(job.id, { limit: 1 });
    return result as StoredOutcome | undefined;
  }

  async function charge(params: AgentParams, jobId: string, credits: number): Promise<void> {
    if (!options.accounts || !params.billTo || credits <= 0) return;
    // One reservation id per run: a retried charge cannot take twice.
    const reservationId = `agent:${jobId}`;
    try {
      await options.accounts.store.reserveCredits(params.billTo, 0, reservationId);
      await options.accounts.store.settleCredits(params.billTo, reservationId, credits);
    } catch (error) {
      options.log.error(
        { account: params.billTo, credits, err: String(error) },
        'agent run credits could not be charged',
      );
    }
  }

  async function runOne(job: JobRecord, signal: AbortSignal): Promise<StoredOutcome> {
    const store = await options.jobs();
    const params = job.params as AgentParams;
    const sink = createTraceSink(store, job, (action) => notify(job.id, params, 'action', [action]));
    if (!client) {
      const error = {
        code: 'internal' as const,
        source: 'system' as const,
        retryable: false,
        message: 'No LLM is configured on the worker that took this run (SCRAPE_LLM_BASE_URL, SCRAPE_LLM_MODEL)',
      };
      return { status: 'failed', outcome: 'failed', error, creditsUsed: 0, creditsSpent: 0 };
    }
    const tools = createAgentTools({
      scrape: (body, toolSignal) => options.scraper.scrape(body, { signal: toolSignal, team: job.team || undefined }),
      onlyUnder: params.strictConstrainToURLs ? params.urls : undefined,
      map: (body, toolSignal) => options.scraper.jobs.map(body, { team: job.team || undefined, signal: toolSignal }),
      search: (body, toolSignal) => options.scraper.search(body, { team: job.team || undefined, signal: toolSignal }),
      pageCode: options.interact
        ? (url, code) => runPageCode(options.interact!, job.team || undefined, url, code)
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
      client,
      tools,
      trace: sink,
      signal,
      maxSteps: options.maxSteps,
      timeoutMs: options.runTimeoutMs ?? DEFAULT_AGENT_RUN_TIMEOUT_MS,
    });
  }

  return {
    async start(body, account, team) {
      if (account?.features.includes(FEATURE_ENFORCED_ZDR))
        throw errors.badRequest(ZDR_REFUSED, undefined, 'AGENT_ZDR_UNSUPPORTED');
      const request = parseAgentRequest(body);
      if (!setup.ok) {
        throw errors.badRequest(
          `agent runs need an OpenAI-compatible LLM server, and none is configured: set ${setup.missing.join(
            ' and ',
          )} (and SCRAPE_LLM_API_KEY if the server wants one)`,
          { missing: setup.missing },
          'SCRAPE_LLM_NOT_CONFIGURED',
        );
      }
      if (request.webhook) await webhooks.check(request.webhook as unknown as WebhookConfig);
      const limited = options.accounts && account && !account.unlimitedCredits;
      if (limited && (await options.accounts!.store.balance(account.id)) <= 0) throw errors.paymentRequired();
      const params = agentParams(request, body, limited ? account.id : undefined);
      const store = await options.jobs();
      const id = randomUUID();
      await store.createJob({
        id,
        kind: 'agent',
        team: teamOf(team),
        params,
        items: [{ key: 'run' }],
        maxItems: 1,
        state: { trace: [] },
      });
      return { success: true, id };
    },

    async status(id, team) {
      const job = await agentJob(id, team);
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
      const outcome = await outcomeOf(job);
      if (job.status === 'completed' && outcome?.status === 'completed')
        return { ...base, status: 'completed', data: outcome.data, creditsUsed: outcome.creditsUsed };
      const error = outcome?.status === 'failed' ? outcome.error.message : (job.error ?? 'Agent run failed');
      return { ...base, status: 'failed', error, creditsUsed: 0 };
    },

    async list(team, before, baseUrl) {
      const jobs = await (await options.jobs()).listJobs(teamOf(team), { kind: 'agent' });
      const older = jobs.filter((j) => before === undefined || j.createdAt < before);
      const page = older.slice(0, LIST_PAGE);
      const agents = await Promise.all(
        page.map(async (job) => agentListItem(job, job.status === 'completed' ? await outcomeOf(job) : undefined)),
      );
      const last = page.at(-1);
      return {
        success: true,
        agents,
        ...(older.length > page.length && last ? { next: `${baseUrl}/v2/agent?before=${last.createdAt}` } : {}),
      };
    },

    async cancel(id, team) {
      const job = await agentJob(id, team);
      if (job.status === 'cancelled') throw errors.conflict('Agent is already cancelled');
      if (job.status !== 'running') throw errors.conflict('Agent already finished');
      const store = await options.jobs();
      await store.setJobState(id, { cancelRequestedAt: Date.now() });
      const stopped = await store.cancelJob(id, teamOf(team));
      // It finished between the read and the cancel: the run's own ending stands.
      if (stopped && stopped.status !== 'cancelled') throw errors.conflict('Agent already finished');
      notify(id, job.params as AgentParams, 'cancelled', [], 'Agent run was cancelled');
      return { success: true };
    },

    async trace(id, team) {
      const job = await agentJob(id, team);
      const outcome = job.status === 'completed' ? await outcomeOf(job) : undefined;
      return {
        success: true,
        id: job.id,
        events: traceOf(job),
        creditsUsed: outcome?.status === 'completed' ? outcome.creditsUsed : 0,
      };
    },

    async snapshot(id, snapshotId, team) {
      const job = await agentJob(id, team);
      if (!UUID.test(snapshotId)) throw errors.badRequest('Invalid snapshot ID');
      const snapshot = (job.state.snapshots as Record<string, string> | undefined)?.[snapshotId];
      if (snapshot === undefined) throw errors.notFound('Snapshot not found', 'AGENT_SNAPSHOT_NOT_FOUND');
      return { success: true, id: job.id, snapshotId, snapshot };
    },

    async startWorker() {
      // A process without a model cannot run agents: it neither opens the queue for them nor takes their items.
      if (!client) return;
      const store = await options.jobs();
      worker = store.startWorker({
        concurrency: options.concurrency ?? 2,
        handlers: {
          agent: async (item, context) => {
            const params = context.job.params as AgentParams;
            if (item.attempt === 1) notify(context.job.id, params, 'started');
            const outcome = await runOne(context.job, context.signal);
            if (outcome.status === 'completed') await charge(params, context.job.id, outcome.creditsUsed);
            if (outcome.status === 'completed') notify(context.job.id, params, 'completed', [outcome.data]);
            // A cancelled run was announced by the cancel itself.
            else if (outcome.outcome !== 'cancelled')
              notify(context.job.id, params, 'failed', [], outcome.error.message);
            return { result: outcome, credits: outcome.status === 'completed' ? outcome.creditsUsed : 0 };
          },
        },
        onError: (error) =>
          options.log.error({ err: error instanceof ScrapeError ? error.error : String(error) }, 'agent run failed'),
      });
    },

    async close() {
      await worker?.close();
      await webhooks.idle();
      await webhooks.close();
    },
  };
}
