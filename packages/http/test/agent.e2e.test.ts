// Agent runs end to end through the Firecrawl SDK: the job queue (embedded), the real scraper against fixture pages
// on 127.0.0.1, and an OpenAI-compatible stand-in that answers with scripted tool_calls per task.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Firecrawl from '@mendable/firecrawl-js';
import { createJobStore } from '@scrape/jobs';
import {
  dropRedisPrefix,
  listenLocal,
  listenWebhooks,
  type LocalServer,
  waitFor,
  webhookSignature,
  type WebhookReceiver,
} from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  lastToolResult,
  startOpenAiDouble,
  toolCallCompletion,
  type OpenAiDouble,
  type RecordedRequest,
  type ScriptedReply,
} from '@scrape/test-support/openAiDouble';
import { openAccounts } from '../src/index.js';
import { issueTestKey } from './issueTestKey.js';
import { callApi as call, settledJob, startService, TEST_KEY, type Service } from './startService.js';

const OTHER_KEY = 'e2e-agent-other-team-key-0123456789';
const SCHEMA = {
  type: 'object',
  properties: { product: { type: 'string' }, price: { type: 'number' } },
  required: ['product', 'price'],
};

let site: LocalServer;
let llm: OpenAiDouble;
let svc: Service;
let bare: Service;
let client: Firecrawl;
/** Set by the cancel test: the slow model's turns wait for it. */
let releaseSlow: (() => void) | undefined;
const WEBHOOK_SECRET = 'whsec-agent-test';
let hooks: WebhookReceiver;

/** The stand-in model: what it answers depends on the task it was given (runs may overlap). */
function model(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages as { role: string; content: string }[];
  const task = messages.find((m) => m.role === 'user')?.content ?? '';
  const toolsSoFar = messages.filter((m) => m.role === 'tool').length;
  if (task.includes('kettle price')) {
    if (toolsSoFar === 0) return toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/kettle` } }]);
    const price = Number(/Price: ([\d.]+)/.exec(lastToolResult(req))?.[1]);
    return toolCallCompletion([{ name: 'finish', arguments: { data: { product: 'Steel kettle', price } } }]);
  }
  if (task.includes('through the map')) {
    if (toolsSoFar === 0)
      return toolCallCompletion([{ name: 'map', arguments: { url: `${site.origin}/`, search: 'kettle' } }]);
    if (toolsSoFar === 1) {
      // Scrape the first mapped page about kettles: only a map that really found it gets this far.
      const found = lastToolResult(req)
        .split('\n')
        .find((line) => line.includes('/kettle'));
      if (!found) return completion('{"error": "no kettle page in the map"}');
      return toolCallCompletion([{ name: 'scrape', arguments: { url: found.split(' ')[0] } }]);
    }
    const price = Number(/Price: ([\d.]+)/.exec(lastToolResult(req))?.[1]);
    return toolCallCompletion([{ name: 'finish', arguments: { data: { product: 'Steel kettle', price } } }]);
  }
  if (task.includes('stock count')) {
    if (toolsSoFar === 0) {
      return toolCallCompletion([
        {
          name: 'page_code',
          arguments: {
            url: `${site.origin}/reveal`,
            code: `await page.click('#more'); return page.textContent('#stock');`,
          },
        },
      ]);
    }
    const ran = JSON.parse(lastToolResult(req)) as { result: string };
    return toolCallCompletion([{ name: 'finish', arguments: { data: { stock: Number.parseInt(ran.result, 10) } } }]);
  }
  // "never stops": keeps scraping forever.
  if (task.includes('forever')) return toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]);
  return completion('I do not know this task');
}

async function settled(id: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const status = await client.getAgentStatus(id);
    if (status.status !== 'processing') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`agent ${id} never finished`);
}

beforeAll(async () => {
  site = await listenLocal((_req, res, path) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (path === '/kettle')
      return res.end('<!doctype html><title>Kettle</title><h1>Steel kettle</h1><p>Price: 34.50 EUR. In stock.</p>');
    if (path === '/reveal') {
      return res.end(
        `<!doctype html><title>Reveal</title><button id="more" onclick="document.getElementById('stock').textContent ` +
          `= '17 in stock'">more</button><p id="stock"></p>`,
      );
    }
    res.end('<!doctype html><title>Shop</title><h1>Shop</h1><p>See <a href="/kettle">our kettle</a>.</p>');
  });
  llm = await startOpenAiDouble();
  llm.fallback((req) => {
    const task =
      (req.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')?.content ?? '';
    if (task.includes('slowly')) {
      // Holds the turn until the test lets it go (or a second passes): the run is visibly in progress meanwhile.
      return {
        ...toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]),
        delayMs: releaseSlow ? 1_000 : 0,
      };
    }
    return model(req);
  });
  const llmOptions = { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1, maxRetries: 0 };
  svc = await startService({
    apiKeys: [TEST_KEY, OTHER_KEY],
    agent: { llm: llmOptions, maxSteps: 50, webhookSecret: WEBHOOK_SECRET },
  });
  hooks = await listenWebhooks();
  bare = await startService({ agent: { llm: false } });
  client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
}, 60_000);

afterAll(async () => {
  await Promise.all([svc?.close(), bare?.close()]);
  await Promise.all([site?.close(), llm?.close(), hooks?.close()]);
});

describe('an agent run through the SDK', () => {
  let finishedId = '';

  it('scrapes with its tool, completes with schema-valid data, and is listed, traced and snapshotted', async () => {
    const started = await client.startAgent({
      prompt: 'Find the kettle price',
      urls: [`${site.origin}/`],
      schema: SCHEMA,
      maxCredits: 50,
    });
    expect(started.success).toBe(true);
    expect(started.id).toMatch(/^[0-9a-f-]{36}$/);
    finishedId = started.id;
    const status = await settled(started.id);
    expect(status).toMatchObject({
      success: true,
      status: 'completed',
      data: { product: 'Steel kettle', price: 34.5 },
      creditsUsed: 3,
    });
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now());

    const trace = await client.getAgentTrace(started.id);
    expect(trace.success).toBe(true);
    const types = trace.events!.map((e) => e.type);
    expect(types[0]).toBe('run.started');
    expect(types.at(-1)).toBe('run.finished');
    expect(types).toEqual(expect.arrayContaining(['tool_call.started', 'tool_call.finished', 'artifact.updated']));
    expect(trace.events!.at(-1)).toMatchObject({ outcome: 'succeeded' });
    const result = trace.events!.filter((e) => e.type === 'artifact.updated').at(-1) as {
      artifact: { snapshotId: string; kind: string };
    };
    expect(result.artifact.kind).toBe('json');
    const snapshot = await client.getAgentSnapshot(started.id, result.artifact.snapshotId);
    expect(JSON.parse(snapshot.snapshot!)).toEqual({ product: 'Steel kettle', price: 34.5 });

    const list = await client.listAgents();
    expect(list.agents?.find((a) => a.id === started.id)).toMatchObject({
      status: 'completed',
      options: { prompt: 'Find the kettle price' },
    });
  });

  it('sends the webhook events asked for, signed, with the data on completion', async () => {
    const started = await client.startAgent({
      prompt: 'Find the kettle price',
      schema: SCHEMA,
      webhook: { url: `${hooks.origin}/hook`, metadata: { run: 'w1' }, events: ['started', 'completed'] },
    });
    await settled(started.id);
    const mine = () => hooks.deliveries.filter((r) => r.body.id === started.id);
    await waitFor(() => mine().length >= 2, 'the started and completed webhooks');
    const bodies = mine().map((r) => r.body);
    expect(bodies.map((b) => b.type).sort()).toEqual(['agent.completed', 'agent.started']);
    expect(bodies.find((b) => b.type === 'agent.completed')).toMatchObject({
      success: true,
      data: [{ product: 'Steel kettle', price: 34.5 }],
      metadata: { run: 'w1' },
    });
    for (const r of mine()) expect(r.headers['x-firecrawl-signature']).toBe(webhookSignature(WEBHOOK_SECRET, r.raw));
    const bad = await call(svc, 'POST', '/v2/agent', { prompt: 'x', webhook: { url: 'ftp://example.com/' } });
    expect(bad.status).toBe(400);
  });

  it('finds the page with its map tool, then scrapes it', async () => {
    const started = await client.startAgent({ prompt: 'Find what the kettle costs through the map', schema: SCHEMA });
    const status = await settled(started.id);
    expect(status).toMatchObject({
      status: 'completed',
      data: { product: 'Steel kettle', price: 34.5 },
      creditsUsed: 5,
    });
    const trace = await client.getAgentTrace(started.id);
    const tools = trace
      .events!.filter((e) => e.type === 'tool_call.started')
      .map((e) => (e as { toolName: string }).toolName);
    expect(tools).toEqual(['map', 'scrape']);
  });

  it('runs Playwright code on a page through its page_code tool (an unbilled interact session, closed after)', async () => {
    const started = await client.startAgent({
      prompt: 'Find the stock count after pressing more',
      schema: { type: 'object', properties: { stock: { type: 'integer' } }, required: ['stock'] },
    });
    const status = await settled(started.id);
    // 1 + 2 (page_code) + 1 credits.
    expect(status).toMatchObject({ status: 'completed', data: { stock: 17 }, creditsUsed: 4 });
    expect((await client.listBrowsers()).sessions).toEqual([]);
    const ended = (await client.listBrowsers({ status: 'destroyed' })).sessions ?? [];
    expect(ended.length).toBeGreaterThanOrEqual(1);
  });

  it('reaching maxCredits fails the run with no data, creditsUsed 0, and credit_limit_reached in the trace', async () => {
    const started = await client.startAgent({ prompt: 'Scrape the shop forever', maxCredits: 4 });
    const status = await settled(started.id);
    expect(status.status).toBe('failed');
    expect(status.data).toBeUndefined();
    expect(status.creditsUsed).toBe(0);
    expect(status.error).toMatch(/maxCredits/);
    const trace = await client.getAgentTrace(started.id);
    expect(trace.events!.at(-1)).toMatchObject({
      type: 'run.finished',
      outcome: 'credit_limit_reached',
      error: { code: 'credit_limit_reached' },
    });
    expect(trace.events!.find((e) => e.type === 'error.occurred')).toMatchObject({
      error: { code: 'credit_limit_reached', retryable: false },
    });
    expect(trace.creditsUsed).toBe(0);
  });

  it('cancelling a running agent fails it with a cancellation message; cancelling again or a finished run is 409', async () => {
    releaseSlow = () => {};
    try {
      const started = await client.startAgent({ prompt: 'Read the shop slowly' });
      // Wait until the run is really running (its trace has started).
      for (let i = 0; i < 600; i++) {
        const trace = await client.getAgentTrace(started.id);
        if (trace.events?.some((e) => e.type === 'run.started')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await client.cancelAgent(started.id)).toBe(true);
      const status = await client.getAgentStatus(started.id);
      expect(status).toMatchObject({ status: 'failed', creditsUsed: 0 });
      expect(status.error).toMatch(/cancelled/);
      const again = await call(svc, 'DELETE', `/v2/agent/${started.id}`);
      expect(again).toMatchObject({ status: 409, body: { success: false, error: 'Agent is already cancelled' } });
      const trace = await client.getAgentTrace(started.id);
      const types = trace.events!.map((e) => e.type);
      expect(types).toContain('run.cancel_requested');
      // The worker's own ending arrives once its aborted turn returns.
      let last = trace.events!.at(-1);
      for (let i = 0; i < 200 && !(last?.type === 'run.finished'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        last = (await client.getAgentTrace(started.id)).events!.at(-1);
      }
      expect(last).toMatchObject({ type: 'run.finished', outcome: 'cancelled', error: { code: 'cancelled' } });
    } finally {
      releaseSlow = undefined;
    }
    const finished = await call(svc, 'DELETE', `/v2/agent/${finishedId}`);
    expect(finished).toMatchObject({ status: 409, body: { success: false, error: 'Agent already finished' } });
  });
});

describe('agent errors (spec §7.2)', () => {
  it('ids: not a UUID is 400, unknown or another team’s is 404, snapshots likewise', async () => {
    for (const path of ['/v2/agent/not-a-uuid', '/v2/agent/not-a-uuid/trace', '/v2/agent/not-a-uuid/snapshots/x']) {
      expect(await call(svc, 'GET', path)).toMatchObject({
        status: 400,
        body: { success: false, error: 'Invalid job ID format. Job ID must be a valid UUID.' },
      });
    }
    expect(await call(svc, 'DELETE', '/v2/agent/not-a-uuid')).toMatchObject({ status: 400 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await call(svc, 'GET', `/v2/agent/${unknown}`)).toMatchObject({
      status: 404,
      body: { error: 'Agent job not found' },
    });
    const started = await call(svc, 'POST', '/v2/agent', { prompt: 'Find the kettle price', schema: SCHEMA });
    expect(started.status).toBe(200);
    expect(await call(svc, 'GET', `/v2/agent/${started.body.id}`, undefined, OTHER_KEY)).toMatchObject({
      status: 404,
      body: { error: 'Agent job not found' },
    });
    expect(await call(svc, 'DELETE', `/v2/agent/${started.body.id}`, undefined, OTHER_KEY)).toMatchObject({
      status: 404,
    });
    expect(
      (await call(svc, 'GET', '/v2/agent', undefined, OTHER_KEY)).body.agents.some(
        (a: { id: string }) => a.id === started.body.id,
      ),
    ).toBe(false);
    await settled(started.body.id);
    expect(await call(svc, 'GET', `/v2/agent/${started.body.id}/snapshots/nope`)).toMatchObject({
      status: 400,
      body: { error: 'Invalid snapshot ID' },
    });
    expect(await call(svc, 'GET', `/v2/agent/${started.body.id}/snapshots/${unknown}`)).toMatchObject({
      status: 404,
      body: { error: 'Snapshot not found' },
    });
  });

  it('validation names the field; without a model the clear 400', async () => {
    const missing = await call(svc, 'POST', '/v2/agent', { urls: ['not a url'] });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.details)).toMatch(/prompt/);
    expect(JSON.stringify(missing.body.details)).toMatch(/urls/);
    const noModel = await call(bare, 'POST', '/v2/agent', { prompt: 'x' });
    expect(noModel).toMatchObject({ status: 400, body: { code: 'SCRAPE_LLM_NOT_CONFIGURED' } });
  });

  it('a team with enforced zero data retention is refused with the spec string', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-agent-acct-'));
    const accounts = await openAccounts({ dataDir });
    const zdr = await startService({ accounts, agent: { llm: { baseUrl: llm.baseUrl, model: 'm' } } });
    try {
      const { key } = await issueTestKey(accounts, {
        id: 'acct-zdr',
        endpoints: ['*'],
        features: ['enforcedZeroDataRetention'],
        unlimitedCredits: true,
      });
      const refused = await call(zdr, 'POST', '/v2/agent', { prompt: 'Find the kettle price' }, key);
      expect(refused).toMatchObject({
        status: 400,
        body: { success: false, error: 'Your team has zero data retention enabled. This is not supported on extract.' },
      });
    } finally {
      await zdr.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('agent runs across processes and accounts', () => {
  it('on Redis (BullMQ), a run created on one service is read, finished and listed on another', async () => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `test-agent-${randomUUID()}:`;
    const llmOptions = { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1, maxRetries: 0 };
    const storeA = await createJobStore({ redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    const storeB = await createJobStore({ redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    const a = await startService({ agent: { llm: llmOptions, jobs: storeA } });
    const b = await startService({ agent: { llm: llmOptions, jobs: storeB } });
    try {
      const started = await call(a, 'POST', '/v2/agent', { prompt: 'Find the kettle price', schema: SCHEMA });
      expect(started.status).toBe(200);
      const status = await settledJob(b, `/v2/agent/${started.body.id}`);
      expect(status).toMatchObject({ status: 'completed', data: { product: 'Steel kettle', price: 34.5 } });
      expect((await call(b, 'GET', '/v2/agent')).body.agents.map((x: { id: string }) => x.id)).toContain(
        started.body.id,
      );
      expect((await call(a, 'GET', `/v2/agent/${started.body.id}/trace`)).body.events.at(-1)).toMatchObject({
        type: 'run.finished',
        outcome: 'succeeded',
      });
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([storeA.close(), storeB.close()]);
      await dropRedisPrefix(prefix, REDIS_URL);
    }
  });

  it("a completed run's credits are taken from the account; an empty balance cannot start one (402)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-agent-bill-'));
    const accounts = await openAccounts({ dataDir });
    const billed = await startService({
      accounts,
      agent: { llm: { baseUrl: llm.baseUrl, model: 'm', retryBaseMs: 1, maxRetries: 0 } },
    });
    try {
      const { key } = await issueTestKey(accounts, { id: 'acct-agent', endpoints: ['agent'] }, 10);
      const started = await call(billed, 'POST', '/v2/agent', { prompt: 'Find the kettle price', schema: SCHEMA }, key);
      expect(started.status).toBe(200);
      const status = await settledJob(billed, `/v2/agent/${started.body.id}`, key);
      expect(status).toMatchObject({ status: 'completed', creditsUsed: 3 });
      expect(await accounts.store.balance('acct-agent')).toBe(7);
      // A key without the agent permission is 403.
      const { key: other } = await issueTestKey(accounts, { id: 'acct-noagent', unlimitedCredits: true });
      expect((await call(billed, 'POST', '/v2/agent', { prompt: 'x' }, other)).status).toBe(403);
      await accounts.store.addCredits('acct-agent', -7);
      const broke = await call(billed, 'POST', '/v2/agent', { prompt: 'Find the kettle price' }, key);
      expect(broke).toMatchObject({ status: 402, body: { error: 'Payment Required: Insufficient credits' } });
    } finally {
      await billed.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
