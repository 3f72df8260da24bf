import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { JobRecord, JobStore, JobWorker } from '@scrape/jobs';
import { errors, type Scraper } from '@scrape/scraper';
import {
  crawlOpenApiRoutes,
  ROBOTS_BLOCKED,
  type JobBilling,
  type StartJobWorkerOptions,
} from '@scrape/scraper/internal';
import { allows, FEATURE_ZERO_DATA_RETENTION, type Account } from '../accounts/account.js';
import { usagePeriod, type Accounts } from '../accounts/openAccounts.js';

/** The part of a `ws` socket the stream uses. */
interface StreamSocket {
  send(data: string): void;
  close(code?: number): void;
  on(event: 'close' | 'error', listener: () => void): void;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Documents per status page; the rest is behind `next` (the SDK follows it). */
export const STATUS_PAGE_DEFAULT = 100;
const STATUS_PAGE_MAX = 1_000;
const ERRORS_MAX = 10_000;
/** How often a WebSocket status stream looks for new documents. */
const STREAM_POLL_MS = 250;
/** What one `POST /v2/map` costs. */
export const MAP_CREDITS = 1;

interface IdParams {
  id: string;
}
interface PageQuery {
  skip?: string;
  limit?: string;
}

/** Which jobs a route family serves: crawl routes never answer for a batch id and the other way round. */
interface JobFamily {
  kind: 'crawl' | 'batch';
  path: string;
  endpoint: string;
  notFound: string;
}
const CRAWL: JobFamily = { kind: 'crawl', path: '/v2/crawl', endpoint: 'crawl', notFound: 'Crawl job not found' };
const BATCH: JobFamily = {
  kind: 'batch',
  path: '/v2/batch/scrape',
  endpoint: 'batch',
  notFound: 'Batch scrape job not found',
};

/**
 * Per-page billing of crawl and batch pages against the team's account (limited accounts only; see the job's
 * state).
 */
export function createJobBilling(accounts: Accounts | undefined): JobBilling | undefined {
  if (!accounts) return undefined;
  const reservation = (job: JobRecord, key: string) =>
    `${job.kind}:${job.id}:${createHash('sha1').update(key).digest('hex')}`;
  return {
    async reserve(job, item) {
      if (job.state.billed !== true) return true;
      return accounts.store.reserveCredits(job.team, 1, reservation(job, item.key));
    },
    async settle(job, item, credits) {
      if (job.state.billed !== true) return;
      // Counted in the team's usage (by month) in the same step that settles the balance.
      await accounts.store.settleCredits(job.team, reservation(job, item.key), Math.max(0, Math.ceil(credits)), {
        period: usagePeriod(new Date()),
      });
    },
    async acquireSlot(job, signal) {
      // The account's concurrency limit as it was when the job started (kept in the job's state).
      const limit = job.state.accountConcurrency;
      if (typeof limit !== 'number' || limit < 1) return null;
      return accounts.acquireJobSlot(job.team, limit, signal);
    },
  };
}

export interface CrawlRoutesOptions {
  scraper: Scraper;
  requireKey: Guard;
  accounts?: Accounts;
  /** Pages of crawls and batches this process scrapes at once (default 8, SCRAPE_JOB_WORKERS; 0: none here). */
  jobConcurrency?: number;
  /** Called after each page this process' worker commits (the metrics). */
  onCommitted?: StartJobWorkerOptions['onCommitted'];
}

/** Pages of crawls and batches a process scrapes at once when not told (SCRAPE_JOB_WORKERS; 0: none). */
export const DEFAULT_JOB_CONCURRENCY = 8;

/** The team a request acts for: the empty string when auth is off. */
const teamOf = (request: FastifyRequest) => request.team ?? '';

/** The job's starting state: whether its pages are billed, and the account's concurrency limit they count against. */
type JobStart = { billed: boolean; accountConcurrency?: number };
async function admit(accounts: Accounts | undefined, request: FastifyRequest, endpoint: string): Promise<JobStart> {
  const account: Account | null = request.account;
  if (!account) return { billed: false };
  const limits = account.concurrency !== null ? { accountConcurrency: account.concurrency } : {};
  if (!allows(account.endpoints, endpoint) && !allows(account.endpoints, 'scrape')) {
    throw errors.forbidden({ reason: `This key has no permission for the ${endpoint} endpoint.` });
  }
  const body = request.body as {
    zeroDataRetention?: unknown;
    scrapeOptions?: { zeroDataRetention?: unknown };
  } | null;
  if (
    (body?.zeroDataRetention === true || body?.scrapeOptions?.zeroDataRetention === true) &&
    !allows(account.features, FEATURE_ZERO_DATA_RETENTION)
  ) {
    throw errors.forbidden({ reason: 'Zero data retention is not enabled for this account.' });
  }
  if (!accounts || account.unlimitedCredits) return { billed: false, ...limits };
  if ((await accounts.store.balance(account.id)) <= 0) throw errors.paymentRequired();
  return { billed: true, ...limits };
}

/** The job's status URL, as the SDK polls it. */
const jobUrl = (request: FastifyRequest, family: JobFamily, id: string) =>
  `${request.protocol}://${request.host}${family.path}/${id}`;

/** The team's job of this family; another team's id, a malformed one or another kind is a 404. */
async function findJob(store: JobStore, family: JobFamily, id: string, team: string): Promise<JobRecord> {
  const job = /^[\w-]{1,128}$/.test(id) ? await store.getJob(id, team) : null;
  if (!job || job.kind !== family.kind) throw errors.notFound(family.notFound, 'JOB_NOT_FOUND');
  return job;
}

/** The status fields of a job as the SDK reads them (`running` is `scraping` there). */
function statusBody(job: JobRecord) {
  return {
    status: job.status === 'running' ? 'scraping' : job.status,
    total: job.total,
    completed: job.completed,
    creditsUsed: job.creditsUsed,
    expiresAt: new Date(job.expiresAt).toISOString(),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** Whether the job promised zero data retention (its pages go once handed out). */
function zeroDataRetention(job: JobRecord): boolean {
  return (job.params as { zeroDataRetention?: boolean }).zeroDataRetention === true;
}

// The SDK's watcher sends the API key as the WebSocket subprotocol (browsers cannot set Authorization).
const keyFromSubprotocol = async (request: FastifyRequest) => {
  const protocol = request.headers['sec-websocket-protocol'];
  if (!request.headers.authorization && typeof protocol === 'string' && protocol.trim()) {
    request.headers.authorization = `Bearer ${protocol.split(',')[0].trim()}`;
  }
};

/** What the read-only job routes need of the scraper's job runtime. */
type JobsAccess = Pick<NonNullable<Scraper['jobs']>, 'jobs'>;

/** GET of a job: its status and one page of its documents (`next` for the rest). */
async function readStatus(
  runtime: JobsAccess,
  request: FastifyRequest<{ Params: IdParams; Querystring: PageQuery }>,
  family: JobFamily,
) {
  const store = await runtime.jobs();
  const job = await findJob(store, family, request.params.id, teamOf(request));
  const skip = clampInt(request.query.skip, 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = clampInt(request.query.limit, STATUS_PAGE_DEFAULT, 1, STATUS_PAGE_MAX);
  const data = await store.readResults(job.id, { offset: skip, limit });
  const more = skip + data.length < job.completed;
  const next = more
    ? `${jobUrl(request, family, job.id)}?skip=${skip + data.length}${request.query.limit ? `&limit=${limit}` : ''}`
    : null;
  // Zero data retention: once a finished job's last page was handed out, nothing of it is kept.
  if (zeroDataRetention(job) && job.status !== 'running' && !more) await store.deleteJob(job.id);
  return { success: true, ...statusBody(job), next, data };
}

/** DELETE of a job: cancelled, its status answered. */
async function cancel(runtime: JobsAccess, request: FastifyRequest<{ Params: IdParams }>, family: JobFamily) {
  const store = await runtime.jobs();
  await findJob(store, family, request.params.id, teamOf(request));
  const job = await store.cancelJob(request.params.id, teamOf(request));
  if (!job) throw errors.notFound(family.notFound, 'JOB_NOT_FOUND');
  return { success: true, status: job.status === 'running' ? 'scraping' : job.status };
}

/** The job's failed pages, and apart from them the URLs robots.txt refused. */
async function readErrors(runtime: JobsAccess, request: FastifyRequest<{ Params: IdParams }>, family: JobFamily) {
  const store = await runtime.jobs();
  const job = await findJob(store, family, request.params.id, teamOf(request));
  const stored = await store.readErrors(job.id, { limit: ERRORS_MAX });
  const robotsBlocked: string[] = [];
  const list: { id: string; timestamp: string; url: string; code: string; error: string }[] = [];
  for (const e of stored) {
    const url = typeof e.url === 'string' ? e.url : e.key;
    if (e.code === ROBOTS_BLOCKED) robotsBlocked.push(url);
    else
      list.push({
        id: createHash('sha1').update(`${job.id}\n${e.key}`).digest('hex').slice(0, 24),
        timestamp: new Date(e.at).toISOString(),
        url,
        code: e.code,
        error: e.message,
      });
  }
  return { success: true, errors: list, robotsBlocked };
}

/** The stream's last message once the job stopped: `done`, `error` (failed) or `status` (cancelled). */
function streamEndMessage(job: JobRecord): Record<string, unknown> {
  if (job.status === 'completed') return { type: 'done', data: { ...statusBody(job), data: [] } };
  if (job.status === 'failed') return { type: 'error', error: job.error ?? 'The job failed', data: statusBody(job) };
  return { type: 'status', data: { ...statusBody(job), data: [] } };
}

/** The SDK watcher's stream: `catchup` (status + documents so far), `document` per new page, then the end. */
function streamJob(runtime: JobsAccess, family: JobFamily) {
  return async (socket: StreamSocket, request: FastifyRequest<{ Params: IdParams }>) => {
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => (closed = true));
    const send = (message: unknown) => {
      if (!closed) socket.send(JSON.stringify(message));
    };
    try {
      const store = await runtime.jobs();
      let job = await findJob(store, family, request.params.id, teamOf(request));
      let offset = 0;
      const first = await store.readResults(job.id, { offset: 0, limit: STATUS_PAGE_MAX });
      offset = first.length;
      send({ type: 'catchup', data: { ...statusBody(job), data: first } });
      while (!closed) {
        const fresh = await store.readResults(job.id, { offset, limit: STATUS_PAGE_MAX });
        offset += fresh.length;
        for (const doc of fresh) send({ type: 'document', data: doc });
        if (fresh.length > 0) continue;
        if (job.status !== 'running') {
          send(streamEndMessage(job));
          break;
        }
        await new Promise((r) => setTimeout(r, STREAM_POLL_MS));
        job = (await store.getJob(job.id, teamOf(request))) ?? { ...job, status: 'cancelled' };
      }
    } catch (error) {
      const message = (error as { error?: string }).error ?? 'Internal Server Error';
      send({ type: 'error', error: message });
    } finally {
      if (!closed) socket.close(1000);
    }
  };
}

/**
 * Crawl, batch scrape and map (what the Firecrawl SDK's crawl/batchScrape/map/watcher call): jobs on the scraper's
 * job store, so any process sharing the store can answer for any job. Another team's id is a 404 like an unknown one.
 * A Fastify plugin: it also runs this process' job worker (started when the server is ready, closed with it) and the
 * WebSocket plugin of the status stream.
 */
export async function registerCrawlRoutes(app: FastifyInstance, options: CrawlRoutesOptions): Promise<void> {
  const { scraper, requireKey, accounts } = options;
  // An embedder's own Scraper made before crawl existed has no job runtime: no crawl routes then (404 as before).
  const maybeRuntime = (scraper as Partial<Scraper>).jobs;
  if (!maybeRuntime) return;
  const runtime = maybeRuntime;
  for (const route of crawlOpenApiRoutes()) app.openapi.add(route);
  await app.register(websocket);
  const jobConcurrency = options.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    if (jobConcurrency > 0)
      worker = await runtime.startJobWorker({
        concurrency: jobConcurrency,
        billing: createJobBilling(accounts),
        onCommitted: options.onCommitted,
      });
  });
  app.addHook('onClose', async () => {
    await worker?.close();
  });

  for (const family of [CRAWL, BATCH]) {
    app.route<{ Params: IdParams; Querystring: PageQuery }>({
      method: 'GET',
      url: `${family.path}/:id`,
      onRequest: [keyFromSubprotocol, requireKey],
      handler: (request) => readStatus(runtime, request, family),
      wsHandler: streamJob(runtime, family) as never,
    });
    app.delete<{ Params: IdParams }>(`${family.path}/:id`, { onRequest: requireKey }, (request) =>
      cancel(runtime, request, family),
    );
    app.get<{ Params: IdParams }>(`${family.path}/:id/errors`, { onRequest: requireKey }, (request) =>
      readErrors(runtime, request, family),
    );
  }

  app.post('/v2/crawl', { onRequest: requireKey }, async (request) => {
    const job = await runtime.startCrawl(request.body, {
      team: teamOf(request),
      state: await admit(accounts, request, 'crawl'),
    });
    return { success: true, id: job.id, url: jobUrl(request, CRAWL, job.id) };
  });

  app.get('/v2/crawl/active', { onRequest: requireKey }, async (request) => {
    const store = await runtime.jobs();
    const jobs = await store.listJobs(teamOf(request), { kind: 'crawl', status: 'running' });
    return {
      success: true,
      crawls: jobs.map((job) => {
        const { url, webhook: _webhook, ...options } = job.params as { url: string; webhook?: unknown };
        return { id: job.id, teamId: job.team, url, options };
      }),
    };
  });

  app.post('/v2/crawl/params-preview', { onRequest: requireKey }, async (request) => ({
    success: true,
    data: await runtime.previewParams(request.body),
  }));

  app.post('/v2/batch/scrape', { onRequest: requireKey }, async (request) => {
    const state = await admit(accounts, request, 'batch');
    const { job, invalidURLs } = await runtime.startBatch(request.body, { team: teamOf(request), state });
    return {
      success: true,
      id: job.id,
      url: jobUrl(request, BATCH, job.id),
      ...(invalidURLs.length ? { invalidURLs } : {}),
    };
  });

  // Map costs 1 credit per call (the spec is silent; the peer documents 1 per map call, see docs/decisions.md), billed
  // through the scrape's path: permission, rate, the credit held before and settled after, a concurrency slot.
  app.post('/v2/map', { onRequest: requireKey }, async (request) => {
    const account: Account | null = request.account;
    if (!account || !accounts) {
      await admit(accounts, request, 'map');
      return { success: true, links: (await scraper.map(request.body, { team: teamOf(request) })).links };
    }
    const endpoint = allows(account.endpoints, 'map') ? 'map' : 'scrape';
    const admission = await accounts.admit(account, request.body, undefined, { endpoint, credits: MAP_CREDITS });
    try {
      const { links } = await scraper.map(request.body, { team: teamOf(request) });
      await admission.succeedWith(MAP_CREDITS);
      return { success: true, links };
    } catch (error) {
      await admission.fail(error);
      throw error;
    }
  });
}

function clampInt(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = value === undefined ? NaN : Number(value);
  if (!Number.isInteger(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}
