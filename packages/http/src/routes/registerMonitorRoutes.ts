import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Scraper } from '@scrape/scraper';
import { resolveStoreHome, type OpenApiRoute } from '@scrape/scraper/internal';
import { allows, type Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { createMonitors, type Monitors } from '../monitor/createMonitors.js';
import { createMonitorSchema, updateMonitorSchema } from '../monitor/monitorRequest.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Monitors or checks one list call returns at most. */
const LIST_MAX = 100;
const LIST_DEFAULT = 20;
const PAGES_MAX = 1_000;
const PAGES_DEFAULT = 100;

export interface MonitorRoutesOptions {
  scraper: Scraper;
  requireKey: Guard;
  accounts?: Accounts;
  /** Where monitors live and which scheduler runs them (the scraper's home: Redis or the data directory). */
  dataDir?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  /** Shortest schedule accepted (default one minute). */
  minIntervalMs?: number;
  /** False: this process fires no scheduled checks. */
  schedule?: boolean;
  allowPrivateUrls?: boolean;
  webhookSecret?: string;
}

/** A monitor scrapes (`monitor` or `scrape` permission); search targets need `search`, as POST /v2/search does. */
function mayUseMonitor(account: Account | null, body?: unknown): void {
  if (!account) return;
  if (!allows(account.endpoints, 'monitor') && !allows(account.endpoints, 'scrape')) {
    throw errors.forbidden({ reason: 'This key has no permission for the monitor endpoint.' });
  }
  const targets = (body as { targets?: unknown } | null)?.targets;
  const searches = Array.isArray(targets) && targets.some((t) => (t as { type?: unknown })?.type === 'search');
  if (searches && !allows(account.endpoints, 'search')) {
    throw errors.forbidden({ reason: 'This key has no permission for the search endpoint (a search target).' });
  }
}

function int(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw errors.badRequest(`Bad Request: ${name}: must be an integer from ${min} to ${max}`, [
      { code: 'invalid_value', path: [name], message: `must be an integer from ${min} to ${max}` },
    ]);
  }
  return n;
}

const MONITOR_ID = { id: 'The monitor id.' };
const NOT_FOUND = "`Monitor not found` (unknown, deleted, or another team's).";

/** The monitor routes in the OpenAPI document (shapes of the Firecrawl SDK 4.42's Monitor* types). */
export function monitorOpenApiRoutes(): OpenApiRoute[] {
  const page = {
    limit: { description: `At most this many (1-${LIST_MAX}, default ${LIST_DEFAULT}).` },
    offset: { description: 'Skip this many.' },
  };
  return [
    {
      method: 'post',
      path: '/v2/monitor',
      operationId: 'createMonitor',
      summary:
        'Create a monitor: targets (scrape URLs, a crawl, search queries) checked on a cron or plain-text schedule.',
      requestBody: { name: 'CreateMonitorRequest', schema: createMonitorSchema },
      responses: { '200': { description: '`{success, data: Monitor}`.' } },
      errors: {
        '400': 'Validation failed (`code` BAD_REQUEST, BAD_REQUEST_INVALID_SCHEDULE, BAD_REQUEST_INVALID_WEBHOOK).',
        '403': 'Forbidden.',
      },
    },
    {
      method: 'get',
      path: '/v2/monitor',
      operationId: 'listMonitors',
      summary: "The team's monitors, newest first.",
      query: page,
      responses: { '200': { description: '`{success, data: Monitor[]}`.' } },
    },
    {
      method: 'get',
      path: '/v2/monitor/{id}',
      operationId: 'getMonitor',
      summary: 'A monitor.',
      pathParams: MONITOR_ID,
      responses: { '200': { description: '`{success, data: Monitor}`.' } },
      errors: { '404': NOT_FOUND },
    },
    {
      method: 'patch',
      path: '/v2/monitor/{id}',
      operationId: 'updateMonitor',
      summary: 'Change a monitor; `status: "paused"` stops its schedule, `"active"` resumes it.',
      pathParams: MONITOR_ID,
      requestBody: { name: 'UpdateMonitorRequest', schema: updateMonitorSchema },
      responses: { '200': { description: '`{success, data: Monitor}`.' } },
      errors: { '400': 'Validation failed.', '404': NOT_FOUND },
    },
    {
      method: 'delete',
      path: '/v2/monitor/{id}',
      operationId: 'deleteMonitor',
      summary: 'Delete a monitor and its check history.',
      pathParams: MONITOR_ID,
      responses: { '200': { description: '`{success: true}`.' } },
      errors: { '404': NOT_FOUND },
    },
    {
      method: 'post',
      path: '/v2/monitor/{id}/run',
      operationId: 'runMonitor',
      summary:
        'Start a check now (runs in the background; `skipped_overlap` / `skipped_no_credits` are answered at once).',
      pathParams: MONITOR_ID,
      responses: { '200': { description: '`{success, data: MonitorCheck}`.' } },
      errors: { '404': NOT_FOUND },
    },
    {
      method: 'get',
      path: '/v2/monitor/{id}/checks',
      operationId: 'listMonitorChecks',
      summary: "The monitor's checks, newest first (kept retentionDays).",
      pathParams: MONITOR_ID,
      query: page,
      responses: { '200': { description: '`{success, data: MonitorCheck[]}`.' } },
      errors: { '404': NOT_FOUND },
    },
    {
      method: 'get',
      path: '/v2/monitor/{id}/checks/{checkId}',
      operationId: 'getMonitorCheck',
      summary: 'A check with its pages (`new|same|changed|removed|error`) and diffs; `next` pages through the rest.',
      pathParams: { ...MONITOR_ID, checkId: 'The check id.' },
      query: {
        skip: { description: 'Pages to skip.' },
        limit: { description: `Pages per response (1-${PAGES_MAX}, default ${PAGES_DEFAULT}).` },
        status: { description: 'Only pages with this status.' },
      },
      responses: { '200': { description: '`{success, data: MonitorCheckDetail, next}`.' } },
      errors: { '404': `${NOT_FOUND} or \`Monitor check not found\`.` },
    },
  ];
}

/**
 * Monitors (what the Firecrawl SDK's createMonitor, listMonitors, getMonitor, updateMonitor, deleteMonitor,
 * runMonitor, listMonitorChecks and getMonitorCheck call). Another team's monitor answers 404 like an unknown one.
 */
export function registerMonitorRoutes(app: FastifyInstance, options: MonitorRoutesOptions): void {
  // An embedder's Scraper made before jobs existed has no crawl runtime: no monitor routes then (404 as before).
  if (!(options.scraper as Partial<Scraper>).jobs) return;
  for (const route of monitorOpenApiRoutes()) app.openapi.add(route);
  const { requireKey } = options;
  let monitors: Monitors | undefined;
  const ready = (): Monitors => {
    if (!monitors) throw errors.unavailable('Service Unavailable', { reason: 'monitors are not open yet' });
    return monitors;
  };
  app.addHook('onReady', async () => {
    // The scraper's stores first: an unreachable Redis or unwritable data dir is reported by them, as before monitors.
    await options.scraper.ready?.();
    monitors = await createMonitors({
      scraper: options.scraper,
      home: resolveStoreHome(options),
      accounts: options.accounts,
      log: app.log,
      minIntervalMs: options.minIntervalMs,
      schedule: options.schedule,
      allowPrivateUrls: options.allowPrivateUrls,
      webhookSecret: options.webhookSecret,
    });
    await monitors.start();
  });
  // Registered before createServer's own onClose (which closes the scraper the checks use).
  app.addHook('onClose', async () => {
    await monitors?.close();
  });
  app.decorate('monitors', () => monitors);

  const team = (request: FastifyRequest) => request.team ?? '';
  type Id = { Params: { id: string } };
  type Paged = { Querystring: { limit?: string; offset?: string } };

  app.post('/v2/monitor', { onRequest: requireKey }, async (request) => {
    mayUseMonitor(request.account, request.body);
    return { success: true, data: await ready().create(request.body, team(request)) };
  });
  app.get<Paged>('/v2/monitor', { onRequest: requireKey }, async (request) => {
    const limit = int(request.query.limit, LIST_DEFAULT, 1, LIST_MAX, 'limit');
    const offset = int(request.query.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset');
    return { success: true, data: await ready().list(team(request), offset, limit) };
  });
  app.get<Id>('/v2/monitor/:id', { onRequest: requireKey }, async (request) => ({
    success: true,
    data: await ready().get(request.params.id, team(request)),
  }));
  app.patch<Id>('/v2/monitor/:id', { onRequest: requireKey }, async (request) => {
    mayUseMonitor(request.account, request.body);
    return { success: true, data: await ready().update(request.params.id, request.body, team(request)) };
  });
  app.delete<Id>('/v2/monitor/:id', { onRequest: requireKey }, async (request) => {
    await ready().remove(request.params.id, team(request));
    return { success: true };
  });
  app.post<Id>('/v2/monitor/:id/run', { onRequest: requireKey }, async (request) => {
    mayUseMonitor(request.account);
    return { success: true, data: await ready().run(request.params.id, team(request)) };
  });
  app.get<Id & Paged>('/v2/monitor/:id/checks', { onRequest: requireKey }, async (request) => {
    const limit = int(request.query.limit, LIST_DEFAULT, 1, LIST_MAX, 'limit');
    const offset = int(request.query.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset');
    return { success: true, data: await ready().listChecks(request.params.id, team(request), offset, limit) };
  });
  app.get<{ Params: { id: string; checkId: string }; Querystring: { skip?: string; limit?: string; status?: string } }>(
    '/v2/monitor/:id/checks/:checkId',
    { onRequest: requireKey },
    async (request) => {
      const skip = int(request.query.skip, 0, 0, Number.MAX_SAFE_INTEGER, 'skip');
      const limit = int(request.query.limit, PAGES_DEFAULT, 1, PAGES_MAX, 'limit');
      const status = request.query.status;
      if (status !== undefined && !['new', 'same', 'changed', 'removed', 'error'].includes(status)) {
        throw errors.badRequest('Bad Request: status: must be one of new, same, changed, removed, error', [
          { code: 'invalid_value', path: ['status'], message: 'unknown status' },
        ]);
      }
      const { params } = request;
      const { check, nextSkip } = await ready().getCheck(params.id, params.checkId, team(request), {
        skip,
        limit,
        status,
      });
      const base = `${request.protocol}://${request.host}/v2/monitor/${params.id}/checks/${params.checkId}`;
      const query = (s: number) => `?skip=${s}&limit=${limit}${status ? `&status=${status}` : ''}`;
      const next = nextSkip === null ? null : base + query(nextSkip);
      return { success: true, data: { ...check, next }, next };
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The monitors service once the server is ready (tests wait on its checks with `idle()`). */
    monitors(): Monitors | undefined;
  }
}
