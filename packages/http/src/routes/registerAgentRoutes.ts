import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JobStore } from '@scrape/jobs';
import { errors, type LlmOptions, type Scraper } from '@scrape/scraper';
import { agentOpenApiRoutes, type InteractSessions } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { createAgentRuns } from '../agent/createAgentRuns.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface AgentRoutesOptions {
  requireKey: Guard;
  scraper: Scraper;
  /** For the agent's page_code tool. */
  interact?: InteractSessions;
  accounts?: Accounts;
  /** The job queue; default: the scraper's (`scraper.jobs.store()`: BullMQ on Redis or LMDB in the data directory). */
  jobs?: JobStore;
  llm?: Partial<LlmOptions> | false;
  maxSteps?: number;
  /** Wall-clock budget of one run, ms (SCRAPE_AGENT_RUN_TIMEOUT_MS). */
  runTimeoutMs?: number;
  /** Webhook targets may be private addresses (the server's allowPrivateUrls). */
  allowPrivateUrls?: boolean;
  /** Key of the webhook signature (SCRAPE_WEBHOOK_SECRET); absent: unsigned. */
  webhookSecret?: string;
}

function mayUseAgent(account: Account | null): void {
  const endpoints = account?.endpoints ?? ['*'];
  if (!endpoints.some((e) => e === '*' || e === 'agent'))
    throw errors.forbidden({ reason: 'this key may not start agent runs' });
}

/**
 * Agent runs (what the Firecrawl SDK's startAgent, getAgentStatus, listAgents, cancelAgent, getAgentTrace and
 * getAgentSnapshot call): spec §2.14, §3, §6, §7.2. The runs themselves go through the job queue.
 */
export function registerAgentRoutes(app: FastifyInstance, options: AgentRoutesOptions): void {
  // Default: the scraper's own job store (crawl and batch share it), so one queue serves every job kind. An
  // embedder's Scraper made before jobs existed has none: no agent routes then (404 as before), like crawl's.
  const runtime = (options.scraper as Partial<Scraper>).jobs;
  if (!options.jobs && !runtime) return;
  for (const route of agentOpenApiRoutes()) app.openapi.add(route);
  const jobs = (): Promise<JobStore> => (options.jobs ? Promise.resolve(options.jobs) : runtime!.jobs());
  const runs = createAgentRuns({
    jobs,
    scraper: options.scraper,
    interact: options.interact,
    accounts: options.accounts,
    log: app.log,
    llm: options.llm,
    maxSteps: options.maxSteps,
    runTimeoutMs: options.runTimeoutMs,
    allowPrivateUrls: options.allowPrivateUrls,
    webhookSecret: options.webhookSecret,
  });
  const { requireKey } = options;

  app.addHook('onReady', async () => {
    await runs.startWorker();
  });
  // Before the scraper (and its job store) closes: createServer's own onClose hook is added after this one.
  app.addHook('onClose', async () => {
    await runs.close();
  });

  app.post('/v2/agent', { onRequest: requireKey }, async (request) => {
    mayUseAgent(request.account);
    return runs.start(request.body, request.account, request.team);
  });
  app.get<{ Querystring: { before?: string } }>('/v2/agent', { onRequest: requireKey }, async (request) => {
    const before = request.query.before === undefined ? undefined : Number(request.query.before);
    if (before !== undefined && !Number.isFinite(before))
      throw errors.badRequest('before must be a unix time in milliseconds', [
        { path: 'before', message: 'not a number' },
      ]);
    const origin = `${request.protocol}://${request.host}`;
    return runs.list(request.team, before, origin);
  });
  app.get<{ Params: { jobId: string } }>('/v2/agent/:jobId', { onRequest: requireKey }, async (request) =>
    runs.status(request.params.jobId, request.team),
  );
  app.delete<{ Params: { jobId: string } }>('/v2/agent/:jobId', { onRequest: requireKey }, async (request) =>
    runs.cancel(request.params.jobId, request.team),
  );
  app.get<{ Params: { jobId: string } }>('/v2/agent/:jobId/trace', { onRequest: requireKey }, async (request) =>
    runs.trace(request.params.jobId, request.team),
  );
  app.get<{ Params: { jobId: string; snapshotId: string } }>(
    '/v2/agent/:jobId/snapshots/:snapshotId',
    { onRequest: requireKey },
    async (request) => runs.snapshot(request.params.jobId, request.params.snapshotId, request.team),
  );
}
